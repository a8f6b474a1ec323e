//! The puzzles pages: the table at a puzzle's decision, seen from the seat that decides, with
//! the goal above it. `/puzzles` puts the next puzzle near the reader's rating, of a theme they
//! may pick; `/puzzles/streak` puzzles of rising rating until a mistake; `/puzzles/daily` the
//! puzzle of the day, which the home page shows ([`daily_teaser`]). The player answers with the
//! table's own clicks and keys; the script sends the answer (`/api/puzzles/{id}/attempt`, with
//! the run's length in a streak) and says what came of it in the status line, with the way on.
//! A reader who chose the text mode gets the text table instead, answered by number or words in
//! the command field (`crates/web/static/text.js`), what came of it read out.

use maud::{html, Markup, PreEscaped};

use super::layout::{document, Page};
use crate::i18n::Lang;
use crate::text_mode::page::command_field;

/// The path of the puzzles page.
pub const PUZZLES_PATH: &str = "/puzzles";
/// The path of a streak's page.
pub const STREAK_PATH: &str = "/puzzles/streak";
/// The path of the puzzle of the day.
pub const DAILY_PATH: &str = "/puzzles/daily";

/// A puzzle put to the reader.
pub struct PuzzleQuestion<'a> {
    /// Its id.
    pub id: &'a str,
    /// The table at its decision, drawn for the seat that decides, or its text table where
    /// `text` (the reader chose the text mode: [`crate::render_text_table`]).
    pub table_html: &'a str,
    /// Whether `table_html` is the text mode's table.
    pub text: bool,
    /// That seat, and its name on the table.
    pub mover: (u8, &'a str),
    /// The decisions of its line, one to three: the seat decides again in the same turn after
    /// a right answer, on the table the script then puts.
    pub steps: usize,
    /// The puzzle's rating.
    pub rating: i64,
    /// The reader's puzzle rating; `None` for a visitor.
    pub your_rating: Option<i64>,
}

/// Which puzzles a page puts.
pub enum PuzzleMode<'a> {
    /// The next puzzle near the reader's rating, of `theme` if one is picked; `themes` are the
    /// names of every theme, for the picker.
    Next {
        /// The theme picked.
        theme: Option<&'a str>,
        /// Every theme's name.
        themes: &'a [&'a str],
    },
    /// A streak, `solved` puzzles solved in a row so far: unrated.
    Streak {
        /// Solved so far.
        solved: u32,
    },
    /// The puzzle of the day.
    Daily,
}

/// The puzzle of the day as the home page shows it.
pub struct DailyTeaser<'a> {
    /// The name of the seat that decides.
    pub mover: &'a str,
    /// The puzzle's rating.
    pub rating: i64,
    /// Its themes' names.
    pub themes: Vec<&'a str>,
}

/// The words of theme `name`.
fn theme_words(lang: Lang, name: &str) -> String {
    lang.tr(&format!("puzzles-theme-{name}"))
}

