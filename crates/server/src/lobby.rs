//! The lobby: create a game with its seats, join, leave before the start, start, and the lists
//! of open, own and finished games.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use helvetia_engine::{GameOptions, Seat};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::auth::User;
use crate::error::{AppError, AppResult, JsonBody};
use crate::live::{GameState, LiveGame};
use crate::model::{BotLevel, GameStatus, Occupant, SeatRecord};
use crate::play::find;
use crate::storage::GameRecordRow;
use crate::{bots, now, random_seed, random_token, AppState};

/// How a seat is filled at creation.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum SeatRequest {
    /// The creator sits here.
    Me,
    /// Anyone may join.
    Open,
    /// Reserved for an invitation link.
    Invite,
    /// A computer player.
    Bot {
        /// Its strength.
        level: BotLevel,
    },
}

/// Body of `POST /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateBody {
    options: GameOptions,
    seats: Vec<SeatRequest>,
}

/// `POST /api/games`: creates an open game. Answers its id and the invitation tokens by seat.
pub async fn create(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<CreateBody>,
) -> AppResult<(StatusCode, Json<serde_json::Value>)> {
    body.options.check().map_err(AppError::bad_request)?;
    if body.seats.len() != usize::from(body.options.players) {
        return Err(AppError::bad_request(format!(
            "{} seats given for {} players",
            body.seats.len(),
            body.options.players
        )));
    }
    if body
        .seats
        .iter()
        .filter(|s| matches!(s, SeatRequest::Me))
        .count()
        > 1
    {
        return Err(AppError::bad_request("you can take only one seat"));
    }
    let mut invites = BTreeMap::new();
    let seats: Vec<SeatRecord> = body
        .seats
        .iter()
        .enumerate()
        .map(|(i, request)| SeatRecord {
            seat: i as u8,
            occupant: match request {
                SeatRequest::Me => Occupant::Human {
                    user_id: user.id.clone(),
                    username: user.name.clone(),
                    invite: None,
                },
                SeatRequest::Open => Occupant::Open,
                SeatRequest::Invite => {
                    let token = random_token();
                    invites.insert(i.to_string(), token.clone());
                    Occupant::Invite { token }
                }
                SeatRequest::Bot { level } => Occupant::Bot { level: *level },
            },
        })
        .collect();
    let record = GameRecordRow {
        id: random_token()[..12].to_string(),
        creator_id: user.id.clone(),
        options: body.options,
        seed: random_seed(),
        status: GameStatus::Open,
        created_at: now(),
        seats,
        actions: Vec::new(),
    };
    app.store.create_game(&record).await?;
    let id = record.id.clone();
    let state = GameState::from_record(record).map_err(AppError::internal)?;
    app.hub.insert(Arc::new(LiveGame::new(id.clone(), state)));
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "invites": invites })),
    ))
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
    let live = find(&app, &id)?;
    let mut state = live.state.lock().await;
    if state.status != GameStatus::Open {
        return Err(AppError::conflict("the game has already started"));
    }
    if state.seat_of(&user.id).is_some() {
        return Err(AppError::conflict("you already have a seat in this game"));
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
            (Some(_), _) => AppError::forbidden("this invitation is not valid for this game"),
            (None, Some(n)) => AppError::conflict(format!("seat {n} is not open")),
            (None, None) => AppError::conflict("no open seat left"),
        });
    };
    let old = chosen.occupant.clone();
    let taken = SeatRecord {
        seat: chosen.seat,
        occupant: Occupant::Human {
            user_id: user.id.clone(),
            username: user.name.clone(),
            invite: body.invite.clone(),
        },
    };
    app.store.update_seat(&id, &taken, &old).await?;
    let seat = taken.seat;
    state.seats[usize::from(seat)] = taken;
    state.touch();
    live.notify(state.revision);
    Ok(Json(json!({ "seat": seat })))
}

