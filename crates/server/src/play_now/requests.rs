//! The requests of "play now": wait in pools (`POST /api/play-now`), cancel in one click
//! (`POST /api/play-now/cancel`), and where one stands (`GET /api/play-now`), which the page
//! asks every second or so while its person waits: that is how a live pool knows they are
//! still there.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::accounts::auth::User;
use crate::domain::clock::now_ms;
use crate::domain::play_now::Pace;
use crate::domain::seats::GameStatus;
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::state::AppState;
use crate::storage::PlayNowStatus;

/// The longest wait a person may choose before a bot takes the last seat: an hour.
pub const BOT_AFTER_MAX_SECS: u32 = 3_600;

/// Body of `POST /api/play-now`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinBody {
    /// The player counts to wait for (the page's "any" is all three).
    players: Vec<u8>,
    /// The pace, by name (`live-20`, `live-5`, `days-1`, `days-2`, `days-3`).
    pace: String,
    /// After how long a wait a bot may take the last seat; none: never.
    #[serde(default)]
    bot_after_secs: Option<u32>,
}

/// One pool in an answer.
#[derive(Serialize)]
pub struct PoolView {
    players: u8,
    pace: &'static str,
    since_ms: i64,
    bot_after_secs: Option<u32>,
}

/// Where a person stands: `waiting` in `pools`; `seating` (a table was made, its game is being
/// created); `seated` at `game`, running; or `idle`.
#[derive(Serialize)]
pub struct PlayNowView {
    state: &'static str,
    pools: Vec<PoolView>,
    game: Option<String>,
}

impl PlayNowView {
    fn of(status: PlayNowStatus) -> PlayNowView {
        let pools: Vec<PoolView> = status
            .waiting
            .iter()
            .map(|entry| PoolView {
                players: entry.players,
                pace: entry.pace.as_str(),
                since_ms: entry.since_ms,
                bot_after_secs: entry.bot_after_secs,
            })
            .collect();
        let (state, game) = match &status.last_table {
            _ if !pools.is_empty() => ("waiting", None),
            Some(last) if !last.created => ("seating", None),
            Some(last) if last.status == Some(GameStatus::Running) => {
                ("seated", Some(last.game_id.clone()))
            }
            _ => ("idle", None),
        };
        PlayNowView { state, pools, game }
    }
}

/// The pools a join asks for, checked.
fn pools_of(body: &JoinBody) -> AppResult<Vec<(u8, Pace)>> {
    let pace = Pace::parse(&body.pace).ok_or_else(|| AppError::bad_request("play-now-pace"))?;
    if body.players.is_empty() || body.players.iter().any(|n| !(2..=4).contains(n)) {
        return Err(AppError::bad_request("play-now-players"));
    }
    if body
        .bot_after_secs
        .is_some_and(|secs| secs > BOT_AFTER_MAX_SECS)
    {
        return Err(
            AppError::bad_request("play-now-bot-wait").with("minutes", BOT_AFTER_MAX_SECS / 60)
        );
    }
    let mut players = body.players.clone();
    players.sort_unstable();
    players.dedup();
    Ok(players.into_iter().map(|n| (n, pace)).collect())
}

/// `POST /api/play-now`: waits in the pools asked for (as well as those waited in already);
/// this node's pairing worker pairs at once.
pub async fn join(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<JoinBody>,
) -> AppResult<Json<PlayNowView>> {
    let pools = pools_of(&body)?;
    let now = now_ms();
    app.store
        .join_pools(&user.id, &pools, body.bot_after_secs, now)
        .await?;
    app.play_now_wake.notify_one();
    Ok(Json(PlayNowView::of(
        app.store.play_now_status(&user.id, now).await?,
    )))
}

/// `POST /api/play-now/cancel`: stops waiting in every pool.
pub async fn cancel(State(app): State<AppState>, user: User) -> AppResult<Json<PlayNowView>> {
    app.store.leave_pools(&user.id).await?;
    Ok(Json(PlayNowView::of(
        app.store.play_now_status(&user.id, now_ms()).await?,
    )))
}

/// `GET /api/play-now`: where the person stands; they are on the page now.
pub async fn status(State(app): State<AppState>, user: User) -> AppResult<Json<PlayNowView>> {
    Ok(Json(PlayNowView::of(
        app.store.play_now_status(&user.id, now_ms()).await?,
    )))
}
