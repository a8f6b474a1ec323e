//! The chat panel beside the table: the lines so far (drawn here, as text), and on a live game a
//! field, the quick phrases and a mute button per author. In a replay each line carries the step
//! it was written at, and the script shows the lines up to the step on view.
//!
//! The chat stands below the table, so a live game also has a button that stays in view and
//! leads to it ([`jump`]): the script counts on it the lines that came while the chat was out of
//! view, says that count politely to screen readers, and clears it once the chat is seen.

use maud::{html, Markup};

use crate::i18n::Lang;

/// One chat line as the page shows it.
pub struct ChatEntry {
    /// Its number in the game's chat.
    pub idx: u64,
    /// The author's name.
    pub name: String,
    /// Whether the author was watching rather than playing.
    pub spectator: bool,
    /// Actions in the log when it was written.
    pub step: u64,
    /// What it says, in the reader's language for a quick phrase.
    pub text: String,
}

/// The quick phrases offered, by key (their text is `phrase-KEY`).
pub struct Phrases<'a>(pub &'a [&'a str]);

/// The chat panel: `phrases` given for a live game (with the field), `None` in a replay.
pub fn panel(
    lang: Lang,
    user: Option<&str>,
    lines: &[ChatEntry],
    phrases: Option<Phrases>,
) -> Markup {
    html! {
        aside class="chat" id="chat" aria-label=(lang.tr("chat-title"))
            data-mute-label=(lang.tr("chat-mute")) data-spectator=(lang.tr("chat-spectator")) {
            h2 { (lang.tr("chat-title")) }
            ol class="chat-lines" aria-live="polite" {
                @for line in lines {
                    (entry(lang, user, line, phrases.is_some()))
                }
            }
            @if let Some(Phrases(keys)) = phrases {
                form class="chat-form" novalidate {
                    input type="text" name="text" maxlength="500" autocomplete="off"
                        aria-label=(lang.tr("chat-placeholder")) placeholder=(lang.tr("chat-placeholder"));
                    button type="submit" { (lang.tr("chat-send")) }
                }
                div class="chat-phrases" {
                    @for key in keys {
                        button type="button" data-phrase=(key) { (lang.tr(&format!("phrase-{key}"))) }
                    }
                }
                p class="chat-error" role="alert" hidden {}
            }
        }
    }
}

/// The button that leads to the chat, with the count of unread lines (empty and hidden until
/// the script counts one) and, apart, the polite announcement of that count.
pub fn jump(lang: Lang) -> Markup {
    html! {
        // The count's words with a gap, "{n}", that the script fills.
        a class="chat-jump" href="#chat" data-unread=(lang.tr_args("chat-unread", &[("count", "{n}".into())])) {
            (lang.tr("chat-title"))
            " "
            span class="chat-unread" aria-hidden="true" hidden {}
        }
        span class="visually-hidden chat-unread-status" role="status" aria-live="polite" {}
    }
}

fn entry(lang: Lang, user: Option<&str>, line: &ChatEntry, live: bool) -> Markup {
    html! {
        li data-idx=(line.idx) data-step=(line.step) data-name=(line.name) {
            span class="chat-name" { (line.name) }
            @if line.spectator {
                " " span class="chat-role muted small" { "(" (lang.tr("chat-spectator")) ")" }
            }
            ": "
            span class="chat-text" { (line.text) }
            @if live && user != Some(line.name.as_str()) {
                " " button type="button" class="link chat-mute" data-mute=(line.name) { (lang.tr("chat-mute")) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_text_is_shown_as_text() {
        let line = ChatEntry {
            idx: 0,
            name: "<b>eve</b>".into(),
            spectator: false,
            step: 3,
            text: "<script>alert(1)</script>".into(),
        };
        let html = panel(Lang::En, None, &[line], Some(Phrases(&["thanks"]))).into_string();
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("&lt;b&gt;eve&lt;/b&gt;"));
        assert!(html.contains("data-phrase=\"thanks\""));
    }

    #[test]
    fn the_button_to_the_chat_has_an_empty_count_and_a_polite_status_in_every_language() {
        for lang in Lang::ALL {
            let html = jump(lang).into_string();
            assert!(html.contains("href=\"#chat\""), "{html}");
            assert!(
                html.contains("<span class=\"chat-unread\" aria-hidden=\"true\" hidden></span>")
            );
            assert!(html.contains("role=\"status\" aria-live=\"polite\""));
            assert!(lang.has("chat-unread"), "{lang:?}");
            assert!(
                html.contains("{n}"),
                "{lang:?}: the gap for the count: {html}"
            );
        }
        let panel = panel(Lang::En, None, &[], None).into_string();
        assert!(
            panel.contains("id=\"chat\""),
            "the button's target: {panel}"
        );
    }
}
