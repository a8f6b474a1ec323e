//! Each player's profile and its JSON: ratings with their history, how their games ended,
//! their latest games.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use serde::Serialize;

use crate::accounts::auth::MaybeUser;
use crate::accounts::page_context::PageContext;
use crate::domain::clock::now_ms;
use crate::domain::game_state::seat_of;
use crate::domain::seats::GameStatus;
use crate::domain::time::rfc3339;
use crate::domain::vacation::{day_of, day_text};
use crate::http::error::{AppError, AppResult};
use crate::http::language::{lang_of, LangQuery};
use crate::names::seat_name;
use crate::state::AppState;
use crate::storage::ListedGame;
use helvetia_web::pages::{self as web, Profile, ProfileGame};
use helvetia_web::Lang;

/// A player's profile, as `GET /api/players/{name}` answers it.
#[derive(Serialize)]
pub struct PlayerProfile {
    name: String,
    /// Whether it is a bot account (a program playing through the API).
    bot: bool,
    /// The last day (UTC, `2026-07-01`) of the vacation they are on now, if they are.
    on_vacation_until: Option<String>,
    ratings: Vec<RatingNow>,
    history: Vec<RatingThen>,
    /// Their puzzle rating, once they tried a puzzle.
    puzzle_rating: Option<PuzzleRatingNow>,
    played: i64,
    finished: i64,
    abandoned: i64,
    games: Vec<PlayedGame>,
}

/// A current rating.
#[derive(Serialize)]
struct RatingNow {
    players: u8,
    rating: f64,
    deviation: f64,
    games: i64,
}

/// A person's puzzle rating: apart from game ratings, moved by each first attempt at a puzzle.
#[derive(Serialize)]
struct PuzzleRatingNow {
    rating: f64,
    deviation: f64,
    /// Puzzles tried.
    attempts: i64,
    /// The latest puzzles tried (at most ten), the latest first.
    recent: Vec<PuzzleTried>,
}

/// A person's first attempt at a puzzle.
#[derive(Serialize)]
struct PuzzleTried {
    puzzle: String,
    solved: bool,
    before: f64,
    after: f64,
    at: String,
}

/// The rating after one rated game.
#[derive(Serialize)]
struct RatingThen {
    players: u8,
    at: String,
    rating: f64,
}

/// One of the player's games.
#[derive(Serialize)]
struct PlayedGame {
    id: String,
    players: Vec<String>,
    status: &'static str,
    created_at: String,
    /// How it ended for the player: "won", "shared", "lost" or "none" (abandoned); `None`
    /// until it ends.
    result: Option<&'static str>,
    /// The winners' names, once finished.
    winners: Vec<String>,
}

impl PlayedGame {
    /// The player's result for the page.
    fn result_for_page(&self) -> Option<web::GameResult> {
        Some(match self.result? {
            "won" => web::GameResult::Won,
            "shared" => web::GameResult::Shared,
            "lost" => web::GameResult::Lost(self.winners.clone()),
            _ => web::GameResult::NoResult,
        })
    }
}

/// How `game` ended for the player `user_id`, once it did.
fn result_of(game: &ListedGame, user_id: &str) -> Option<&'static str> {
    match game.status {
        GameStatus::Abandoned => Some("none"),
        GameStatus::Finished => {
            let seat = seat_of(&game.seats, user_id);
            let won = seat.is_some_and(|seat| game.winners.contains(&seat));
            Some(match (won, game.winners.len()) {
                (true, 1) => "won",
                (true, _) => "shared",
                (false, _) => "lost",
            })
        }
        _ => None,
    }
}

