//! A person's webhooks: `GET`/`POST /api/settings/webhooks` (list, add),
//! `POST /api/settings/webhooks/{id}/delete` and `…/{id}/resume`, and their part of the settings
//! page ([`part`]). A new hook's secret is in the answer that made it and nowhere else; the
//! list never holds one.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::auth::{Credential, User};
use crate::domain::time::{now, rfc3339};
use crate::domain::tokens::random_token;
use crate::domain::webhook_address::{check_url, HookHost, UrlProblem};
use crate::domain::webhook_payload::{new_secret, HookFormat};
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::state::AppState;
use crate::storage::{AccountCap, CapKind, NewWebhook, StoreResult, WebhookRow};
use helvetia_web::pages as web;

use crate::http::outbound::{checked_address, AddressRefused, TIMEOUT};

/// Webhooks one account may have.
pub const MAX_WEBHOOKS: u32 = 5;

fn listed(hook: &WebhookRow) -> serde_json::Value {
    json!({
        "id": hook.id,
        "url": hook.url,
        "format": hook.format,
        "created_at": hook.created_at,
        "failures": hook.failures,
        "paused": hook.paused_at.is_some(),
        "paused_at": hook.paused_at,
        "last_error": hook.last_error,
        "last_sent_at": hook.last_sent_at,
    })
}

/// `GET /api/settings/webhooks`: the person's hooks, oldest first, without their secrets.
pub async fn list(State(app): State<AppState>, user: User) -> AppResult<Json<serde_json::Value>> {
    let hooks = app.store.webhooks(&user.id).await?;
    Ok(Json(json!({
        "webhooks": hooks.iter().map(listed).collect::<Vec<_>>(),
        "limit": MAX_WEBHOOKS,
    })))
}

/// Body of `POST /api/settings/webhooks`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewWebhookBody {
    url: String,
    format: String,
}

/// `POST /api/settings/webhooks`: a new hook; its secret is in this answer and nowhere else.
///
/// # Errors
/// 400 for a URL that is not a public `https`/`http` one without credentials (a name is
/// resolved to check it), or an unknown format; 409 with [`MAX_WEBHOOKS`] hooks already.
pub async fn add(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<NewWebhookBody>,
) -> AppResult<(StatusCode, Json<serde_json::Value>)> {
    let format = HookFormat::parse(&body.format)
        .ok_or_else(|| AppError::bad_request("webhook-format-unknown"))?;
    let allow_private = app.config.webhooks_allow_private;
    let url = check_url(&body.url, allow_private)
        .map_err(|problem: UrlProblem| AppError::bad_request(problem.code()))?;
    if let HookHost::Name(_) = &url.host {
        // Checked again at every delivery; this tells the person now.
        match tokio::time::timeout(TIMEOUT, checked_address(&url, allow_private)).await {
            Ok(Ok(_)) => {}
            Ok(Err(AddressRefused::NotPublic(_))) => {
                return Err(AppError::bad_request("webhook-address-not-public"));
            }
            _ => return Err(AppError::bad_request("webhook-host-unknown")),
        }
    }
    let secret = new_secret();
    let hook = NewWebhook {
        id: random_token()[..16].to_string(),
        url: url.url,
        format: format.as_str().to_string(),
        secret: secret.clone(),
        created_at: now(),
    };
    let cap = AccountCap {
        user_id: user.id.clone(),
        kind: CapKind::Webhooks,
        limit: MAX_WEBHOOKS,
    };
    app.store.add_webhook(&cap, &hook).await?;
    let mut answer = listed(&WebhookRow {
        id: hook.id,
        url: hook.url,
        format: hook.format,
        created_at: hook.created_at,
        failures: 0,
        paused_at: None,
        last_error: None,
        last_sent_at: None,
    });
    answer["secret"] = json!(secret);
    Ok((StatusCode::CREATED, Json(answer)))
}

/// `POST /api/settings/webhooks/{id}/delete`: the hook and its waiting deliveries are gone.
///
/// # Errors
/// 404 if the person has no hook of that id.
pub async fn delete(
    State(app): State<AppState>,
    user: User,
    Path(id): Path<String>,
) -> AppResult<Json<serde_json::Value>> {
    if !app.store.delete_webhook(&user.id, &id).await? {
        return Err(AppError::not_found("no-such-webhook"));
    }
    Ok(Json(json!({ "id": id, "deleted": true })))
}

/// `POST /api/settings/webhooks/{id}/resume`: a paused hook hears of events again, its
/// failures forgotten.
///
/// # Errors
/// 404 if the person has no hook of that id.
pub async fn resume(
    State(app): State<AppState>,
    user: User,
    Path(id): Path<String>,
) -> AppResult<Json<serde_json::Value>> {
    if !app.store.resume_webhook(&user.id, &id).await? {
        return Err(AppError::not_found("no-such-webhook"));
    }
    Ok(Json(json!({ "id": id, "paused": false })))
}

/// The webhooks' part of the settings page for `who`; none for a bot account (its session
/// reaches no webhook route).
///
/// # Errors
/// Database failure.
pub async fn part(app: &AppState, who: &User) -> StoreResult<Option<web::Webhooks>> {
    if who.by != Credential::PersonSession {
        return Ok(None);
    }
    let when = |seconds: i64| rfc3339(seconds).replace('T', " ").replace('Z', " UTC");
    let hooks = app.store.webhooks(&who.id).await?;
    Ok(Some(web::Webhooks {
        lines: hooks
            .into_iter()
            .map(|hook| web::WebhookLine {
                id: hook.id,
                url: hook.url,
                format: hook.format,
                failures: hook.failures,
                paused_since: hook.paused_at.map(when),
                last_error: hook.last_error,
            })
            .collect(),
        limit: MAX_WEBHOOKS,
    }))
}
