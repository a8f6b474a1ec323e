//! The mail settings page, and the page an unsubscribe link opens (it works without logging in).

use maud::html;

use super::bot_account::{bot_account_section, BotAccount};
use super::forced_steps::forced_steps_toggle;
use super::layout::{document, Page};
use super::push_devices::{push_devices_section, DeviceLine};
use super::vacation::{vacation_section, VacationPart};
use super::webhooks::{webhooks_section, Webhooks};
use crate::i18n::Lang;

/// What the settings form shows.
pub struct MailForm {
    /// The address, or empty.
    pub email: String,
    /// The language of the mails.
    pub language: Lang,
    /// The kinds wanted: your turn, game started, game ended, clock runs out, asked to play
    /// again.
    pub wanted: [bool; 5],
    /// Whether this server sends mail at all.
    pub sends_mail: bool,
}

/// The names of the form's check boxes, in the order of [`MailForm::wanted`]; also the fields
/// of the settings API.
pub const MAIL_KINDS: [&str; 5] = [
    "your_turn",
    "game_started",
    "game_ended",
    "clock_low",
    "rematch",
];

const KIND_LABELS: [&str; 5] = [
    "settings-your-turn",
    "settings-started",
    "settings-ended",
    "settings-clock",
    "settings-rematch",
];

/// Where the script stores the export switch (`POST`, `{"anonymous": bool}`).
pub const EXPORT_SETTINGS_API: &str = "/api/settings/export";

/// `/settings`: where and which mails a person gets, their webhooks (none for a bot account),
/// the devices told of their games (Web Push), whether forced steps are played for them, how
/// this browser shows their games (board or text, `text_mode`: the choice shown), their
/// vacations (a person's account only), whether they appear as "anonymous" in the exports of
/// finished games, and the account as a bot account ([`BotAccount`]).
pub fn settings(
    lang: Lang,
    user: Option<&str>,
    csrf: &str,
    (form, webhooks): (&MailForm, Option<&Webhooks>),
    devices: &[DeviceLine],
    (plays_forced_steps, anonymous_in_exports, text_mode): (bool, bool, bool),
    (vacation, bot): (Option<&VacationPart>, &BotAccount),
) -> String {
    let page = Page::new(lang, user, csrf, "settings");
    let title = lang.tr("settings-title");
    document(
        &page,
        &title,
        html! {
            section class="narrow" {
                h1 { (title) }
                p { (lang.tr("settings-intro")) }
                @if !form.sends_mail {
                    p class="notice" id="no-mail" { (lang.tr("settings-no-mail")) }
                }
                form id="settings-form" class="stack" data-api="/api/settings" {
                    label for="email" { (lang.tr("settings-email")) }
                    input type="email" id="email" name="email" maxlength="254"
                        autocomplete="email" value=(form.email);
                    label for="language" { (lang.tr("settings-language")) }
                    select id="language" name="language" {
                        @for other in Lang::ALL {
                            option value=(other.code()) selected[other == form.language] {
                                (other.native_name())
                            }
                        }
                    }
                    fieldset {
                        legend { (lang.tr("settings-kinds")) }
                        @for (i, name) in MAIL_KINDS.iter().enumerate() {
                            label class="check" {
                                input type="checkbox" name=(name) checked[form.wanted[i]];
                                " " (lang.tr(KIND_LABELS[i]))
                            }
                        }
                    }
                    p class="form-error" role="alert" {}
                    p class="form-done" role="status" hidden { (lang.tr("settings-saved")) }
                    button type="submit" class="button primary" { (lang.tr("settings-save")) }
                }
                @if let Some(webhooks) = webhooks {
                    (webhooks_section(lang, webhooks))
                }
                (push_devices_section(lang, devices))
                h2 { (lang.tr("settings-play")) }
                p { (forced_steps_toggle(lang, plays_forced_steps)) }
                h2 id="table-mode" { (lang.tr("settings-table-title")) }
                p { (lang.tr("settings-table-intro")) }
                // The choice is a cookie of this browser, set by the page that `?table=` opens.
                @let (board, text) = (lang.tr("settings-table-board"), lang.tr("settings-table-text"));
                p id="table-mode-now" {
                    (lang.tr_args("settings-table-now", &[("choice", (if text_mode { &text } else { &board }).as_str().into())]))
                }
                p {
                    a class={ "button" @if !text_mode { " primary" } } href="?table=board#table-mode"
                        aria-current=[(!text_mode).then_some("true")] { (board) }
                    " "
                    a class={ "button" @if text_mode { " primary" } } href="?table=text#table-mode"
                        aria-current=[text_mode.then_some("true")] { (text) }
                }
                @if let Some(vacation) = vacation {
                    (vacation_section(lang, vacation))
                }
                h2 { (lang.tr("settings-open-data")) }
                p { (lang.tr("settings-open-data-intro")) }
                p {
                    label class="check export-anonymous" {
                        input type="checkbox" id="export-anonymous"
                            data-setting-api=(EXPORT_SETTINGS_API) data-setting-field="anonymous"
                            checked[anonymous_in_exports];
                        " " (lang.tr("settings-export-anonymous"))
                    }
                }
                (bot_account_section(lang, bot))
            }
        },
    )
}

/// Where an unsubscribe link stands.
pub enum Unsubscribe<'a> {
    /// Asks to confirm (a link opened by a mail scanner changes nothing): the account's name.
    Ask(&'a str),
    /// Done: the account's name.
    Done(&'a str),
    /// No account has this link.
    Unknown,
}

/// `/unsubscribe/{token}`.
pub fn unsubscribe(lang: Lang, user: Option<&str>, csrf: &str, state: &Unsubscribe) -> String {
    let page = Page::new(lang, user, csrf, "unsubscribe");
    let title = lang.tr("unsubscribe-title");
    document(
        &page,
        &title,
        html! {
            section class="narrow" {
                h1 { (title) }
                @match state {
                    Unsubscribe::Ask(name) => {
                        p { (lang.tr_args("unsubscribe-ask", &[("name", (*name).into())])) }
                        // A plain form: it works without the script and without a session.
                        form method="post" {
                            button type="submit" class="button primary" { (lang.tr("unsubscribe-confirm")) }
                        }
                    }
                    Unsubscribe::Done(name) => {
                        p id="unsubscribed" { (lang.tr_args("unsubscribe-done", &[("name", (*name).into())])) }
                    }
                    Unsubscribe::Unknown => {
                        p class="error-message" { (lang.tr("unsubscribe-unknown")) }
                    }
                }
            }
        },
    )
}
