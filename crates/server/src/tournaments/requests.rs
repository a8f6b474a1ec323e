//! The requests of tournaments: create one (`POST /api/tournaments`), list them
//! (`GET /api/tournaments`), one with its entries, standings and rounds
//! (`GET /api/tournaments/{id}`), and enter or withdraw before the start
//! (`POST /api/tournaments/{id}/enter`, `…/withdraw`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use helvetia_web::pages::{TournamentLists, TournamentView};

use super::view::{summary_of, view_of};
use crate::accounts::auth::{MaybeUser, User};
use crate::domain::clock::now_ms;
use crate::domain::play_now::Pace;
use crate::domain::time::parse_rfc3339;
use crate::domain::tournament::TournamentStatus;
use crate::domain::typed_text::{self, Typed};
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::state::AppState;
use crate::storage::{NewTournament, StoreError};

/// The most rounds a tournament may have.
pub const MAX_ROUNDS: u8 = 10;
/// How far ahead a tournament may start: 60 days.
const MAX_LEAD_MS: i64 = 60 * 86_400_000;
/// How long before now a start time may lie (the form's minute, a slow request).
const START_SLACK_MS: i64 = 5 * 60_000;
/// Upcoming tournaments one person may have created at a time: enough for a club's season,
/// too few to fill the lists.
pub const MOST_UPCOMING_PER_CREATOR: u32 = 5;
/// Tournaments listed per status.
const LISTED: u32 = 50;

/// Body of `POST /api/tournaments`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateBody {
    /// The tournament's name, 3 to 60 characters once trimmed.
    pub name: String,
    /// Players per table: 2, 3 or 4.
    pub players: u8,
    /// The pace, by name (`live-20`, `live-5`, `days-1`, `days-2`, `days-3`).
    pub pace: String,
    /// How many Swiss rounds.
    pub rounds: u8,
    /// RFC 3339.
    pub starts_at: String,
    /// Live paces: minutes from one round's start to the next's (the pace's default if none).
    #[serde(default)]
    pub round_minutes: Option<u32>,
    /// Whether its games count for the ratings.
    #[serde(default = "rated_by_default")]
    pub rated: bool,
    /// The lowest rating (at the tournament's player count) that may enter, if any.
    #[serde(default)]
    pub min_rating: Option<i32>,
    /// The fewest finished games an entrant must have played.
    #[serde(default)]
    pub min_games: u32,
}

fn rated_by_default() -> bool {
    true
}

/// The minutes between live rounds unless the creator says: long enough for the pace's games.
pub fn default_round_minutes(pace: Pace) -> u32 {
    match pace {
        Pace::Live20 => 120,
        Pace::Live5 => 45,
        _ => 0,
    }
}

/// The tournament a create request asks for, checked.
pub fn asked(body: CreateBody, creator_id: &str, now_ms: i64) -> AppResult<NewTournament> {
    let name = typed_text::checked(&body.name, Typed::Name, 3, 60)
        .map_err(|_| AppError::bad_request("tournament-name"))?;
    if !(2..=4).contains(&body.players) {
        return Err(AppError::bad_request("tournament-players"));
    }
    let pace = Pace::parse(&body.pace).ok_or_else(|| AppError::bad_request("tournament-pace"))?;
    if !(1..=MAX_ROUNDS).contains(&body.rounds) {
        return Err(
            AppError::bad_request("tournament-rounds").with("rounds", u32::from(MAX_ROUNDS))
        );
    }
    let starts_at_ms = parse_rfc3339(&body.starts_at)
        .map(|time| (time.unix_timestamp_nanos() / 1_000_000) as i64)
        .filter(|at| (now_ms - START_SLACK_MS..=now_ms + MAX_LEAD_MS).contains(at))
        .ok_or_else(|| AppError::bad_request("tournament-start"))?;
    let round_minutes = match (pace.is_live(), body.round_minutes) {
        (false, None) => 0,
        (false, Some(_)) => return Err(AppError::bad_request("tournament-round-minutes")),
        (true, None) => default_round_minutes(pace),
        (true, Some(minutes @ 10..=600)) => minutes,
        (true, Some(_)) => return Err(AppError::bad_request("tournament-round-minutes")),
    };
    let limits_ok = body
        .min_rating
        .is_none_or(|rating| (0..=3000).contains(&rating))
        && body.min_games <= 1000;
    if !limits_ok {
        return Err(AppError::bad_request("tournament-limits"));
    }
    Ok(NewTournament {
        name,
        creator_id: creator_id.to_string(),
        players: body.players,
        pace,
        rounds: body.rounds,
        starts_at_ms,
        round_minutes,
        rated: body.rated,
        min_rating: body.min_rating,
        min_games: body.min_games,
    })
}

