//! The lobby: create a game with every option and seat choice, the card of an invitation the
//! visitor followed, and the lists of open games, the viewer's games ("your turn" first),
//! running games to watch, and finished games.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use helvetia_engine::{Direction, GameOptions, SetupMode};

use super::layout::{document, Page};
use super::with_next;
use crate::bot_names::{bot_name, BOT_LEVELS};
use crate::i18n::Lang;
use crate::{GameSummary, Pace};

/// The highest target the create form offers; the server refuses more, as the form says.
pub const TARGET_VP_MAX: u8 = 99;
/// The highest round limit the create form offers; the server refuses more.
pub const ROUND_LIMIT_MAX: u16 = 999;

/// The lobby's lists of games.
pub struct LobbyLists<'a> {
    /// Games with a free seat.
    pub open: &'a [GameSummary],
    /// The viewer's open and running games.
    pub mine: &'a [GameSummary],
    /// Running games anyone may watch.
    pub running: &'a [GameSummary],
    /// Finished games.
    pub finished: &'a [GameSummary],
    /// The measured rating of each bot level, by its stored word, shown with the bot choices.
    pub bot_ratings: &'a [(&'a str, u16)],
    /// The upcoming and running tournaments the viewer entered.
    pub tournaments: &'a [super::TournamentSummary],
}

/// A bot choice: "Bot (strong) · rating 1810" when the level's rating is known.
fn rated_bot_name(lang: Lang, level: &str, ratings: &[(&str, u16)]) -> String {
    let name = bot_name(lang, level);
    match ratings.iter().find(|(word, _)| *word == level) {
        Some((_, rating)) => lang.tr_args(
            "bot-rated",
            &[
                ("name", name.into()),
                ("rating", FluentValue::from(*rating)),
            ],
        ),
        None => name,
    }
}

/// An invitation link's game, as the visitor who followed it sees it.
pub struct Invitation {
    /// The invitation's token, which the join request names.
    pub token: String,
    /// The game waiting for the invited player; `None` if the invitation is no longer open.
    pub game: Option<GameSummary>,
}

/// The lobby page.
pub fn lobby(
    lang: Lang,
    user: Option<&str>,
    csrf: &str,
    lists: LobbyLists,
    invitation: Option<&Invitation>,
) -> String {
    let page = Page::new(lang, user, csrf, "lobby");
    let LobbyLists {
        open,
        mine,
        running,
        finished,
        bot_ratings,
        tournaments,
    } = lists;
    let mut mine: Vec<&GameSummary> = mine.iter().collect();
    // Games waiting for the viewer come first; the sort is stable otherwise.
    mine.sort_by_key(|g| !g.your_turn);
    let title = lang.tr("lobby-title");
    document(
        &page,
        &title,
        html! {
            h1 { (title) }
            p class="tutorial-invite" { a href="/tutorial" { (lang.tr("tutorial-invite")) } }
            @if let Some(invitation) = invitation {
                (invitation_card(lang, user, invitation))
            }
            @if user.is_some() {
                (super::play_now_panel(lang))
            }
            div class="lobby-grid" {
                // First in reading order, so that a phone (one column) shows it above the form;
                // on a desk the style sheet puts it at the top of the lists' column.
                @if user.is_some() {
                    section id="my-games" {
                        h2 { (lang.tr("lobby-mine")) }
                        (game_list(lang, user, &mine, ListKind::Mine))
                        @if !tournaments.is_empty() {
                            h3 { (lang.tr("lobby-my-tournaments")) }
                            (super::tournaments::tournament_links(lang, tournaments))
                        }
                    }
                }
                @if user.is_some() {
                    (create_form(lang, bot_ratings))
                } @else {
                    section class="card" {
                        p { (lang.tr("lobby-login-first")) }
                        p {
                            a class="button primary" href="/login" { (lang.tr("nav-login")) } " "
                            a class="button" href="/register" { (lang.tr("nav-register")) }
                        }
                    }
                }
                div class="lists" {
                    (filters(lang))
                    section id="open-games" {
                        h2 { (lang.tr("lobby-open")) }
                        (game_list(lang, user, &open.iter().collect::<Vec<_>>(), ListKind::Open))
                    }
                    section id="running-games" {
                        h2 { (lang.tr("lobby-running")) }
                        (game_list(lang, user, &running.iter().collect::<Vec<_>>(), ListKind::Running))
                    }
                    section id="finished-games" {
                        h2 { (lang.tr("lobby-finished")) }
                        (game_list(lang, user, &finished.iter().collect::<Vec<_>>(), ListKind::Finished))
                    }
                }
            }
        },
    )
}

