//! The routes of Web Push: `GET /api/push/key` (the server's VAPID public key, for
//! `pushManager.subscribe`), `GET`/`POST /api/push/devices` (a person's devices, and adding the
//! one they are on), `POST /api/push/devices/seen` (the device is in use) and
//! `POST /api/push/devices/{id}/remove`.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::User;
use crate::domain::push::subscription::{check_endpoint, Subscription};
use crate::domain::time::{now, rfc3339};
use crate::domain::tokens::random_token;
use crate::domain::typed_text::{self, Typed};
use crate::domain::webhook_address::check_url;
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::state::AppState;
use crate::storage::PushDevice;

/// Devices one account may have told of its games.
pub const MAX_DEVICES: usize = 10;
/// Longest name of a device, in characters.
pub const MAX_LABEL: usize = 60;

/// `GET /api/push/key`: `{"public_key": "<base64url>"}`, the `applicationServerKey`.
pub async fn key(State(app): State<AppState>) -> Json<serde_json::Value> {
    Json(json!({ "public_key": app.vapid.public_key() }))
}

/// The keys of a subscription, as `PushSubscription.toJSON()` writes them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keys {
    p256dh: String,
    auth: String,
}

/// Body of `POST /api/push/devices`: the browser's subscription and a name for the device.
#[derive(Deserialize)]
pub struct AddBody {
    endpoint: String,
    keys: Keys,
    /// Browsers add it to `toJSON()`; unused.
    #[serde(default, rename = "expirationTime")]
    _expiration: Option<serde_json::Value>,
    #[serde(default)]
    label: Option<String>,
}

fn listed(device: &PushDevice) -> serde_json::Value {
    json!({
        "id": device.id,
        "label": device.label,
        "created_at": rfc3339(device.created_at),
        "last_sent_at": device.last_sent_at.map(rfc3339),
    })
}

/// `GET /api/push/devices`: `{"devices": [{"id", "label", "created_at", "last_sent_at"}]}`,
/// never an endpoint or a key.
pub async fn list(State(app): State<AppState>, user: User) -> AppResult<Json<serde_json::Value>> {
    let devices = app.store.push_devices(&user.id).await?;
    Ok(Json(
        json!({ "devices": devices.iter().map(listed).collect::<Vec<_>>() }),
    ))
}

/// `POST /api/push/devices`: tells this device of the person's games from now on.
///
/// # Errors
/// 400 `push-endpoint`, `push-keys` or `push-label`; 409 `too-many-devices` beyond
/// [`MAX_DEVICES`].
pub async fn add(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<AddBody>,
) -> AppResult<(StatusCode, Json<serde_json::Value>)> {
    let subscription = Subscription::checked(
        &body.endpoint,
        &body.keys.p256dh,
        &body.keys.auth,
        app.config.push_allow_private,
    )
    .map_err(AppError::bad_request)?;
    // The address rule of every request this server makes (`http::outbound`), told now as
    // well as at each send.
    check_url(&subscription.endpoint, app.config.push_allow_private)
        .map_err(|_| AppError::bad_request("push-endpoint"))?;
    let label = typed_text::checked(
        body.label.as_deref().unwrap_or("Browser"),
        Typed::Name,
        1,
        MAX_LABEL,
    )
    .map_err(|_| AppError::bad_request("push-label"))?;
    let devices = app.store.push_devices(&user.id).await?;
    let known = devices
        .iter()
        .any(|device| device.subscription.endpoint == subscription.endpoint);
    if !known && devices.len() >= MAX_DEVICES {
        return Err(AppError::conflict("too-many-devices").with("max", MAX_DEVICES));
    }
    let id = app
        .store
        .add_push_subscription(
            &user.id,
            &random_token()[..16],
            &subscription,
            &label,
            now(),
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "label": label })),
    ))
}

/// `POST /api/push/devices/{id}/remove`: the device is told nothing more.
///
/// # Errors
/// 404 `no-such-device`.
pub async fn remove(
    State(app): State<AppState>,
    user: User,
    Path(id): Path<String>,
) -> AppResult<Json<serde_json::Value>> {
    if !app.store.remove_push_device(&user.id, &id).await? {
        return Err(AppError::not_found("no-such-device"));
    }
    Ok(Json(json!({ "id": id, "removed": true })))
}

/// Body of `POST /api/push/devices/seen`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeenBody {
    /// The push service's address of the device the person is on.
    endpoint: String,
}

/// `POST /api/push/devices/seen`: the person opened the site on this device, so it is active
/// and an event pushed to it is not also mailed. Never adds a device.
///
/// # Errors
/// 400 `push-endpoint` for an address no device can have; 404 `no-such-device` for an endpoint
/// that is not one of the person's devices.
pub async fn seen(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<SeenBody>,
) -> AppResult<StatusCode> {
    // The rule devices are added under: nothing else (a NUL, say) reaches the database.
    check_endpoint(&body.endpoint, app.config.push_allow_private).map_err(AppError::bad_request)?;
    if !app
        .store
        .push_device_seen(&user.id, &body.endpoint, now())
        .await?
    {
        return Err(AppError::not_found("no-such-device"));
    }
    Ok(StatusCode::NO_CONTENT)
}
