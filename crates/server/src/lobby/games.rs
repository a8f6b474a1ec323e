//! The lobby: create a game with its seats, join, leave before the start, start, and the lists
//! of open, own and finished games (database queries). Like every state-changing request, these
//! run to their end even if the client hangs up ([`crate::live::write_path::run_to_the_end`]).

use std::collections::{BTreeMap, HashSet};

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use helvetia_engine::{GameOptions, Seat};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::accounts::auth::{MaybeUser, User};
use crate::accounts::limits;
use crate::domain::clock::{now_ms, Clock, TimeControl};
use crate::domain::game_state::{seat_name, GameState};
use crate::domain::mail_event::{MailEvent, MailKind};
use crate::domain::seats::{BotLevel, GameStatus, Occupant, OnResign, SeatRecord};
use crate::domain::time::now;
use crate::domain::tokens::random_seed;
use crate::domain::tokens::random_token;
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::live::cache::{find, lock_fresh, LiveGame};
use crate::live::write_path::{self, commit};
use crate::state::AppState;
use crate::storage::{GameFilter, GameRecordRow, ListedGame};
use crate::vacations::clocks::clock_at_start;
use helvetia_web as render;
use helvetia_web::Lang;

/// How a seat is filled at creation.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum SeatRequest {
    /// The creator sits here. (Variants with braces, so that unknown fields are refused.)
    Me {},
    /// Anyone may join.
    Open {},
    /// Reserved for an invitation link.
    Invite {},
    /// A computer player.
    Bot {
        /// Its strength.
        level: BotLevel,
    },
    /// A bot account, invited by name: the seat is kept for it until it accepts or declines.
    #[serde(rename = "bot_account")]
    BotAccount {
        /// The bot account's name.
        name: String,
    },
}

/// Body of `POST /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateBody {
    options: GameOptions,
    seats: Vec<SeatRequest>,
    /// No clock when absent.
    #[serde(default)]
    time_control: Option<TimeControl>,
    /// Whether the result counts for ratings (yes unless said otherwise); never with a bot seat.
    #[serde(default)]
    rated: Option<bool>,
    /// Whether spectators' chat lines are shown to spectators only.
    #[serde(default)]
    spectators_apart: bool,
    /// What happens when a player resigns (a bot takes the seat unless said otherwise).
    #[serde(default)]
    on_resign: OnResign,
    /// Whether the creator may ask for hints; only when every other seat is a bot.
    #[serde(default)]
    hints: bool,
}

/// Refuses hints unless the creator plays alone against bots: in a game with another person a
/// hint would be cheating (and an open or invited seat may yet bring one).
fn check_hints(seats: &[SeatRequest]) -> AppResult<()> {
    let alone_with_bots = seats
        .iter()
        .all(|seat| matches!(seat, SeatRequest::Me {} | SeatRequest::Bot { .. }))
        && seats.iter().any(|seat| matches!(seat, SeatRequest::Me {}));
    if alone_with_bots {
        Ok(())
    } else {
        Err(AppError::bad_request("hints-need-bots"))
    }
}

/// Refuses a player count, target or round limit outside what the create form offers, in
/// words a person understands: the engine plays any target, but a game of this site keeps to
/// what its form says. (The engine's own check stays behind it for anything else.)
fn check_form_limits(options: &GameOptions) -> AppResult<()> {
    use render::pages::{ROUND_LIMIT_MAX, TARGET_VP_MAX};
    if !(2..=4).contains(&options.players) {
        return Err(AppError::bad_request("players-count"));
    }
    if options.target_vp == Some(0) {
        return Err(AppError::bad_request("target-too-low"));
    }
    if options.round_limit == Some(0) {
        return Err(AppError::bad_request("round-limit-too-low"));
    }
    if options
        .target_vp
        .is_some_and(|target| target > TARGET_VP_MAX)
    {
        return Err(AppError::bad_request("target-too-high").with("max", TARGET_VP_MAX));
    }
    if options
        .round_limit
        .is_some_and(|limit| limit > ROUND_LIMIT_MAX)
    {
        return Err(AppError::bad_request("round-limit-too-high").with("max", ROUND_LIMIT_MAX));
    }
    Ok(())
}

