//! Whether a person appears as "anonymous" in exports: `GET`/`POST /api/settings/export`,
//! stored with the account and read by every export from then on.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::User;
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::state::AppState;

/// Body of `POST /api/settings/export`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportSettingsBody {
    /// Whether the account's name is left out of exports.
    anonymous: bool,
}

/// `GET /api/settings/export`.
pub async fn get(State(app): State<AppState>, user: User) -> AppResult<Json<serde_json::Value>> {
    let anonymous = app
        .store
        .anonymous_in_exports(&user.id)
        .await?
        .ok_or_else(|| AppError::unauthorized("account-gone"))?;
    Ok(Json(json!({ "anonymous": anonymous })))
}

/// `POST /api/settings/export`.
pub async fn save(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<ExportSettingsBody>,
) -> AppResult<Json<serde_json::Value>> {
    app.store
        .set_anonymous_in_exports(&user.id, body.anonymous)
        .await?;
    Ok(Json(json!({ "anonymous": body.anonymous })))
}