/// A puzzles page: the puzzle of `mode`, or word that none is left.
pub fn puzzles(
    lang: Lang,
    user: Option<&str>,
    csrf: &str,
    mode: &PuzzleMode,
    question: Option<&PuzzleQuestion>,
) -> String {
    let page = Page::new(lang, user, csrf, "puzzles");
    let title = match mode {
        PuzzleMode::Next { .. } => lang.tr("puzzles-title"),
        PuzzleMode::Streak { .. } => lang.tr("puzzles-streak-title"),
        PuzzleMode::Daily => lang.tr("puzzles-daily-title"),
    };
    let next_href = match mode {
        PuzzleMode::Next {
            theme: Some(theme), ..
        } => format!("{PUZZLES_PATH}?theme={theme}"),
        PuzzleMode::Streak { .. } => STREAK_PATH.to_string(),
        _ => PUZZLES_PATH.to_string(),
    };
    let streak = match mode {
        PuzzleMode::Streak { solved } => Some(*solved),
        _ => None,
    };
    document(
        &page,
        &title,
        html! {
            div class="game-bar puzzle-bar" {
                h1 { (title) }
                @match mode {
                    PuzzleMode::Next { theme, themes } => (choices(lang, *theme, themes)),
                    PuzzleMode::Streak { solved } => {
                        p class="puzzle-streak-intro" { (lang.tr("puzzles-streak-intro")) }
                        p class="puzzle-streak" {
                            (lang.tr_args("puzzles-streak-run", &[("solved", (*solved).into())]))
                        }
                    }
                    PuzzleMode::Daily => {}
                }
                @if let Some(question) = question {
                    p class="puzzle-goal" {
                        @if question.steps > 1 {
                            (lang.tr_args("puzzles-goal-line", &[("name", question.mover.1.into()), ("steps", question.steps.into())]))
                        } @else {
                            (lang.tr_args("puzzles-goal", &[("name", question.mover.1.into())]))
                        }
                    }
                    p class="puzzle-facts" {
                        (lang.tr_args("puzzles-rating", &[("rating", question.rating.into())]))
                        @if streak.is_none() {
                            " · "
                            @match question.your_rating {
                                Some(yours) => (lang.tr_args("puzzles-your-rating", &[("rating", yours.into())])),
                                None => a href={ "/login?next=" (PUZZLES_PATH) } { (lang.tr("puzzles-log-in")) },
                            }
                        }
                    }
                }
                p class="puzzle-result" role="status" {}
                a class="button primary puzzle-next" href=(next_href) hidden[question.is_some()] {
                    @if streak.is_some() { (lang.tr("puzzles-streak-new")) } @else { (lang.tr("puzzles-next")) }
                }
            }
            p class="error-banner" role="alert" hidden {}
            @match question {
                Some(question) if question.text => {
                    div id="text-table" data-puzzle=(question.id) data-seat=(question.mover.0) data-streak=[streak]
                        data-go-on=(lang.tr("text-puzzle-on"))
                        data-sentence=(lang.tr_args("text-sentence", &[("line", "{}".into())])) {
                        (PreEscaped(question.table_html))
                    }
                    (command_field(lang))
                    script src="/static/text.js" defer {}
                }
                Some(question) => {
                    div id="table" class="puzzle" data-puzzle=(question.id) data-seat=(question.mover.0) data-streak=[streak] {
                        (PreEscaped(question.table_html))
                    }
                }
                None => {
                    section class="narrow" {
                        @match streak {
                            Some(solved) => p class="puzzle-streak-end" {
                                (lang.tr_args("puzzles-streak-none", &[("solved", solved.into())]))
                            },
                            None => p { (lang.tr("puzzles-none")) },
                        }
                    }
                }
            }
        },
    )
}

/// The theme picker (a form that works without the script) and the way to a streak.
fn choices(lang: Lang, picked: Option<&str>, themes: &[&str]) -> Markup {
    html! {
        form class="puzzle-choices" method="get" action=(PUZZLES_PATH) {
            label for="puzzle-theme" { (lang.tr("puzzles-theme")) }
            " "
            select id="puzzle-theme" name="theme" {
                option value="" selected[picked.is_none()] { (lang.tr("puzzles-theme-all")) }
                @for name in themes {
                    option value=(name) selected[picked == Some(*name)] { (theme_words(lang, name)) }
                }
            }
            " "
            button type="submit" class="button" { (lang.tr("puzzles-theme-show")) }
            " "
            a class="button puzzle-streak-start" href=(STREAK_PATH) { (lang.tr("puzzles-streak")) }
        }
    }
}

/// The home page's part on the puzzle of the day: its goal, rating and themes, and the way to
/// it.
pub fn daily_teaser(lang: Lang, teaser: &DailyTeaser) -> Markup {
    let themes: Vec<String> = teaser
        .themes
        .iter()
        .map(|name| theme_words(lang, name))
        .collect();
    html! {
        section class="daily-puzzle" {
            h2 { (lang.tr("puzzles-daily-title")) }
            p { (lang.tr_args("puzzles-goal", &[("name", teaser.mover.into())])) }
            p class="muted" {
                (lang.tr_args("puzzles-rating", &[("rating", teaser.rating.into())]))
                @if !themes.is_empty() { " · " (themes.join(", ")) }
            }
            p { a class="button primary daily-puzzle-solve" href=(DAILY_PATH) { (lang.tr("puzzles-daily-solve")) } }
        }
    }
}
