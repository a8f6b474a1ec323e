//! The puzzles page, `/puzzles`: the table at a puzzle's decision, seen from the seat that
//! decides, with the goal above it. The player answers with the table's own clicks and keys;
//! the script sends the answer (`/api/puzzles/{id}/attempt`) and says what came of it in the
//! status line, with the way to the next puzzle.

use maud::{html, PreEscaped};

use super::layout::{document, Page};
use crate::i18n::Lang;

/// The path of the puzzles page.
pub const PUZZLES_PATH: &str = "/puzzles";

/// A puzzle put to the reader.
pub struct PuzzleQuestion<'a> {
    /// Its id.
    pub id: &'a str,
    /// The table at its decision, drawn for the seat that decides.
    pub table_html: &'a str,
    /// That seat, and its name on the table.
    pub mover: (u8, &'a str),
    /// The puzzle's rating.
    pub rating: i64,
    /// The reader's puzzle rating; `None` for a visitor.
    pub your_rating: Option<i64>,
}

/// `/puzzles`: the next puzzle, or word that none is left.
pub fn puzzles(
    lang: Lang,
    user: Option<&str>,
    csrf: &str,
    question: Option<&PuzzleQuestion>,
) -> String {
    let page = Page::new(lang, user, csrf, "puzzles");
    let title = lang.tr("puzzles-title");
    document(
        &page,
        &title,
        html! {
            div class="game-bar puzzle-bar" {
                h1 { (title) }
                @if let Some(question) = question {
                    p class="puzzle-goal" { (lang.tr_args("puzzles-goal", &[("name", question.mover.1.into())])) }
                    p class="puzzle-facts" {
                        (lang.tr_args("puzzles-rating", &[("rating", question.rating.into())]))
                        " · "
                        @match question.your_rating {
                            Some(yours) => (lang.tr_args("puzzles-your-rating", &[("rating", yours.into())])),
                            None => a href={ "/login?next=" (PUZZLES_PATH) } { (lang.tr("puzzles-log-in")) },
                        }
                    }
                }
                p class="puzzle-result" role="status" {}
                a class="button primary puzzle-next" href=(PUZZLES_PATH) hidden[question.is_some()] {
                    (lang.tr("puzzles-next"))
                }
            }
            p class="error-banner" role="alert" hidden {}
            @match question {
                Some(question) => {
                    div id="table" class="puzzle" data-puzzle=(question.id) data-seat=(question.mover.0) {
                        (PreEscaped(question.table_html))
                    }
                }
                None => {
                    section class="narrow" {
                        p { (lang.tr("puzzles-none")) }
                    }
                }
            }
        },
    )
}
