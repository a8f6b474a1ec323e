//! One error type for every handler: client errors are clear 4xx messages, internal failures a
//! bare 500 whose details stay in the server log.
//!
//! An error is a stable code and its arguments, not text: it is put in words in the reader's
//! language only when it is sent (`error_language.rs` for HTTP answers, the WebSocket with
//! the viewer's language). The code `xyz` is the Fluent message `error-xyz` in
//! `crates/web/locales/*/errors.ftl`; programs read the code, people the words.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use fluent_bundle::FluentValue;

use crate::domain::game_state::{Refusal, SeatingRefusal};
use crate::live::error::LiveError;
use crate::live::open_streams::Refused;
use crate::storage::{AccountCap, CapKind, StoreError};
use helvetia_web::Lang;

/// A failed request.
#[derive(Clone, Debug)]
pub struct AppError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for programs: the Fluent message `error-{code}` puts it in words.
    pub code: &'static str,
    /// The message's arguments.
    pub args: Vec<(&'static str, ErrorArg)>,
    /// Technical detail for programmers (a malformed body's parse error), sent untranslated.
    pub detail: Option<String>,
    /// Seconds after which trying again makes sense (`Retry-After`), for 429 and 503.
    pub retry_after: Option<u64>,
}

/// A value in an error message.
#[derive(Clone, Debug)]
pub enum ErrorArg {
    /// A count or limit.
    Number(i64),
    /// A word, such as a path.
    Text(String),
}

impl From<i64> for ErrorArg {
    fn from(n: i64) -> Self {
        ErrorArg::Number(n)
    }
}

impl From<u64> for ErrorArg {
    fn from(n: u64) -> Self {
        ErrorArg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<usize> for ErrorArg {
    fn from(n: usize) -> Self {
        ErrorArg::from(n as u64)
    }
}

impl From<u32> for ErrorArg {
    fn from(n: u32) -> Self {
        ErrorArg::Number(n.into())
    }
}

impl From<u16> for ErrorArg {
    fn from(n: u16) -> Self {
        ErrorArg::Number(n.into())
    }
}

impl From<u8> for ErrorArg {
    fn from(n: u8) -> Self {
        ErrorArg::Number(n.into())
    }
}

impl From<String> for ErrorArg {
    fn from(text: String) -> Self {
        ErrorArg::Text(text)
    }
}

/// Result of a handler.
pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    /// An error with this status and code.
    pub fn new(status: StatusCode, code: &'static str) -> AppError {
        AppError {
            status,
            code,
            args: Vec::new(),
            detail: None,
            retry_after: None,
        }
    }

    /// The same error with the message argument `name` set to `value`.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<ErrorArg>) -> AppError {
        self.args.push((name, value.into()));
        self
    }

    /// The same error with technical detail for programmers.
    #[must_use]
    pub fn detailed(mut self, detail: impl Into<String>) -> AppError {
        self.detail = Some(detail.into());
        self
    }

    /// 400: the request makes no sense.
    pub fn bad_request(code: &'static str) -> AppError {
        AppError::new(StatusCode::BAD_REQUEST, code)
    }

    /// 401: no valid session.
    pub fn unauthorized(code: &'static str) -> AppError {
        AppError::new(StatusCode::UNAUTHORIZED, code)
    }

    /// 403: known, but not allowed.
    pub fn forbidden(code: &'static str) -> AppError {
        AppError::new(StatusCode::FORBIDDEN, code)
    }

    /// 404: no such thing.
    pub fn not_found(code: &'static str) -> AppError {
        AppError::new(StatusCode::NOT_FOUND, code)
    }

    /// 409: the state moved on.
    pub fn conflict(code: &'static str) -> AppError {
        AppError::new(StatusCode::CONFLICT, code)
    }

    /// 500: logged here; the client learns nothing of the internals.
    pub fn internal(error: impl std::fmt::Display) -> AppError {
        tracing::error!("internal error: {error}");
        AppError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal")
    }

    /// 429: too many attempts; try again after `seconds`.
    pub fn too_many(code: &'static str, seconds: u64) -> AppError {
        AppError {
            retry_after: Some(seconds),
            ..AppError::new(StatusCode::TOO_MANY_REQUESTS, code)
        }
    }

    /// The unknown-game error.
    pub fn no_game() -> AppError {
        AppError::not_found("no-such-game")
    }

    /// The error in words, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let args: Vec<(&str, FluentValue<'_>)> = self
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    ErrorArg::Number(n) => FluentValue::from(*n),
                    ErrorArg::Text(text) => FluentValue::from(text.as_str()),
                };
                (*name, value)
            })
            .collect();
        lang.tr_args(&format!("error-{}", self.code), &args)
    }

    /// The JSON body in `lang`: `{"error": words, "code": code}`, and `detail` if there is one.
    pub fn body(&self, lang: Lang) -> String {
        let mut body = serde_json::json!({ "error": self.text(lang), "code": self.code });
        if let Some(detail) = &self.detail {
            body["detail"] = detail.as_str().into();
        }
        body.to_string()
    }
}