/// `POST /api/games`: creates an open game. Answers its id and the invitation tokens by seat.
pub async fn create(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<CreateBody>,
) -> AppResult<(StatusCode, Json<serde_json::Value>)> {
    let (id, invites) = open_game(&app, &user, &body, Kind::Regular).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "invites": invites })),
    ))
}

/// What kind of game [`open_game`] opens.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A game of the lobby, dealt from a random seed.
    Regular,
    /// A tutorial game, dealt from this seed (see [`crate::lobby::tutorial`]).
    Tutorial { seed: u64 },
}

impl CreateBody {
    /// The tutorial game: two players, the creator in seat 0 and a casual bot, unrated.
    pub(crate) fn tutorial() -> CreateBody {
        CreateBody {
            options: GameOptions::for_players(2),
            seats: vec![
                SeatRequest::Me {},
                SeatRequest::Bot {
                    level: BotLevel::Greedy,
                },
            ],
            time_control: None,
            rated: Some(false),
            spectators_apart: false,
            on_resign: OnResign::default(),
            hints: false,
        }
    }
}

/// Stores a new open game as `body` describes it, created by `user` (within their cap on open
/// games); answers its id and the invitation tokens by seat.
pub(crate) async fn open_game(
    app: &AppState,
    user: &User,
    body: &CreateBody,
    kind: Kind,
) -> AppResult<(String, BTreeMap<String, String>)> {
    check_form_limits(&body.options)?;
    body.options
        .check()
        .map_err(|problem| AppError::bad_request("options-invalid").detailed(problem))?;
    if let Some(control) = &body.time_control {
        control.check().map_err(AppError::bad_request)?;
    }
    if body.seats.len() != usize::from(body.options.players) {
        return Err(AppError::bad_request("seats-count")
            .with("seats", body.seats.len())
            .with("players", body.options.players));
    }
    if body
        .seats
        .iter()
        .filter(|s| matches!(s, SeatRequest::Me {}))
        .count()
        > 1
    {
        return Err(AppError::bad_request("one-seat-only"));
    }
    if body.hints {
        check_hints(&body.seats)?;
    }
    let invited_bots = invited_bots(app, &body.seats).await?;
    let mut invites = BTreeMap::new();
    let seats: Vec<SeatRecord> = body
        .seats
        .iter()
        .enumerate()
        .map(|(i, request)| {
            let occupant = match request {
                SeatRequest::Me {} => Occupant::Human {
                    user_id: user.id.clone(),
                    username: user.name.clone(),
                    invite: None,
                },
                SeatRequest::Open {} => Occupant::Open,
                SeatRequest::Invite {} => {
                    let token = random_token();
                    invites.insert(i.to_string(), token.clone());
                    Occupant::Invite { token }
                }
                SeatRequest::Bot { level } => Occupant::Bot { level: *level },
                SeatRequest::BotAccount { .. } => {
                    let bot = &invited_bots[&i];
                    Occupant::InvitedBot {
                        user_id: bot.id.clone(),
                        username: bot.username.clone(),
                    }
                }
            };
            SeatRecord::new(i as u8, occupant)
        })
        .collect();
    let record = GameRecordRow {
        id: random_token()[..12].to_string(),
        creator_id: user.id.clone(),
        options: body.options,
        seed: match kind {
            Kind::Regular => random_seed(),
            Kind::Tutorial { seed } => seed,
        },
        status: GameStatus::Open,
        created_at: now(),
        version: 0,
        seats,
        actions: Vec::new(),
        clock: body
            .time_control
            .as_ref()
            .map(|control| Clock::new(*control, body.options.players)),
        rated: body.rated.unwrap_or(true) && rateable(&body.seats),
        rating_changes: Vec::new(),
        spectators_apart: body.spectators_apart,
        on_resign: body.on_resign,
        ended_by_resignation: false,
        hints: body.hints,
        tutorial: matches!(kind, Kind::Tutorial { .. }),
    };
    let id = record.id.clone();
    let state = GameState::from_record(record.clone()).map_err(AppError::internal)?;
    // Every node's lobby is a query: the game is there for all of them once this commits.
    let cap = limits::open_games(app, &user.id);
    write_path::create(app, &id, state, app.store.create_game(&record, &cap)).await?;
    Ok((id, invites))
}

