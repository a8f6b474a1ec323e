//! The text mode's pages. The game page: the text table, kept current over the WebSocket
//! (`?format=text`), then the command field, the answers and what the others did, each read
//! out politely, and the history of both. The replay page: the text table at one step of a
//! finished game, stepped by command (each step fetched as `?format=text`), its story read out.

use helvetia_engine::Seat;
use maud::{html, Markup, PreEscaped};

use crate::i18n::Lang;
use crate::pages::layout::{document, Page};

/// The cookie (and query parameter) that chooses the table: `text` or `board`.
pub const TABLE_MODE_COOKIE: &str = "table";

/// What the text game page shows.
pub struct TextGame<'a> {
    /// The game's id.
    pub game_id: &'a str,
    /// The viewer's seat, if they play.
    pub seat: Option<Seat>,
    /// The text table as first rendered ([`crate::render_text_table`]).
    pub initial_html: &'a str,
}

/// `/games/{id}` for a person who chose the text mode.
pub fn text_game(lang: Lang, user: Option<&str>, csrf: &str, game: &TextGame) -> String {
    let page = Page::new(lang, user, csrf, "text-game");
    let title = lang.tr_args("game-title", &[("id", game.game_id.into())]);
    document(
        &page,
        &title,
        html! {
            h1 { (title) }
            p { a href="?table=board" { (lang.tr("text-mode-board")) } }
            p class="error-banner" role="alert" hidden {}
            div id="text-table" data-game-id=(game.game_id) data-seat=[game.seat.map(|s| s.0)]
                data-ws={ "/api/games/" (game.game_id) "/ws?format=text" } {
                (PreEscaped(game.initial_html))
            }
            (command_field(lang))
            script src="/static/text.js" defer {}
        },
    )
}

/// What the text replay page shows.
pub struct TextReplay<'a> {
    /// The game's id.
    pub game_id: &'a str,
    /// The viewer's seat, if they played.
    pub seat: Option<Seat>,
    /// The step shown first, and the number of steps.
    pub step: (usize, usize),
    /// The text table at that step ([`crate::render_text_table`]).
    pub initial_html: &'a str,
}

/// `/games/{id}/replay` for a person who chose the text mode. The step links work without
/// the script (`?step=N`); with it, the command field steps (`n`, `p`, `g N`) in place.
pub fn text_replay(lang: Lang, user: Option<&str>, csrf: &str, replay: &TextReplay) -> String {
    let page = Page::new(lang, user, csrf, "text-replay");
    let title = lang.tr_args("replay-title", &[("id", replay.game_id.into())]);
    let (step, total) = replay.step;
    document(
        &page,
        &title,
        html! {
            h1 { (title) }
            p {
                a href="?table=board" { (lang.tr("text-mode-board")) }
                " · "
                a href={ "/games/" (replay.game_id) } { (lang.tr("replay-back-to-game")) }
            }
            p class="error-banner" role="alert" hidden {}
            nav class="text-replay-steps" aria-label=(lang.tr("text-replay-steps")) {
                a href={ "?step=" (step.saturating_sub(1)) } data-step="prev" { (lang.tr("text-replay-prev")) }
                " · "
                a href={ "?step=" ((step + 1).min(total)) } data-step="next" { (lang.tr("text-replay-next")) }
            }
            div id="text-table" data-game-id=(replay.game_id) data-seat=[replay.seat.map(|s| s.0)]
                data-replay={ "/api/games/" (replay.game_id) "/replay/" }
                data-no-step=(lang.tr_args("text-no-step", &[("step", "{}".into()), ("total", total.into())])) {
                (PreEscaped(replay.initial_html))
            }
            (command_field(lang))
            script src="/static/text.js" defer {}
        },
    )
}

/// The command field, the live regions that answer it and tell the news (with the words the
/// script fills in), and the history of both: the same on the game, replay and puzzle pages.
pub(crate) fn command_field(lang: Lang) -> Markup {
    html! {
        form id="text-command-form" autocomplete="off" {
            label for="text-command" { (lang.tr("text-command")) }
            " "
            input id="text-command" name="command" type="text" aria-describedby="text-command-hint";
            " "
            button type="submit" { (lang.tr("text-send")) }
            p id="text-command-hint" { (lang.tr("text-command-hint")) }
        }
        div id="text-answer" class="text-answer" aria-live="polite" {}
        div id="text-news" class="text-news" aria-live="polite"
            data-summary=(placeholder(lang, "text-summary", "count"))
            data-unknown=(placeholder(lang, "text-unknown", "command"))
            data-no-match=(placeholder(lang, "text-no-match", "words"))
            data-several=(placeholder(lang, "text-several", "choices"))
            data-no-village=(placeholder(lang, "text-no-village", "name"))
            data-not-yours=(lang.tr("text-no-choices")) {}
        section aria-labelledby="text-history-title" {
            h2 id="text-history-title" { (lang.tr("text-history")) }
            ol id="text-history" {}
        }
    }
}

/// Message `key` with `{}` where its one argument `arg` goes: the script fills it in.
fn placeholder(lang: Lang, key: &str, arg: &str) -> String {
    lang.tr_args(key, &[(arg, "{}".into())])
}