/// The English words and any detail, for the server log.
impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))?;
        match &self.detail {
            Some(detail) => write!(f, " ({detail})"),
            None => Ok(()),
        }
    }
}

impl IntoResponse for AppError {
    /// The answer in English; `error_language.rs` puts it in the reader's language on its way
    /// out, from the copy left in the response's extensions.
    fn into_response(self) -> Response {
        if self.status.is_client_error() {
            // The detail may quote what the client sent: `?` escapes it, so a line break in it
            // cannot start a log line of its own.
            tracing::debug!(status = %self.status, code = self.code, detail = ?self.detail, "refused");
        }
        let mut response = (
            self.status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            self.body(Lang::En),
        )
            .into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response.extensions_mut().insert(self);
        response
    }
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> Self {
        let (status, code) = match refusal {
            Refusal::NotSeated => (StatusCode::FORBIDDEN, "not-seated"),
            Refusal::NotYourTurn => (StatusCode::FORBIDDEN, "not-your-turn"),
            Refusal::StaleVersion { .. } => (StatusCode::CONFLICT, "stale-version"),
            Refusal::NotRunning => (StatusCode::CONFLICT, "not-running"),
            Refusal::NothingToUndo => (StatusCode::CONFLICT, "nothing-to-undo"),
            Refusal::StoodIn => (StatusCode::CONFLICT, "stood-in"),
            Refusal::Resigned => (StatusCode::CONFLICT, "resigned"),
            Refusal::NotStoodIn => (StatusCode::CONFLICT, "already-playing-seat"),
            Refusal::NoClock => (StatusCode::CONFLICT, "no-clock"),
            Refusal::CannotVoteToEnd => (StatusCode::CONFLICT, "end-vote-not-possible"),
            Refusal::Illegal(_) => (StatusCode::UNPROCESSABLE_ENTITY, "illegal"),
        };
        let error = AppError::new(status, code);
        match refusal {
            Refusal::StaleVersion { current } => error.with("current", current),
            Refusal::Illegal(reason) => error.detailed(reason),
            _ => error,
        }
    }
}

impl From<SeatingRefusal> for AppError {
    fn from(refusal: SeatingRefusal) -> Self {
        match refusal {
            SeatingRefusal::AlreadyStarted => AppError::conflict("already-started"),
            SeatingRefusal::AlreadySeated => AppError::conflict("already-seated"),
            SeatingRefusal::InvitationInvalid => AppError::forbidden("invitation-invalid"),
            SeatingRefusal::SeatNotOpen(n) => {
                AppError::conflict("seat-not-open").with("n", u32::from(n) + 1)
            }
            SeatingRefusal::NoOpenSeat => AppError::conflict("no-open-seat"),
            SeatingRefusal::CannotLeaveStarted => AppError::conflict("cannot-leave-started"),
            SeatingRefusal::NotSeated => AppError::conflict("not-seated"),
            SeatingRefusal::OnlyCreatorStarts => AppError::forbidden("only-creator-starts"),
            SeatingRefusal::SeatsNotFilled => AppError::conflict("seats-not-filled"),
        }
    }
}

impl From<StoreError> for AppError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::Conflict => AppError::conflict("changed-meanwhile"),
            StoreError::OverLimit(cap) => over_limit(&cap),
            StoreError::Database(error) => AppError::internal(error),
        }
    }
}

/// The answer to a request that would take an account past `cap`: 429, saying what to do (409
/// for what waiting does not change: webhooks are deleted, not finished).
fn over_limit(cap: &AccountCap) -> AppError {
    let code = match cap.kind {
        CapKind::OpenGames => "too-many-open-games",
        CapKind::BotGames => "too-many-bot-games",
        CapKind::Webhooks => {
            return AppError::conflict("too-many-webhooks").with("limit", cap.limit)
        }
    };
    AppError::too_many(code, 60).with("limit", cap.limit)
}

impl From<LiveError> for AppError {
    fn from(error: LiveError) -> Self {
        match error {
            LiveError::NoGame => AppError::no_game(),
            LiveError::Damaged => {
                AppError::new(StatusCode::INTERNAL_SERVER_ERROR, "record-damaged")
            }
            LiveError::Refused(refusal) => refusal.into(),
            LiveError::ChangedMeanwhile => AppError::conflict("changed-meanwhile"),
            LiveError::Store(error) => error.into(),
            LiveError::Panicked(error) => AppError::internal(error),
        }
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        AppError::new(rejection.status(), "bad-body").detailed(rejection.body_text())
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        AppError::bad_request("bad-address").detailed(rejection.body_text())
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::bad_request("bad-address").detailed(rejection.body_text())
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

/// A stream refused by the account's cap, or for a token just revoked.
impl From<Refused> for AppError {
    fn from(refused: Refused) -> AppError {
        match refused {
            Refused::TooMany { cap } => {
                AppError::new(StatusCode::TOO_MANY_REQUESTS, "too-many-streams").with("max", cap)
            }
            Refused::Revoked => AppError::unauthorized("unknown-api-token"),
        }
    }
}