/// Whether a game of these seats can be rated: among people only (their ratings), or among
/// bots only with at least one bot account (the bot ladder, the built-in levels its anchors).
/// A game of people and bots is never rated.
fn rateable(seats: &[SeatRequest]) -> bool {
    let bot_accounts = seats
        .iter()
        .any(|seat| matches!(seat, SeatRequest::BotAccount { .. }));
    let built_in = seats
        .iter()
        .any(|seat| matches!(seat, SeatRequest::Bot { .. }));
    let people = seats.iter().any(|seat| {
        matches!(
            seat,
            SeatRequest::Me {} | SeatRequest::Open {} | SeatRequest::Invite {}
        )
    });
    if bot_accounts {
        !people
    } else {
        !built_in
    }
}

/// The bot accounts invited by name, by seat: each must be a bot account, and none twice.
async fn invited_bots(
    app: &AppState,
    seats: &[SeatRequest],
) -> AppResult<BTreeMap<usize, crate::storage::UserRecord>> {
    let mut bots = BTreeMap::new();
    for (i, seat) in seats.iter().enumerate() {
        let SeatRequest::BotAccount { name } = seat else {
            continue;
        };
        let bot = app
            .store
            .user_by_name(name.trim())
            .await?
            .filter(|user| user.bot)
            .ok_or_else(|| {
                AppError::bad_request("no-such-bot-account").with("name", name.trim().to_string())
            })?;
        if bots
            .values()
            .any(|other: &crate::storage::UserRecord| other.id == bot.id)
        {
            return Err(AppError::bad_request("bot-invited-twice").with("name", bot.username));
        }
        bots.insert(i, bot);
    }
    Ok(bots)
}

/// Body of `POST /api/games/{id}/join`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct JoinBody {
    seat: Option<u8>,
    invite: Option<String>,
}

/// `POST /api/games/{id}/join`: takes an open seat, or the seat an invitation reserves.
pub async fn join(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
    JsonBody(body): JsonBody<JoinBody>,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    take_seat(&app, &live, &user, &body).await
}

async fn take_seat(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    user: &User,
    body: &JoinBody,
) -> AppResult<Json<serde_json::Value>> {
    let mut state = lock_fresh(app, live).await?;
    if state.status != GameStatus::Open {
        return Err(AppError::conflict("already-started"));
    }
    if state.seat_of(&user.id).is_some() {
        return Err(AppError::conflict("already-seated"));
    }
    let fits = |s: &&SeatRecord| match (&s.occupant, &body.invite) {
        (Occupant::Invite { token }, Some(invite)) => token == invite,
        (Occupant::Open, None) => true,
        _ => false,
    };
    let chosen = match body.seat {
        Some(n) => state.seats.iter().find(|s| s.seat == n).filter(fits),
        None => state.seats.iter().find(fits),
    };
    let Some(chosen) = chosen else {
        return Err(match (&body.invite, body.seat) {
            (Some(_), _) => AppError::forbidden("invitation-invalid"),
            (None, Some(n)) => AppError::conflict("seat-not-open").with("n", u32::from(n) + 1),
            (None, None) => AppError::conflict("no-open-seat"),
        });
    };
    let old = chosen.occupant.clone();
    let seat = chosen.seat;
    let taken = SeatRecord::new(
        chosen.seat,
        Occupant::Human {
            user_id: user.id.clone(),
            username: user.name.clone(),
            invite: body.invite.clone(),
        },
    );
    change_seat(app, live, &mut state, taken, &old).await?;
    Ok(Json(json!({ "seat": seat })))
}

/// `POST /api/games/{id}/leave`: gives a seat back before the start; the creator leaving
/// cancels the game.
pub async fn leave(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    give_seat_back(&app, &live, &user).await
}

