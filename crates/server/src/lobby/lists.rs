//! The lobby's lists of open, own, running and finished games: database queries, the same
//! on every node, each game summarised for the person who asks.

use std::collections::HashSet;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::Json;
use helvetia_engine::Seat;
use serde::{Deserialize, Serialize};

use crate::accounts::auth::{MaybeUser, User};
use crate::domain::clock::{now_ms, TimeControl};
use crate::domain::seats::{GameStatus, Occupant};
use crate::http::error::{AppError, AppResult};
use crate::names::seat_name;
use crate::state::AppState;
use crate::storage::{GameFilter, ListedGame};
use helvetia_web::{GameSummary, Lang, Pace};

/// A game as the lobby lists it.
#[derive(Clone, Debug, Serialize)]
pub struct LobbyGame {
    /// The game as the lists show it.
    #[serde(flatten)]
    pub game: GameSummary,
    /// When the asking user's clock runs out, while it is their turn in a game with a clock
    /// (milliseconds since the epoch).
    pub your_deadline_ms: Option<i64>,
    /// Since when the game has awaited the asking user's decision (milliseconds since the
    /// epoch), while it does.
    pub your_turn_since_ms: Option<i64>,
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
pub(super) async fn away_in(app: &AppState, games: &[ListedGame]) -> AppResult<HashSet<String>> {
    let away = app.store.away_now(&people_of(games), now_ms()).await?;
    Ok(away.into_keys().collect())
}

pub(super) fn summary(
    game: ListedGame,
    user: Option<&User>,
    lang: Lang,
    away: &HashSet<String>,
) -> LobbyGame {
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
        your_deadline_ms: game.deadline_ms.filter(|_| your_turn),
        your_turn_since_ms: game.turn_began_ms.filter(|_| your_turn),
        created: game.created_at,
        game: GameSummary {
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
            time_control: game.time_control.map(pace),
            rated: game.rated,
            on_vacation,
            id: game.id,
        },
    }
}

/// A time control as the lists send it.
fn pace(control: TimeControl) -> Pace {
    Pace {
        bank_secs: control.bank_secs,
        per_turn_secs: control.per_turn_secs,
        increment_secs: control.increment_secs,
        stand_in: control.stand_in.as_str(),
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
        b.game
            .your_turn
            .cmp(&a.game.your_turn)
            .then(a.your_turn_since_ms.cmp(&b.your_turn_since_ms))
            .then(b.created.cmp(&a.created))
            .then(a.game.id.cmp(&b.game.id))
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