/// The card of a followed invitation: who plays, how many seats, which options; a button to
/// take the seat, or log-in and registration links that come back here.
fn invitation_card(lang: Lang, user: Option<&str>, invitation: &Invitation) -> Markup {
    let Some(game) = &invitation.game else {
        return html! {
            section class="card invitation" {
                h2 { (lang.tr("invitation-title")) }
                p { (lang.tr("invitation-gone")) }
            }
        };
    };
    let back_here = format!("/lobby?invite={}", invitation.token);
    let next = |page: &str| with_next(page, Some(&back_here));
    html! {
        section class="card invitation" data-game-id=(game.id) {
            h2 { (lang.tr("invitation-title")) }
            p { (lang.tr_args("invitation-text", &[("players", FluentValue::from(game.seats))])) }
            ul class="games" { (game_item(lang, user, game, ListKind::Invitation)) }
            @if user.is_some() {
                button type="button" class="primary" data-invite-join=(game.id) data-invite=(invitation.token) {
                    (lang.tr("invitation-accept"))
                }
            } @else {
                p { (lang.tr("invitation-log-in-first")) }
                p {
                    a class="button primary" href=(next("/register")) { (lang.tr("nav-register")) } " "
                    a class="button" href=(next("/login")) { (lang.tr("nav-login")) }
                }
            }
        }
    }
}

fn create_form(lang: Lang, bot_ratings: &[(&str, u16)]) -> Markup {
    let seat_choices = [
        ("me", "seat-me"),
        ("open", "seat-open"),
        ("invite", "seat-invite"),
        ("bot_account", "seat-bot-account"),
    ]
    .map(|(value, key)| (value.to_string(), lang.tr(key)))
    .into_iter()
    .chain(BOT_LEVELS.map(|level| {
        (
            format!("bot:{level}"),
            rated_bot_name(lang, level, bot_ratings),
        )
    }))
    .collect::<Vec<_>>();
    html! {
        section class="card create" {
            h2 { (lang.tr("lobby-create")) }
            form id="create-game" data-api="/api/games" novalidate {
                label for="players" { (lang.tr("create-players")) }
                select id="players" name="players" {
                    option value="2" { "2" }
                    option value="3" { "3" }
                    option value="4" selected { "4" }
                }
                fieldset {
                    legend { (lang.tr("create-setup")) }
                    label { input type="radio" name="setup" value="Draft" checked; " " (lang.tr("setup-draft")) }
                    label { input type="radio" name="setup" value="Letters"; " " (lang.tr("setup-letters")) }
                }
                label class="check" { input type="checkbox" id="character_tiles" name="character_tiles" checked; " " (lang.tr("create-character-tiles")) }
                label for="target_vp" { (lang.tr("create-target")) }
                // Empty: the engine's default, which follows the tiles option (ruling 4); the
                // script shows the one that applies.
                input id="target_vp" name="target_vp" type="number" min="1" max=(TARGET_VP_MAX)
                    placeholder=(target_hint(lang, true))
                    data-with-tiles=(target_hint(lang, true))
                    data-without-tiles=(target_hint(lang, false));
                label for="direction" { (lang.tr("create-direction")) }
                select id="direction" name="direction" {
                    option value=(format!("{:?}", Direction::CounterClockwise)) selected { (lang.tr("direction-ccw")) }
                    option value=(format!("{:?}", Direction::Clockwise)) { (lang.tr("direction-cw")) }
                }
                label for="round_limit" { (lang.tr("create-round-limit")) }
                input id="round_limit" name="round_limit" type="number" min="1" max=(ROUND_LIMIT_MAX) placeholder=(lang.tr("create-round-limit-hint"));
                label for="time_control" { (lang.tr("lobby-time-control")) }
                select id="time_control" name="time_control" {
                    option value="" selected { (lang.tr("lobby-time-none")) }
                    option value="1200:0:20" { (lang.tr("lobby-time-live")) }
                    option value="300:0:10" { (lang.tr("lobby-time-live-fast")) }
                    @for days in 1..=3u32 {
                        option value={ "172800:" (days * 86_400) ":0" } {
                            (lang.tr_args("lobby-time-days", &[("days", FluentValue::from(days))]))
                        }
                    }
                }
                // The script unticks and disables it while a bot is seated: never rated then.
                label class="check" { input type="checkbox" id="rated" name="rated" checked; " " (lang.tr("lobby-rated")) }
                label class="check" { input type="checkbox" id="spectators_apart" name="spectators_apart"; " " (lang.tr("lobby-spectators-apart")) }
                // Shown by the script only while every other seat is a bot.
                label class="check hints-choice" hidden { input type="checkbox" id="hints" name="hints"; " " (lang.tr("lobby-hints")) }
                label for="on_resign" { (lang.tr("lobby-on-resign")) }
                select id="on_resign" name="on_resign" {
                    option value="bot" selected { (lang.tr("lobby-on-resign-bot")) }
                    option value="end" { (lang.tr("lobby-on-resign-end")) }
                }
                label for="stand_in" { (lang.tr("lobby-stand-in")) }
                select id="stand_in" name="stand_in" {
                    @for level in BOT_LEVELS {
                        option value=(level) selected[level == "greedy"] { (rated_bot_name(lang, level, bot_ratings)) }
                    }
                }
                fieldset class="seats" {
                    legend { (lang.tr("create-seats")) }
                    @for n in 0..4u8 {
                        label class="seat" data-seat=(n) {
                            span { (lang.tr_args("create-seat", &[("n", FluentValue::from(n + 1))])) }
                            select name={ "seat" (n) } {
                                @for (value, label) in &seat_choices {
                                    @let selected = (n == 0 && value.as_str() == "me") || (n > 0 && value.as_str() == "open");
                                    option value=(value) selected[selected] { (label) }
                                }
                            }
                        }
                        // Shown by the script while "a bot account" is chosen for this seat.
                        label class="seat-bot-name" data-seat=(n) hidden {
                            span { (lang.tr("seat-bot-account-name")) }
                            input type="text" name={ "seat" (n) "_bot" } autocomplete="off" maxlength="40" spellcheck="false";
                        }
                    }
                }
                p class="form-error" role="alert" hidden {}
                button type="submit" class="primary" data-working=(lang.tr("form-working")) { (lang.tr("create-submit")) }
            }
        }
    }
}

