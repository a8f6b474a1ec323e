//! The game page in text mode: the text table, kept current over the WebSocket
//! (`?format=text`), then the command field, the answers and what the others did, each read
//! out politely, and the history of both.

use helvetia_engine::Seat;
use maud::{html, PreEscaped};

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
            script src="/static/text.js" defer {}
        },
    )
}

/// Message `key` with `{}` where its one argument `arg` goes: the script fills it in.
fn placeholder(lang: Lang, key: &str, arg: &str) -> String {
    lang.tr_args(key, &[(arg, "{}".into())])
}
