//! The leaderboard per player count and its JSON: people's ratings, and the bot ladder of bot
//! accounts with the built-in levels as anchors.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::accounts::auth::MaybeUser;
use crate::accounts::page_context::PageContext;
use crate::domain::rating::anchor;
use crate::domain::seats::BotLevel;
use crate::http::error::{AppError, AppResult};
use crate::http::language::LangQuery;
use crate::state::AppState;
use helvetia_web::pages::{self as web, Ladder, LeaderRow, PLAYER_COUNTS};

/// Lines on the leaderboard.
const LEADERBOARD_LENGTH: i64 = 100;

/// Query of the leaderboard: its player count (2 unless given).
#[derive(Deserialize)]
pub struct LeaderboardQuery {
    players: Option<u8>,
    lang: Option<String>,
}

impl LeaderboardQuery {
    fn players(&self) -> AppResult<u8> {
        let players = self.players.unwrap_or(2);
        if PLAYER_COUNTS.contains(&players) {
            Ok(players)
        } else {
            Err(AppError::bad_request("players-count"))
        }
    }
}

/// A leaderboard line as JSON.
#[derive(Serialize)]
pub struct LeaderboardEntry {
    /// A player's name, or on the bot ladder a built-in level (`random`, `greedy`, …).
    name: String,
    rating: f64,
    deviation: f64,
    games: i64,
    /// A built-in level: an anchor of the bot ladder, rated as measured, never moved.
    built_in: bool,
}

async fn leaderboard_rows(
    app: &AppState,
    ladder: Ladder,
    players: u8,
) -> AppResult<Vec<LeaderboardEntry>> {
    let accounts = app
        .store
        .leaderboard(players, LEADERBOARD_LENGTH, ladder == Ladder::Bots)
        .await?
        .into_iter()
        .map(|row| LeaderboardEntry {
            name: row.username,
            rating: row.rating,
            deviation: row.deviation,
            games: row.games,
            built_in: false,
        });
    let mut rows: Vec<LeaderboardEntry> = accounts.collect();
    if ladder == Ladder::Bots {
        rows.extend(BotLevel::ALL.iter().map(|level| {
            let anchor = anchor(f64::from(level.ladder().rating));
            LeaderboardEntry {
                name: level.as_str().to_string(),
                rating: anchor.rating,
                deviation: anchor.deviation,
                games: 0,
                built_in: true,
            }
        }));
        rows.sort_by(|a, b| b.rating.total_cmp(&a.rating));
    }
    Ok(rows)
}

/// `GET /api/leaderboard?players=2|3|4`.
pub async fn leaderboard_json(
    State(app): State<AppState>,
    Query(query): Query<LeaderboardQuery>,
) -> AppResult<Json<Vec<LeaderboardEntry>>> {
    Ok(Json(
        leaderboard_rows(&app, Ladder::People, query.players()?).await?,
    ))
}

/// `GET /api/leaderboard/bots?players=2|3|4`: the bot ladder.
pub async fn bot_ladder_json(
    State(app): State<AppState>,
    Query(query): Query<LeaderboardQuery>,
) -> AppResult<Json<Vec<LeaderboardEntry>>> {
    Ok(Json(
        leaderboard_rows(&app, Ladder::Bots, query.players()?).await?,
    ))
}

/// `GET /leaderboard?players=2|3|4`.
pub async fn leaderboard_page(
    state: State<AppState>,
    headers: HeaderMap,
    query: Query<LeaderboardQuery>,
    user: MaybeUser,
) -> Response {
    ladder_page(state, headers, query, user, Ladder::People).await
}

/// `GET /leaderboard/bots?players=2|3|4`: the bot ladder's page.
pub async fn bot_ladder_page(
    state: State<AppState>,
    headers: HeaderMap,
    query: Query<LeaderboardQuery>,
    user: MaybeUser,
) -> Response {
    ladder_page(state, headers, query, user, Ladder::Bots).await
}

async fn ladder_page(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<LeaderboardQuery>,
    user: MaybeUser,
    ladder: Ladder,
) -> Response {
    let lang = LangQuery {
        lang: query.lang.clone(),
        table: None,
    };
    let page = PageContext::new(&headers, &lang, user);
    let rows = match query.players() {
        Ok(players) => leaderboard_rows(&app, ladder, players)
            .await
            .map(|rows| (players, rows)),
        Err(error) => Err(error),
    };
    match rows {
        Ok((players, rows)) => {
            let rows: Vec<LeaderRow> = rows
                .into_iter()
                .map(|row| LeaderRow {
                    name: row.name,
                    rating: row.rating.round() as i64,
                    deviation: row.deviation.round() as i64,
                    games: row.games,
                    built_in: row.built_in,
                })
                .collect();
            page.ok(web::leaderboard(
                page.lang,
                page.user(),
                &page.csrf,
                (ladder, players),
                &rows,
            ))
        }
        Err(error) => page.error(&error),
    }
}
