//! Full HTML pages. Each takes the language, the logged-in user's name and the CSRF token,
//! then what the page shows. Forms are sent by the browser script with `fetch` as JSON.

mod analysis;
mod bot_account;
mod chat;
mod forced_steps;
mod icons;
pub(crate) mod layout;
pub(crate) mod lobby;
mod play_now;
mod players;
mod push_devices;
mod puzzles;
mod rules;
mod rules_pictures;
mod settings;
pub(crate) mod tournaments;
mod tutorial;
mod vacation;
mod waiting_room;
mod webhooks;

use helvetia_engine::Seat;
use maud::{html, PreEscaped};

use crate::i18n::Lang;
use layout::{document, Page};

pub use crate::text_mode::page::{text_game, text_replay, TextGame, TextReplay, TABLE_MODE_COOKIE};
pub use analysis::{AnalysisStanding, AnalysisSummary, ChartPoint, CostlyTurn};
pub use bot_account::{BotAccount, TokenLine, BECOME_BOT_API, BOT_TOKENS_API};
pub use chat::{ChatEntry, Phrases};
pub use forced_steps::{forced_steps_toggle, FORCED_STEPS_API};
pub use lobby::{lobby, Invitation, LobbyLists, ROUND_LIMIT_MAX, TARGET_VP_MAX};
pub use play_now::{play_now_panel, PLAY_NOW_API};
pub use players::{
    leaderboard, profile, GameResult, Ladder, LeaderRow, Profile, ProfileGame, ProfilePuzzle,
    PLAYER_COUNTS,
};
pub use push_devices::{DeviceLine, PUSH_DEVICES_API, PUSH_KEY_API};
pub use puzzles::{
    daily_teaser, puzzles, DailyTeaser, PuzzleMode, PuzzleQuestion, DAILY_PATH, PUZZLES_PATH,
    STREAK_PATH,
};
pub use rules::rules;
pub use settings::{settings, unsubscribe, MailForm, Unsubscribe, MAIL_KINDS};
pub use tournaments::{
    tournament, tournaments, EntrantView, RoundView, StandingView, TablePlayerView, TableView,
    TournamentLists, TournamentSummary, TournamentView, YouView, TOURNAMENTS_API,
};
pub use tutorial::{tutorial, TUTORIAL_PATH};
pub use vacation::{vacation_section, VacationLine, VacationPart, VACATION_API, VACATION_END_API};
pub use waiting_room::{WaitingRoom, WaitingSeat};
pub use webhooks::{WebhookLine, Webhooks, WEBHOOKS_API, WEBHOOK_FORMATS};

/// The home page: what the game is, the way in, and the puzzle of the day if there is one.
pub fn home(lang: Lang, user: Option<&str>, csrf: &str, daily: Option<&DailyTeaser>) -> String {
    let page = Page::new(lang, user, csrf, "home");
    document(
        &page,
        &lang.tr("site-title"),
        html! {
            // First on the page, for a person who plays with a screen reader: the table as text.
            p class="text-mode-link" { a href="/?table=text" { (lang.tr("text-mode-link")) } }
            section class="hero" {
                h1 { (lang.tr("site-title")) }
                p class="tagline" { (lang.tr("site-tagline")) }
                p { (lang.tr("home-intro")) }
                p {
                    @if user.is_some() {
                        a class="button primary" href="/lobby" { (lang.tr("home-play")) }
                    } @else {
                        a class="button primary" href="/register" { (lang.tr("nav-register")) }
                        " "
                        a class="button" href="/login" { (lang.tr("nav-login")) }
                    }
                    " "
                    a class="button" href="/tutorial" { (lang.tr("nav-tutorial")) }
                    " "
                    a class="button" href="/rules" { (lang.tr("nav-rules")) }
                    " "
                    a class="button" href=(PUZZLES_PATH) { (lang.tr("nav-puzzles")) }
                }
            }
            @if user.is_some() {
                (play_now_panel(lang))
            }
            @if let Some(daily) = daily {
                (daily_teaser(lang, daily))
            }
            section {
                h2 { (lang.tr("home-how")) }
                ul class="points" {
                    li { (lang.tr("home-point-live")) }
                    li { (bot_levels_point(lang)) }
                    li { (lang.tr("home-point-click")) }
                    li { (lang.tr("home-point-languages")) }
                }
            }
        },
    )
}

