//! Creating a game: the form's seats and options checked, the game stored open and held by
//! the write path ([`crate::live::write_path::create`]), for the lobby and a tutorial alike.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use helvetia_engine::GameOptions;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::User;
use crate::accounts::limits;
use crate::domain::clock::{Clock, TimeControl};
use crate::domain::game_state::GameState;
use crate::domain::seats::{BotLevel, GameStatus, Occupant, OnResign, SeatRecord};
use crate::domain::time::now;
use crate::domain::tokens::{random_seed, random_token};
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::live::write_path;
use crate::state::AppState;
use crate::storage::{GameRecordRow, GameSettings};
use helvetia_web as render;

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
        settings: GameSettings {
            rated: body.rated.unwrap_or(true) && rateable(&body.seats),
            spectators_apart: body.spectators_apart,
            on_resign: body.on_resign,
            hints: body.hints,
            tutorial: matches!(kind, Kind::Tutorial { .. }),
        },
        rating_changes: Vec::new(),
        ended_by_resignation: false,
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
