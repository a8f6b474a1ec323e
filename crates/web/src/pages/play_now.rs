//! The "play now" panel of the home page and the lobby: a player count (or any), a pace (the
//! lobby's time controls) and, if wanted, a bot for the last seat after a wait; one button to
//! wait, one to stop. The script shows the wait, asks the server every second while it lasts
//! (a live pool keeps only the people whose page asks) and opens the table once it is ready.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use crate::i18n::Lang;

/// Where the panel sends its requests.
pub const PLAY_NOW_API: &str = "/api/play-now";

/// The paces a person may wait for, by the names the server knows, with their words: the
/// lobby's live and turn-based time controls.
pub(crate) fn paces(lang: Lang) -> Vec<(String, String)> {
    let mut paces = vec![
        ("live-20".to_string(), lang.tr("lobby-time-live")),
        ("live-5".to_string(), lang.tr("lobby-time-live-fast")),
    ];
    for days in 1..=3u32 {
        paces.push((
            format!("days-{days}"),
            lang.tr_args("lobby-time-days", &[("days", FluentValue::from(days))]),
        ));
    }
    paces
}

/// The panel.
pub fn play_now_panel(lang: Lang) -> Markup {
    html! {
        section class="card play-now" id="play-now" data-api=(PLAY_NOW_API)
            data-pool=(lang.tr("play-now-pool")) data-waiting=(lang.tr("play-now-waiting"))
            data-seating=(lang.tr("play-now-seating")) {
            h2 { (lang.tr("play-now-title")) }
            form id="play-now-form" novalidate {
                label for="play-now-players" { (lang.tr("create-players")) }
                select id="play-now-players" name="players" {
                    option value="any" selected { (lang.tr("play-now-any")) }
                    @for n in 2..=4u8 { option value=(n) { (n) } }
                }
                label for="play-now-pace" { (lang.tr("play-now-pace")) }
                select id="play-now-pace" name="pace" {
                    @for (value, words) in paces(lang) { option value=(value) { (words) } }
                }
                label for="play-now-bot" { (lang.tr("play-now-bot")) }
                select id="play-now-bot" name="bot" {
                    option value="" selected { (lang.tr("play-now-bot-never")) }
                    @for minutes in [1u32, 2, 5] {
                        option value=(minutes * 60) {
                            (lang.tr_args("play-now-bot-after", &[("minutes", FluentValue::from(minutes))]))
                        }
                    }
                }
                p class="hint" { (lang.tr("play-now-note")) }
                p class="form-error" role="alert" hidden {}
                button type="submit" class="primary" id="play-now-button" data-working=(lang.tr("form-working")) {
                    (lang.tr("play-now-submit"))
                }
            }
            div class="play-now-waiting" hidden {
                p class="play-now-status" role="status" aria-live="polite" {}
                ul class="play-now-pools" {}
                button type="button" class="play-now-cancel" { (lang.tr("play-now-cancel")) }
            }
        }
    }
}