/// The account form shared by log in and register.
fn account_form(
    lang: Lang,
    user: Option<&str>,
    csrf: &str,
    register: bool,
    next: Option<&str>,
) -> String {
    let (kind, title, submit, api, other_text, other_href, other_link) = if register {
        (
            "register",
            lang.tr("register-title"),
            lang.tr("register-submit"),
            "/api/register",
            lang.tr("register-have-account"),
            "/login",
            lang.tr("nav-login"),
        )
    } else {
        (
            "login",
            lang.tr("login-title"),
            lang.tr("login-submit"),
            "/api/login",
            lang.tr("login-no-account"),
            "/register",
            lang.tr("nav-register"),
        )
    };
    let page = Page::new(lang, user, csrf, kind);
    document(
        &page,
        &title,
        html! {
            section class="narrow" {
                h1 { (title) }
                form id="account-form" class="card" data-api=(api) data-next=(next.unwrap_or("/lobby")) method="post" novalidate {
                    label for="username" { (lang.tr("field-username")) }
                    input id="username" name="username" type="text" autocomplete="username" required minlength="3" maxlength="24";
                    label for="password" { (lang.tr("field-password")) }
                    input id="password" name="password" type="password"
                        autocomplete=(if register { "new-password" } else { "current-password" }) required;
                    @if register {
                        p class="hint" { (lang.tr("register-hint")) }
                    }
                    p class="form-error" role="alert" hidden {}
                    button type="submit" class="primary" data-working=(lang.tr("form-working")) { (submit) }
                }
                p { (other_text) " " a href=(with_next(other_href, next)) { (other_link) } }
            }
        },
    )
}

/// The log-in page.
pub fn login(lang: Lang, user: Option<&str>, csrf: &str, next: Option<&str>) -> String {
    account_form(lang, user, csrf, false, next)
}

/// `page` with `?next=` set to `next`, encoded, if there is one.
pub fn with_next(page: &str, next: Option<&str>) -> String {
    match next {
        Some(next) => {
            let encoded: String = next
                .chars()
                .map(|c| match c {
                    'A'..='Z' | 'a'..='z' | '0'..='9' | '/' | '-' | '_' | '.' => c.to_string(),
                    other => other
                        .to_string()
                        .bytes()
                        .map(|b| format!("%{b:02X}"))
                        .collect(),
                })
                .collect();
            format!("{page}?next={encoded}")
        }
        None => page.to_string(),
    }
}

/// What the home page says of the bots: as many levels as the lobby offers, by name.
fn bot_levels_point(lang: Lang) -> String {
    let separator = if lang == Lang::Zh { "、" } else { ", " };
    let levels: Vec<String> = crate::BOT_LEVELS
        .iter()
        .map(|level| crate::bot_level_name(lang, level))
        .collect();
    lang.tr_args(
        "home-point-bots",
        &[
            ("count", fluent_bundle::FluentValue::from(levels.len())),
            ("levels", levels.join(separator).into()),
        ],
    )
}

/// The registration page.
pub fn register(lang: Lang, user: Option<&str>, csrf: &str, next: Option<&str>) -> String {
    account_form(lang, user, csrf, true, next)
}

/// The game page: a shell around the live table, which the script keeps current over the
/// WebSocket at `/api/games/{id}/ws`. `seat` is the viewer's seat, if any: it marks their own
/// village (`data-seat`), which the table itself does not.
pub fn game(
    lang: Lang,
    user: Option<&str>,
    csrf: &str,
    table: GameTable,
    (chat_lines, phrases): (&[ChatEntry], Phrases),
) -> String {
    let GameTable {
        game_id,
        seat,
        initial_table_html,
        waiting,
        plays_forced_steps,
    } = table;
    let page = Page::new(lang, user, csrf, "game");
    let title = lang.tr_args("game-title", &[("id", game_id.into())]);
    document(
        &page,
        &title,
        html! {
            div class="game-bar" {
                h1 { (title) }
                span class="connection" role="status" data-connecting=(lang.tr("connecting")) data-lost=(lang.tr("connection-lost")) {}
                button type="button" class="sound-toggle" data-on=(lang.tr("sound-on")) data-off=(lang.tr("sound-off")) aria-pressed="true" { (lang.tr("sound-on")) }
                (chat::jump(lang))
                // Shown by the script while another game awaits the viewer's decision.
                @if user.is_some() {
                    a class="next-game button" href={ "/next?from=" (game_id) } hidden aria-keyshortcuts="n"
                        title=(lang.tr("next-game-title")) { (lang.tr("next-game")) }
                }
                @if let (Some(_), Some(on)) = (seat, plays_forced_steps) {
                    (forced_steps_toggle(lang, on))
                }
                // Nobody resigns from a game that has not started: its waiting room offers leaving.
                @if seat.is_some() && waiting.is_none() {
                    // Shown by the script while the game runs and the viewer has not resigned.
                    div class="resign" data-resign=(game_id) hidden {
                        button type="button" data-resign-open { (lang.tr("resign")) }
                        p class="resign-confirm" role="alertdialog" hidden {
                            (lang.tr("resign-confirm")) " "
                            button type="button" class="danger" data-resign-yes { (lang.tr("resign-yes")) }
                            " "
                            button type="button" data-resign-no { (lang.tr("resign-no")) }
                        }
                    }
                }
            }
            p class="error-banner" role="alert" hidden {}
            // The others' moves read out as they come (the script writes them here).
            p class="visually-hidden" id="announcer" aria-live="polite" {}
            @if let Some(room) = waiting {
                (waiting_room::waiting_room(lang, room))
            }
            // Before the start the board is only the setup; the waiting room stands for it.
            div id="table" hidden[waiting.is_some()] data-game-id=(game_id) data-seat=[seat.map(|s| s.0)]
                data-ws={ "/api/games/" (game_id) "/ws?format=html" }
                data-server-now=(server_now_ms())
                data-your-turn-title=(lang.tr("your-turn-title")) {
                (PreEscaped(initial_table_html))
            }
            // Writing in the chat needs an account; a visitor reads it.
            (chat::panel(lang, user, chat_lines, user.map(|_| phrases)))
        },
    )
}