pub(crate) async fn give_seat_back(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    user: &User,
) -> AppResult<Json<serde_json::Value>> {
    let mut state = lock_fresh(app, live).await?;
    if state.status != GameStatus::Open {
        return Err(AppError::conflict("cannot-leave-started"));
    }
    if state.creator_id == user.id {
        set_status(app, live, &mut state, GameStatus::Cancelled).await?;
        drop(state);
        app.games.remove(&live.id);
        return Ok(Json(json!({ "cancelled": true })));
    }
    let seat = state
        .seat_of(&user.id)
        .ok_or_else(|| AppError::conflict("not-seated"))?;
    let old = state.seats[seat.index()].occupant.clone();
    let freed = SeatRecord::new(
        seat.0,
        match &old {
            Occupant::Human {
                invite: Some(token),
                ..
            } => Occupant::Invite {
                token: token.clone(),
            },
            _ => Occupant::Open,
        },
    );
    change_seat(app, live, &mut state, freed, &old).await?;
    Ok(Json(json!({ "cancelled": false })))
}

/// `POST /api/games/{id}/start`: the creator starts a game whose seats are all filled.
pub async fn start(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id).await?;
    start_now(&app, &live, &user).await
}

pub(crate) async fn start_now(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    user: &User,
) -> AppResult<Json<serde_json::Value>> {
    let mut state = lock_fresh(app, live).await?;
    if state.creator_id != user.id {
        return Err(AppError::forbidden("only-creator-starts"));
    }
    if state.status != GameStatus::Open {
        return Err(AppError::conflict("already-started"));
    }
    if !state.is_full() {
        return Err(AppError::conflict("seats-not-filled"));
    }
    set_status(app, live, &mut state, GameStatus::Running).await?;
    let version = state.version();
    drop(state);
    Ok(Json(json!({ "status": "running", "version": version })))
}

/// Commits a seat's new occupant through the write path if the seat still holds `old`; on a
/// conflict the game is reloaded from the database.
pub(super) async fn change_seat(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    state: &mut GameState,
    seat: SeatRecord,
    old: &Occupant,
) -> AppResult<()> {
    let unrate = state.rated && !old.keeps_rating_when_it_becomes(&seat.occupant);
    let stored = app.store.update_seat(&live.id, &seat, old, unrate);
    let index = usize::from(seat.seat);
    let seated = seat.clone();
    commit(app, live, state, stored, |state, ()| {
        state.seats[index] = seated;
        state.rated &= !unrate;
    })
    .await?;
    Ok(())
}

/// Moves an open game to `to` (running or cancelled), then shows it; the people seated, but the
/// creator who started it, are told by mail. A game with bots starts only while its creator is
/// under the cap on running bot games. On a conflict the game is reloaded from the database.
async fn set_status(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    state: &mut GameState,
    to: GameStatus,
) -> AppResult<()> {
    let to_move = (to == GameStatus::Running)
        .then(|| state.game().to_move())
        .flatten();
    let clock = state.clock_passed_to(to_move);
    // A game that starts while one of its people is on vacation waits for their return.
    let clock = match to {
        GameStatus::Running => clock_at_start(app, &live.id, &state.seats, clock).await?,
        _ => clock,
    };
    let started = (to == GameStatus::Running)
        .then(|| MailEvent::to_everyone(MailKind::GameStarted, Some(&state.creator_id)));
    let has_bots = state.seats.iter().any(|seat| seat.occupant.is_bot());
    let cap =
        (to == GameStatus::Running && has_bots).then(|| limits::bot_games(app, &state.creator_id));
    let stored = app.store.set_status(
        &live.id,
        (GameStatus::Open, to),
        to_move,
        clock.as_ref(),
        started.as_ref(),
        cap.as_ref(),
    );
    let clock_after = clock.clone();
    commit(app, live, state, stored, |state, ()| {
        state.status = to;
        state.clock = clock_after;
    })
    .await?;
    Ok(())
}

