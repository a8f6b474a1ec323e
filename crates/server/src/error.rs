//! One error type for every handler: client errors are clear 4xx messages, internal failures a
//! bare 500 whose details stay in the server log.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::game_state::Refusal;
use crate::storage::StoreError;

/// A failed request.
#[derive(Debug)]
pub struct AppError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What the client is told.
    pub message: String,
    /// Seconds after which trying again makes sense (`Retry-After`), for 429 and 503.
    pub retry_after: Option<u64>,
}

/// Result of a handler.
pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> AppError {
        AppError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 400: the request makes no sense.
    pub fn bad_request(message: impl Into<String>) -> AppError {
        AppError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 401: no valid session.
    pub fn unauthorized(message: impl Into<String>) -> AppError {
        AppError::new(StatusCode::UNAUTHORIZED, message)
    }

    /// 403: known, but not allowed.
    pub fn forbidden(message: impl Into<String>) -> AppError {
        AppError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> AppError {
        AppError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the state moved on.
    pub fn conflict(message: impl Into<String>) -> AppError {
        AppError::new(StatusCode::CONFLICT, message)
    }

    /// 500: logged here; the client learns nothing of the internals.
    pub fn internal(error: impl std::fmt::Display) -> AppError {
        tracing::error!("internal error: {error}");
        AppError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal server error")
    }

    /// 429: too many attempts; try again after `seconds`.
    pub fn too_many(message: impl Into<String>, seconds: u64) -> AppError {
        AppError {
            retry_after: Some(seconds),
            ..AppError::new(StatusCode::TOO_MANY_REQUESTS, message)
        }
    }

    /// The unknown-game error.
    pub fn no_game() -> AppError {
        AppError::not_found("no such game")
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if self.status.is_client_error() {
            tracing::debug!(status = %self.status, "refused: {:?}", self.message);
        }
        let body = crate::outbound::error_body(&self.message);
        let mut response = (
            self.status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> Self {
        let status = match refusal {
            Refusal::NotSeated | Refusal::NotYourTurn => StatusCode::FORBIDDEN,
            Refusal::StaleVersion { .. }
            | Refusal::NotRunning
            | Refusal::NothingToUndo
            | Refusal::StoodIn
            | Refusal::Resigned => StatusCode::CONFLICT,
            Refusal::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
        };
        AppError::new(status, refusal.to_string())
    }
}

impl From<StoreError> for AppError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::Conflict => {
                AppError::conflict("someone else changed this first; reload and try again")
            }
            StoreError::OverLimit(cap) => crate::account_limits::refusal(&cap),
            StoreError::Database(error) => AppError::internal(error),
        }
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        AppError::new(
            rejection.status(),
            format!("bad request body: {}", rejection.body_text()),
        )
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        AppError::bad_request(rejection.body_text())
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::bad_request(rejection.body_text())
    }
}

/// `Json` that answers a bad body with our JSON error instead of axum's plain text.
#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct JsonBody<T>(pub T);

/// Answers JSON.
pub fn json<T: serde::Serialize>(value: T) -> Json<T> {
    Json(value)
}
