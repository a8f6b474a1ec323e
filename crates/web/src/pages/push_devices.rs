//! The settings page's part on Web Push: the devices told of the person's games, each with its
//! name and a button to remove it, and a button that adds the device the page is open on (the
//! browser script subscribes it with the server's key and hands the subscription over).

use maud::{html, Markup};

use crate::i18n::Lang;

/// Where the script reads the server's key (`GET`).
pub const PUSH_KEY_API: &str = "/api/push/key";
/// Where the script adds a device (`POST`), and lists them.
pub const PUSH_DEVICES_API: &str = "/api/push/devices";

/// One device as the list shows it.
pub struct DeviceLine {
    /// Its id.
    pub id: String,
    /// Its name.
    pub label: String,
    /// When it was added, as a date.
    pub added: String,
    /// When a message last reached it, if one did.
    pub last_sent: Option<String>,
}

/// The part on devices.
pub fn push_devices_section(lang: Lang, devices: &[DeviceLine]) -> Markup {
    html! {
        h2 id="devices" { (lang.tr("push-devices-title")) }
        p { (lang.tr("push-devices-intro")) }
        p {
            button type="button" class="button" id="push-subscribe" hidden
                data-key-api=(PUSH_KEY_API) data-api=(PUSH_DEVICES_API) {
                (lang.tr("push-subscribe"))
            }
        }
        p id="push-unsupported" class="notice" hidden { (lang.tr("push-unsupported")) }
        p id="push-denied" class="notice" hidden { (lang.tr("push-denied")) }
        p class="form-error push-error" role="alert" hidden {}
        div id="device-list" {
            @if devices.is_empty() {
                p id="no-devices" { (lang.tr("push-devices-none")) }
            } @else {
                table class="devices" {
                    thead {
                        tr {
                            th scope="col" { (lang.tr("push-device-name")) }
                            th scope="col" { (lang.tr("push-device-added")) }
                            th scope="col" { (lang.tr("push-device-last")) }
                            th scope="col" { span class="visually-hidden" { (lang.tr("push-device-actions")) } }
                        }
                    }
                    tbody {
                        @for device in devices {
                            tr data-device-id=(device.id) {
                                td { (device.label) }
                                td { (device.added) }
                                td { (device.last_sent.as_deref().unwrap_or("–")) }
                                td {
                                    button type="button" class="button"
                                        data-remove-device=(format!("{PUSH_DEVICES_API}/{}/remove", device.id))
                                        aria-label=(lang.tr_args("push-device-remove-named", &[("name", device.label.as_str().into())])) {
                                        (lang.tr("push-device-remove"))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