/// A game as the lobby lists it.
#[derive(Clone, Debug, Serialize)]
pub struct LobbyGame {
    /// Game id.
    pub id: String,
    /// Seated players: name and whether a bot.
    pub players: Vec<(String, bool)>,
    /// Number of seats.
    pub seats: u8,
    /// open, running or finished.
    pub status: String,
    /// Whether the asking user decides now.
    pub your_turn: bool,
    /// The options.
    pub options: GameOptions,
    /// Seats anyone may join.
    pub open_seats: Vec<u8>,
    /// When it was created (UTC, RFC 3339).
    pub created_at: String,
    /// The winners of a finished game.
    pub winner_names: Vec<String>,
    /// The time control, for a game with a clock.
    pub time_control: Option<TimeControl>,
    /// Whether the result counts for ratings.
    pub rated: bool,
    /// When the asking user's clock runs out, while it is their turn in a game with a clock
    /// (milliseconds since the epoch).
    pub your_deadline_ms: Option<i64>,
    /// Since when the game has awaited the asking user's decision (milliseconds since the
    /// epoch), while it does.
    pub your_turn_since_ms: Option<i64>,
    /// The names of the players (of `players`) on vacation now.
    pub on_vacation: Vec<String>,
    #[serde(skip)]
    created: i64,
}

/// The people seated in `games`, by account id.
fn people_of(games: &[ListedGame]) -> Vec<String> {
    let mut people: Vec<String> = games
        .iter()
        .flat_map(|game| game.seats.iter())
        .filter_map(|seat| seat.occupant.user_id().map(str::to_string))
        .collect();
    people.sort();
    people.dedup();
    people
}

/// Who of the people seated in `games` is on vacation now.
async fn away_in(app: &AppState, games: &[ListedGame]) -> AppResult<HashSet<String>> {
    let away = app.store.away_now(&people_of(games), now_ms()).await?;
    Ok(away.into_keys().collect())
}

fn summary(game: ListedGame, user: Option<&User>, lang: Lang, away: &HashSet<String>) -> LobbyGame {
    let seat = user.and_then(|u| crate::domain::game_state::seat_of(&game.seats, &u.id));
    let on_vacation = game
        .seats
        .iter()
        .filter(|s| s.occupant.user_id().is_some_and(|id| away.contains(id)))
        .map(|s| seat_name(&game.seats, Seat(s.seat), lang))
        .collect();
    let players = game
        .seats
        .iter()
        .filter(|s| !s.occupant.is_free())
        .map(|s| (seat_name(&game.seats, Seat(s.seat), lang), s.shown_as_bot()))
        .collect();
    let winner_names = game
        .winners
        .iter()
        .map(|&seat| seat_name(&game.seats, seat, lang))
        .collect();
    let your_turn = seat.is_some_and(|seat| {
        game.status == GameStatus::Running
            && game.to_move == Some(seat)
            && game.seats[seat.index()].stand_in.is_none()
    });
    LobbyGame {
        players,
        seats: game.options.players,
        status: game.status.as_str().into(),
        your_turn,
        options: game.options,
        open_seats: game
            .seats
            .iter()
            .filter(|s| s.occupant == Occupant::Open)
            .map(|s| s.seat)
            .collect(),
        created_at: crate::domain::time::rfc3339(game.created_at),
        winner_names,
        time_control: game.time_control,
        rated: game.rated,
        your_deadline_ms: game.deadline_ms.filter(|_| your_turn),
        your_turn_since_ms: game.turn_began_ms.filter(|_| your_turn),
        on_vacation,
        created: game.created_at,
        id: game.id,
    }
}

/// Which list.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ListKind {
    /// Games with a seat anyone may join.
    Open,
    /// The user's open and running games, those awaiting their decision first (the one that
    /// has waited longest first).
    Mine,
    /// Finished games, newest first.
    Finished,
    /// Running games anyone may watch, newest first.
    Running,
}

/// Query of `GET /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    list: ListKind,
}