/// Answer of `POST /api/tournaments`.
#[derive(Serialize)]
pub struct Created {
    id: String,
}

/// `POST /api/tournaments`: anyone signed in creates one; it starts at its time and the
/// tournament worker plays its rounds.
pub async fn create(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<CreateBody>,
) -> AppResult<(StatusCode, Json<Created>)> {
    let now = now_ms();
    let asked = asked(body, &user.id, now)?;
    let id = app
        .store
        .create_tournament(&asked, now, MOST_UPCOMING_PER_CREATOR)
        .await?
        .ok_or_else(|| {
            AppError::conflict("tournament-too-many").with("most", MOST_UPCOMING_PER_CREATOR)
        })?;
    app.tournament_wake.notify_one();
    Ok((StatusCode::CREATED, Json(Created { id })))
}

/// The tournaments upcoming (soonest first), running, and over (finished or cancelled;
/// newest first).
pub async fn lists(app: &AppState) -> AppResult<TournamentLists> {
    let list = |statuses: &'static [TournamentStatus]| async move {
        let rows = app.store.tournaments(statuses, LISTED).await?;
        AppResult::Ok(rows.iter().map(summary_of).collect::<Vec<_>>())
    };
    Ok(TournamentLists {
        upcoming: list(&[TournamentStatus::Upcoming]).await?,
        running: list(&[TournamentStatus::Running]).await?,
        finished: list(&[TournamentStatus::Finished, TournamentStatus::Cancelled]).await?,
    })
}

/// `GET /api/tournaments`.
pub async fn list(State(app): State<AppState>) -> AppResult<Json<TournamentLists>> {
    Ok(Json(lists(&app).await?))
}

/// One tournament as its page and `GET /api/tournaments/{id}` show it to `viewer`.
pub async fn tournament_view(
    app: &AppState,
    id: &str,
    viewer: Option<&User>,
) -> AppResult<TournamentView> {
    let snapshot = app
        .store
        .tournament(id)
        .await?
        .ok_or_else(|| AppError::not_found("no-such-tournament"))?;
    Ok(view_of(&snapshot, viewer.map(|user| user.id.as_str())))
}

/// `GET /api/tournaments/{id}`.
pub async fn get(
    State(app): State<AppState>,
    Path(id): Path<String>,
    MaybeUser(viewer): MaybeUser,
) -> AppResult<Json<TournamentView>> {
    Ok(Json(tournament_view(&app, &id, viewer.as_ref()).await?))
}

/// `POST /api/tournaments/{id}/enter`: enters the person, if the tournament has not started
/// and they meet its entry limits.
pub async fn enter(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<TournamentView>> {
    let snapshot = app
        .store
        .tournament(&id)
        .await?
        .ok_or_else(|| AppError::not_found("no-such-tournament"))?;
    let asked = &snapshot.tournament.asked;
    if let Some(min) = asked.min_rating {
        let rating = app
            .store
            .ratings_of(&user.id)
            .await?
            .iter()
            .find(|rating| rating.players == asked.players)
            .map_or(crate::domain::rating::starting_rating().rating, |rating| {
                rating.rating
            });
        if rating < f64::from(min) {
            return Err(AppError::forbidden("tournament-rating-too-low")
                .with("rating", rating.round() as i64)
                .with("min", i64::from(min)));
        }
    }
    if asked.min_games > 0 {
        let finished = app.store.game_counts(&user.id).await?.finished;
        if finished < i64::from(asked.min_games) {
            return Err(AppError::forbidden("tournament-too-few-games")
                .with("games", finished)
                .with("min", i64::from(asked.min_games)));
        }
    }
    match app.store.enter_tournament(&id, &user.id, now_ms()).await {
        Err(StoreError::Conflict) => return Err(AppError::conflict("tournament-closed")),
        other => other?,
    }
    Ok(Json(tournament_view(&app, &id, Some(&user)).await?))
}

/// `POST /api/tournaments/{id}/withdraw`: takes the person's entry out before the start, or
/// out of the later rounds once it runs.
pub async fn withdraw(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<TournamentView>> {
    match app
        .store
        .withdraw_from_tournament(&id, &user.id, now_ms())
        .await
    {
        Err(StoreError::Conflict) => {
            // No such tournament, or it is over.
            tournament_view(&app, &id, Some(&user)).await?;
            return Err(AppError::conflict("tournament-closed"));
        }
        other => other?,
    };
    Ok(Json(tournament_view(&app, &id, Some(&user)).await?))
}