/// A game's time control in words: none, a live clock, or days per turn.
fn pace_text(lang: Lang, control: Option<Pace>) -> String {
    match control {
        None => lang.tr("lobby-pace-none"),
        Some(Pace {
            bank_secs,
            per_turn_secs: 0,
            increment_secs,
            ..
        }) => lang.tr_args(
            "lobby-pace-live",
            &[
                ("minutes", FluentValue::from(bank_secs / 60)),
                ("seconds", FluentValue::from(increment_secs)),
            ],
        ),
        Some(Pace { per_turn_secs, .. }) => lang.tr_args(
            "lobby-pace-turn",
            &[(
                "days",
                FluentValue::from(f64::from(per_turn_secs) / 86_400.0),
            )],
        ),
    }
}

/// The filters over the lobby's lists (the script hides what does not match).
fn filters(lang: Lang) -> Markup {
    html! {
        form class="lobby-filters card" aria-label=(lang.tr("lobby-filter")) {
            label { (lang.tr("create-players")) " "
                select name="players" {
                    option value="" { (lang.tr("lobby-filter-any")) }
                    @for n in 2..=4u8 { option value=(n) { (n) } }
                }
            }
            label { (lang.tr("lobby-time-control")) " "
                select name="pace" {
                    option value="" { (lang.tr("lobby-filter-any")) }
                    option value="none" { (lang.tr("lobby-pace-none")) }
                    option value="live" { (lang.tr("lobby-filter-live")) }
                    option value="turn" { (lang.tr("lobby-filter-turn")) }
                }
            }
            label { (lang.tr("lobby-filter-rated")) " "
                select name="rated" {
                    option value="" { (lang.tr("lobby-filter-any")) }
                    option value="true" { (lang.tr("lobby-filter-yes")) }
                    option value="false" { (lang.tr("lobby-filter-no")) }
                }
            }
        }
    }
}

/// What the lobby script compares with `/api/games?list=mine` to notice changes: status,
/// whose turn, and how many seats are taken.
/// The target field's placeholder: what an empty field means, with or without character tiles.
fn target_hint(lang: Lang, character_tiles: bool) -> String {
    let target = GameOptions::default_target(character_tiles);
    lang.tr_args(
        "create-target-hint",
        &[("target", FluentValue::from(target))],
    )
}

fn signature(game: &GameSummary) -> String {
    format!(
        "{}:{}:{}:{}",
        game.id,
        game.status,
        game.your_turn,
        game.players.len()
    )
}