/// `POST /api/games/{id}/leave`: gives a seat back before the start; the creator leaving
/// cancels the game.
pub async fn leave(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id)?;
    let mut state = live.state.lock().await;
    if state.status != GameStatus::Open {
        return Err(AppError::conflict("a started game cannot be left"));
    }
    if state.creator_id == user.id {
        app.store
            .set_status(&id, GameStatus::Open, GameStatus::Cancelled)
            .await?;
        state.status = GameStatus::Cancelled;
        state.touch();
        live.notify(state.revision);
        drop(state);
        app.hub.remove(&id);
        return Ok(Json(json!({ "cancelled": true })));
    }
    let seat = state
        .seat_of(&user.id)
        .ok_or_else(|| AppError::conflict("you have no seat in this game"))?;
    let old = state.seats[seat.index()].occupant.clone();
    let freed = SeatRecord {
        seat: seat.0,
        occupant: match &old {
            Occupant::Human {
                invite: Some(token),
                ..
            } => Occupant::Invite {
                token: token.clone(),
            },
            _ => Occupant::Open,
        },
    };
    app.store.update_seat(&id, &freed, &old).await?;
    state.seats[seat.index()] = freed;
    state.touch();
    live.notify(state.revision);
    Ok(Json(json!({ "cancelled": false })))
}

/// `POST /api/games/{id}/start`: the creator starts a game whose seats are all filled.
pub async fn start(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    let live = find(&app, &id)?;
    let mut state = live.state.lock().await;
    if state.creator_id != user.id {
        return Err(AppError::forbidden("only the creator can start the game"));
    }
    if state.status != GameStatus::Open {
        return Err(AppError::conflict("the game has already started"));
    }
    if !state.is_full() {
        return Err(AppError::conflict("not every seat is filled yet"));
    }
    app.store
        .set_status(&id, GameStatus::Open, GameStatus::Running)
        .await?;
    state.status = GameStatus::Running;
    state.touch();
    let bot_next = state.to_move().is_some_and(|s| state.is_bot(s));
    live.notify(state.revision);
    drop(state);
    if bot_next {
        bots::wake(&app, &live);
    }
    Ok(Json(json!({ "status": "running", "version": 0 })))
}

/// A game as the lobby lists it.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
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
    #[serde(skip)]
    created: i64,
    #[serde(skip)]
    mine: bool,
}

fn summary(live: &LiveGame, state: &GameState, user: Option<&User>) -> Summary {
    let seat = user.and_then(|u| state.seat_of(&u.id));
    let players = state
        .seats
        .iter()
        .filter(|s| !s.occupant.is_free())
        .map(|s| {
            (
                crate::outbound::seat_name(state, Seat(s.seat)),
                matches!(s.occupant, Occupant::Bot { .. }),
            )
        })
        .collect();
    let winner_names = if state.status == GameStatus::Finished {
        state
            .game()
            .standings()
            .iter()
            .filter(|s| s.rank == 1)
            .map(|s| crate::outbound::seat_name(state, s.seat))
            .collect()
    } else {
        Vec::new()
    };
    Summary {
        id: live.id.clone(),
        players,
        seats: state.options.players,
        status: state.status.as_str().into(),
        your_turn: seat.is_some() && state.to_move() == seat,
        options: state.options,
        open_seats: state
            .seats
            .iter()
            .filter(|s| s.occupant == Occupant::Open)
            .map(|s| s.seat)
            .collect(),
        created_at: crate::rfc3339(state.created_at),
        winner_names,
        created: state.created_at,
        mine: seat.is_some() || user.is_some_and(|u| u.id == state.creator_id),
    }
}

/// Which list.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ListKind {
    /// Games with a seat anyone may join.
    Open,
    /// The user's open and running games, those awaiting their decision first.
    Mine,
    /// Finished games, newest first.
    Finished,
}

/// Query of `GET /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    list: ListKind,
}

/// The summaries of one list, at most 200.
pub async fn summaries(app: &AppState, kind: ListKind, user: Option<&User>) -> Vec<Summary> {
    let mut list = Vec::new();
    for live in app.hub.all() {
        let state = live.state.lock().await;
        let item = summary(&live, &state, user);
        let wanted = match kind {
            ListKind::Open => state.status == GameStatus::Open && !item.open_seats.is_empty(),
            ListKind::Mine => {
                item.mine && matches!(state.status, GameStatus::Open | GameStatus::Running)
            }
            ListKind::Finished => state.status == GameStatus::Finished,
        };
        if wanted {
            list.push(item);
        }
    }
    list.sort_by(|a, b| {
        b.your_turn
            .cmp(&a.your_turn)
            .then(b.created.cmp(&a.created))
            .then(a.id.cmp(&b.id))
    });
    list.truncate(200);
    list
}

/// `GET /api/games?list=open|mine|finished`.
pub async fn list(
    State(app): State<AppState>,
    user: User,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> AppResult<Json<Vec<Summary>>> {
    let Query(query) =
        query.map_err(|_| AppError::bad_request("give list=open, list=mine or list=finished"))?;
    Ok(Json(summaries(&app, query.list, Some(&user)).await))
}
