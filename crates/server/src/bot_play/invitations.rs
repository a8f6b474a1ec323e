//! `POST /api/bot/games/{id}/accept` and `POST /api/bot/games/{id}/decline`: a bot account's
//! answer to the seat a person kept for it.

use axum::extract::{Path, State};
use axum::Json;

use super::bot_token;
use crate::accounts::auth::User;
use crate::http::error::AppResult;
use crate::live::cache::find;
use crate::lobby::bot_invitations::{answer, Answer};
use crate::state::AppState;

/// `POST /api/bot/games/{id}/accept`: the bot takes the seat kept for it. Answers `{"seat": n}`.
pub async fn accept(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    answered(&app, &id, &user, Answer::Accept).await
}

/// `POST /api/bot/games/{id}/decline`: the seat kept for the bot opens to anyone. Answers
/// `{"declined": true}`.
pub async fn decline(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    answered(&app, &id, &user, Answer::Decline).await
}

async fn answered(
    app: &AppState,
    id: &str,
    user: &User,
    reply: Answer,
) -> AppResult<Json<serde_json::Value>> {
    bot_token(user)?;
    let live = find(app, id).await?;
    answer(app, &live, user, reply).await
}