/// An RFC 3339 time such as `2026-11-21T10:26:18Z` as `2026-11-21 10:26 UTC`; other text as is.
pub(crate) fn readable_time(text: &str) -> String {
    let bytes = text.as_bytes();
    let iso = bytes.len() >= 16 && bytes[10] == b'T' && bytes[13] == b':' && text.ends_with('Z');
    if iso {
        format!("{} {} UTC", &text[..10], &text[11..16])
    } else {
        text.to_string()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ListKind {
    Open,
    Mine,
    Running,
    Finished,
    Invitation,
}

fn game_list(lang: Lang, user: Option<&str>, games: &[&GameSummary], kind: ListKind) -> Markup {
    html! {
        @if games.is_empty() {
            p class="muted" { (lang.tr("lobby-empty")) }
        } @else {
            ul class="games" {
                @for game in games {
                    (game_item(lang, user, game, kind))
                }
            }
        }
    }
}

fn game_item(lang: Lang, user: Option<&str>, game: &GameSummary, kind: ListKind) -> Markup {
    let status_key = match game.status.as_str() {
        "open" => "lobby-status-open",
        "running" => "lobby-status-running",
        _ => "lobby-status-finished",
    };
    let setup = match game.options.setup {
        SetupMode::Draft => lang.tr("setup-draft"),
        SetupMode::Letters => lang.tr("setup-letters"),
    };
    let summary = lang.tr_args(
        "options-summary",
        &[
            ("players", FluentValue::from(game.options.players)),
            ("setup", setup.into()),
            ("target", FluentValue::from(game.options.target())),
        ],
    );
    let seated = user.is_some_and(|u| game.players.iter().any(|(name, bot)| !bot && name == u));
    let filled = game.players.len();
    let class = if game.your_turn {
        "game-item your-turn"
    } else {
        "game-item"
    };
    let pace = match game.time_control {
        None => "none",
        Some(Pace {
            per_turn_secs: 0, ..
        }) => "live",
        Some(_) => "turn",
    };
    html! {
        li class=(class) data-game-id=(game.id) data-status=(game.status)
            data-signature=(signature(game)) data-players=(game.seats) data-pace=(pace)
            data-rated=(game.rated) {
            div class="game-head" {
                a class="game-link" href={ "/games/" (game.id) } { "#" (game.id) }
                " "
                span class={ "status " (game.status) } { (lang.tr(status_key)) }
                @if game.your_turn {
                    " " strong class="your-turn-badge" { (lang.tr("lobby-your-turn")) }
                }
            }
            p class="players" {
                @for (i, (name, bot)) in game.players.iter().enumerate() {
                    @if i > 0 { ", " }
                    (name)
                    @if *bot { " " (super::icons::robot(lang)) }
                    @if game.on_vacation.contains(name) {
                        " " span class="vacation-badge" { (lang.tr("vacation-badge")) }
                    }
                }
                " · " (lang.tr_args("lobby-seats", &[("filled", FluentValue::from(filled)), ("seats", FluentValue::from(game.seats))]))
            }
            p class="small muted" {
                (summary)
                @if let Some(limit) = game.options.round_limit {
                    " · " (lang.tr("create-round-limit")) " " (limit)
                }
                " · " (lang.tr_args("lobby-created", &[("when", readable_time(&game.created_at).into())]))
            }
            p class="small muted pace" {
                (pace_text(lang, game.time_control))
                @if game.rated { " · " (lang.tr("lobby-rated-badge")) }
            }
            @if !game.winner_names.is_empty() {
                p class="winners" { (lang.tr_args("lobby-winners", &[("names", game.winner_names.join(", ").into())])) }
            }
            div class="game-actions" {
                @if kind == ListKind::Open && user.is_some() && !seated {
                    @if let Some(seat) = game.open_seats.first() {
                        button type="button" class="primary" data-join=(game.id) data-seat=(seat) { (lang.tr("lobby-join")) }
                    }
                }
                @if game.status == "open" && seated {
                    @if game.open_seats.is_empty() {
                        button type="button" class="primary" data-start=(game.id) { (lang.tr("lobby-start")) }
                    }
                    button type="button" data-leave=(game.id) { (lang.tr("lobby-leave")) }
                }
                @if game.status != "open" {
                    a class="button" href={ "/games/" (game.id) } {
                        (if seated { lang.tr("lobby-view") } else { lang.tr("lobby-watch") })
                    }
                }
                @if game.status == "finished" {
                    " " a class="button" href={ "/games/" (game.id) "/replay" } { (lang.tr("end-replay")) }
                }
            }
        }
    }
}