/// The table part of the game page.
pub struct GameTable<'a> {
    /// The game's id.
    pub game_id: &'a str,
    /// The viewer's seat, if any.
    pub seat: Option<Seat>,
    /// The table as first drawn; the WebSocket keeps it current.
    pub initial_table_html: &'a str,
    /// The waiting room, while the game has not started.
    pub waiting: Option<&'a WaitingRoom>,
    /// Whether the viewer's forced steps are played for them (their account's setting), for a
    /// viewer with an account.
    pub plays_forced_steps: Option<bool>,
}

/// The server's time when the page is drawn, so that the page counts clocks down by the server's
/// time rather than the visitor's.
fn server_now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// What the replay page shows of one finished game.
pub struct Replay<'a> {
    /// The game's id.
    pub game_id: &'a str,
    /// The table at the step shown first.
    pub initial_table_html: &'a str,
    /// The game's actions: the last step.
    pub total_steps: usize,
    /// The chat lines the reader may read.
    pub chat_lines: &'a [ChatEntry],
    /// Where the game's analysis stands.
    pub analysis: &'a AnalysisStanding,
}

/// The replay viewer of a finished game: step through it with the buttons, the slider or the
/// arrow keys; each step is fetched from `/api/games/{id}/replay/{step}`. The table comes right
/// under the step buttons, so that a step's change is seen on the same screen; the game's
/// analysis follows below it.
pub fn replay(lang: Lang, user: Option<&str>, csrf: &str, replay: &Replay) -> String {
    let Replay {
        game_id,
        initial_table_html,
        total_steps,
        chat_lines,
        analysis,
    } = *replay;
    let page = Page::new(lang, user, csrf, "replay");
    let title = lang.tr_args("replay-title", &[("id", game_id.into())]);
    document(
        &page,
        &title,
        html! {
            div class="game-bar" {
                h1 { (title) }
                a href={ "/games/" (game_id) } { (lang.tr("replay-back-to-game")) }
            }
            div class="replay-controls" data-game-id=(game_id) data-total=(total_steps) {
                button type="button" data-step="first" { (icons::step(icons::Step::First)) " " (lang.tr("replay-first")) }
                button type="button" data-step="prev" { (icons::step(icons::Step::Back)) " " (lang.tr("replay-prev")) }
                input type="range" min="0" max=(total_steps) value=(total_steps) aria-label=(title);
                output class="replay-position" { (total_steps) " / " (total_steps) }
                button type="button" data-step="next" { (lang.tr("replay-next")) " " (icons::step(icons::Step::Forward)) }
                button type="button" data-step="last" { (lang.tr("replay-last")) " " (icons::step(icons::Step::Last)) }
            }
            p class="error-banner" role="alert" hidden {}
            div id="table" class="replay" data-game-id=(game_id) {
                (PreEscaped(initial_table_html))
            }
            (analysis::panel(lang, game_id, analysis))
            (chat::panel(lang, user, chat_lines, None))
        },
    )
}

/// An error page with its status code and a message for people.
pub fn error(lang: Lang, user: Option<&str>, csrf: &str, status: u16, message: &str) -> String {
    let page = Page::new(lang, user, csrf, "error");
    let title = lang.tr_args("error-title", &[("status", status.into())]);
    document(
        &page,
        &title,
        html! {
            section class="narrow" {
                h1 { (title) }
                p class="error-message" { (message) }
                p { a href="/" { (lang.tr("error-back")) } }
            }
        },
    )
}

#[cfg(test)]
mod tests;