/// The summaries of one list, at most 200: a database query, whichever node asks.
///
/// # Errors
/// Database failure.
pub async fn summaries(
    app: &AppState,
    kind: ListKind,
    user: Option<&User>,
    lang: Lang,
) -> AppResult<Vec<LobbyGame>> {
    let filter = match (kind, user) {
        (ListKind::Open, _) => GameFilter::Open,
        (ListKind::Mine, Some(user)) => GameFilter::Mine {
            user_id: user.id.clone(),
        },
        (ListKind::Mine, None) => return Ok(Vec::new()),
        (ListKind::Finished, _) => GameFilter::Finished,
        (ListKind::Running, _) => GameFilter::Running,
    };
    let games = app.store.list_games(&filter).await?;
    let away = away_in(app, &games).await?;
    let mut list: Vec<LobbyGame> = games
        .into_iter()
        .map(|game| summary(game, user, lang, &away))
        .collect();
    list.sort_by(|a, b| {
        b.your_turn
            .cmp(&a.your_turn)
            .then(a.your_turn_since_ms.cmp(&b.your_turn_since_ms))
            .then(b.created.cmp(&a.created))
            .then(a.id.cmp(&b.id))
    });
    Ok(list)
}

/// `GET /api/games?list=open|mine|running|finished`.
pub async fn list(
    State(app): State<AppState>,
    user: MaybeUser,
    headers: HeaderMap,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> AppResult<Json<Vec<LobbyGame>>> {
    let Query(query) = query.map_err(|_| AppError::bad_request("bad-address"))?;
    if query.list == ListKind::Mine && user.0.is_none() {
        return Err(AppError::unauthorized("not-logged-in"));
    }
    let lang = crate::http::language::lang_of(&headers);
    Ok(Json(
        summaries(&app, query.list, user.0.as_ref(), lang).await?,
    ))
}

/// The open game that invitation `token` is for, as the lobby lists it; `None` if there is
/// none (a wrong token, a seat already taken, a game started or cancelled).
///
/// # Errors
/// Database failure.
pub async fn invitation(
    app: &AppState,
    token: &str,
    user: Option<&User>,
    lang: Lang,
) -> AppResult<Option<LobbyGame>> {
    let filter = GameFilter::Invited {
        token: token.to_string(),
    };
    let found: Vec<ListedGame> = app
        .store
        .list_games(&filter)
        .await?
        .into_iter()
        .take(1)
        .collect();
    let away = away_in(app, &found).await?;
    Ok(found
        .into_iter()
        .next()
        .map(|game| summary(game, user, lang, &away)))
}

/// The waiting room of game `live` as `user` sees it, while the game has not started; `None`
/// once it has. Only the host sees the invitation links.
///
/// # Errors
/// Database failure.
pub async fn waiting_room(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    user: &User,
    lang: Lang,
) -> AppResult<Option<render::pages::WaitingRoom>> {
    use render::pages::{WaitingRoom, WaitingSeat};
    let snapshot = live.snapshot();
    if snapshot.status != GameStatus::Open {
        return Ok(None);
    }
    let creator_id = live.lock().await.creator_id.clone();
    let viewer_is_host = creator_id == user.id;
    let seated_host = snapshot.seats.iter().find_map(|seat| match &seat.occupant {
        Occupant::Human {
            user_id, username, ..
        } if *user_id == creator_id => Some(username.clone()),
        _ => None,
    });
    let host = match seated_host {
        Some(name) => name,
        None => app
            .store
            .username_of(&creator_id)
            .await?
            .unwrap_or_default(),
    };
    let seats = snapshot
        .seats
        .iter()
        .map(|seat| match &seat.occupant {
            Occupant::Open => WaitingSeat::Open,
            Occupant::Invite { token } => WaitingSeat::Invited {
                link: viewer_is_host.then(|| format!("/lobby?invite={token}")),
            },
            Occupant::InvitedBot { username, .. } => WaitingSeat::BotInvited(username.clone()),
            Occupant::Human { .. } | Occupant::Bot { .. } => WaitingSeat::Taken(
                seat_name(&snapshot.seats, Seat(seat.seat), lang),
                seat.shown_as_bot(),
            ),
        })
        .collect();
    Ok(Some(WaitingRoom {
        game_id: live.id.to_string(),
        host,
        viewer_is_host,
        viewer_seated: snapshot.seat_of(&user.id).is_some(),
        seats,
    }))
}