impl PlayerProfile {
    fn for_page(self) -> Profile {
        Profile {
            name: self.name,
            bot: self.bot,
            on_vacation_until: self.on_vacation_until,
            ratings: self
                .ratings
                .iter()
                .map(|r| {
                    let rounded = (r.rating.round() as i64, r.deviation.round() as i64);
                    (r.players, rounded.0, rounded.1, r.games)
                })
                .collect(),
            history: self.history.iter().map(|p| (p.players, p.rating)).collect(),
            puzzles: self
                .puzzle_rating
                .as_ref()
                .map(|p| (p.rating.round() as i64, p.attempts)),
            puzzle_history: self
                .puzzle_rating
                .iter()
                .flat_map(|p| &p.recent)
                .map(|tried| web::ProfilePuzzle {
                    solved: tried.solved,
                    before: tried.before.round() as i64,
                    after: tried.after.round() as i64,
                    at: tried.at.clone(),
                })
                .collect(),
            played: self.played,
            finished: self.finished,
            abandoned: self.abandoned,
            games: self
                .games
                .into_iter()
                .map(|g| ProfileGame {
                    result: g.result_for_page(),
                    id: g.id,
                    players: g.players,
                    status: g.status.to_string(),
                    created_at: g.created_at,
                })
                .collect(),
        }
    }
}

async fn profile_of(app: &AppState, name: &str, lang: Lang) -> AppResult<PlayerProfile> {
    let user = app
        .store
        .user_by_name(name)
        .await?
        .ok_or_else(|| AppError::not_found("no-such-player"))?;
    let counts = app.store.game_counts(&user.id).await?;
    let ratings = app.store.ratings_of(&user.id).await?;
    let history = app.store.rating_history(&user.id).await?;
    let (puzzle_rating, attempts) = app.store.puzzle_rating(&user.id).await?;
    let recent_puzzles = app.store.puzzle_history(&user.id, 10).await?;
    let games = app.store.games_of(&user.id).await?;
    let away = app
        .store
        .away_now(std::slice::from_ref(&user.id), now_ms())
        .await?;
    Ok(PlayerProfile {
        name: user.username,
        bot: user.bot,
        on_vacation_until: away
            .get(&user.id)
            .map(|v| day_text(day_of(v.until_ms() - 1))),
        ratings: ratings
            .iter()
            .map(|r| RatingNow {
                players: r.players,
                rating: r.rating,
                deviation: r.deviation,
                games: r.games,
            })
            .collect(),
        history: history
            .iter()
            .map(|p| RatingThen {
                players: p.players,
                at: rfc3339(p.at),
                rating: p.rating,
            })
            .collect(),
        puzzle_rating: (attempts > 0).then_some(PuzzleRatingNow {
            rating: puzzle_rating.rating,
            deviation: puzzle_rating.deviation,
            attempts,
            recent: recent_puzzles
                .into_iter()
                .map(|tried| PuzzleTried {
                    puzzle: tried.puzzle_id,
                    solved: tried.solved,
                    before: tried.before,
                    after: tried.after,
                    at: rfc3339(tried.at),
                })
                .collect(),
        }),
        played: counts.played,
        finished: counts.finished,
        abandoned: counts.abandoned,
        games: games
            .iter()
            .map(|game| PlayedGame {
                id: game.id.clone(),
                players: game
                    .seats
                    .iter()
                    .filter(|s| !s.occupant.is_free())
                    .map(|s| seat_name(&game.seats, helvetia_engine::Seat(s.seat), lang))
                    .collect(),
                status: game.status.as_str(),
                created_at: rfc3339(game.created_at),
                result: result_of(game, &user.id),
                winners: game
                    .winners
                    .iter()
                    .map(|&seat| seat_name(&game.seats, seat, lang))
                    .collect(),
            })
            .collect(),
    })
}

/// `GET /api/players/{name}`.
pub async fn profile_json(
    State(app): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> AppResult<Json<PlayerProfile>> {
    Ok(Json(profile_of(&app, &name, lang_of(&headers)).await?))
}

/// `GET /players/{name}`.
pub async fn profile_page(
    State(app): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
    Query(q): Query<LangQuery>,
    user: MaybeUser,
) -> Response {
    let page = PageContext::new(&headers, &q, user);
    match profile_of(&app, &name, page.lang).await {
        Ok(profile) => page.ok(web::profile(
            page.lang,
            page.user(),
            &page.csrf,
            &profile.for_page(),
        )),
        Err(error) => page.error(&error),
    }
}
