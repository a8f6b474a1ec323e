//! The mail settings of the logged-in person (`GET`/`POST /api/settings`, and their part of the
//! settings page, [`form`]) and the unsubscribe link of every mail (`/unsubscribe/{token}`),
//! which needs no login: the token is the permission. Opening the link only asks; the confirming `POST` (or a mail program's
//! one-click `POST`, RFC 8058) turns every kind of mail off.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::accounts::auth::{MaybeUser, User};
use crate::accounts::page_context::PageContext;
use crate::domain::tokens::random_token;
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::http::language::LangQuery;
use crate::state::AppState;
use crate::storage::MailSettings;
use helvetia_web::{pages as web, Lang};

use super::transport::is_deliverable;

/// The settings as the API reads and writes them.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsBody {
    /// The address; empty or absent for no mail.
    #[serde(default)]
    pub email: Option<String>,
    /// The language of the mails, by code (`de`, `en`, `fr`, `it`, `zh`).
    pub language: String,
    /// "Your turn" mails.
    pub your_turn: bool,
    /// "A game you are in started" mails.
    pub game_started: bool,
    /// "A game you are in ended" mails.
    pub game_ended: bool,
    /// "Your clock runs out within the hour" mails.
    pub clock_low: bool,
    /// "Another player asks you to play again" mails; on when left out (it came after the
    /// others, and programs written before it leave it out).
    #[serde(default = "on")]
    pub rematch: bool,
}

fn on() -> bool {
    true
}

impl SettingsBody {
    fn from_stored(settings: MailSettings) -> SettingsBody {
        let [your_turn, game_started, game_ended, clock_low, rematch] = settings.wanted;
        SettingsBody {
            email: settings.email,
            language: settings.language,
            your_turn,
            game_started,
            game_ended,
            clock_low,
            rematch,
        }
    }

    /// The settings to store, or what is wrong with them.
    fn checked(self) -> AppResult<MailSettings> {
        let email = self
            .email
            .map(|email| email.trim().to_string())
            .filter(|email| !email.is_empty());
        if let Some(email) = &email {
            if !is_deliverable(email) {
                return Err(AppError::bad_request("email-invalid"));
            }
        }
        let language = Lang::from_code(&self.language)
            .ok_or_else(|| AppError::bad_request("language-unknown"))?;
        Ok(MailSettings {
            email,
            language: language.code().to_string(),
            wanted: [
                self.your_turn,
                self.game_started,
                self.game_ended,
                self.clock_low,
                self.rematch,
            ],
        })
    }
}

async fn stored(app: &AppState, user: &User) -> AppResult<MailSettings> {
    app.store
        .mail_settings(&user.id)
        .await?
        .ok_or_else(|| AppError::unauthorized("account-gone"))
}

/// `GET /api/settings`.
pub async fn get(State(app): State<AppState>, user: User) -> AppResult<Json<serde_json::Value>> {
    let settings = SettingsBody::from_stored(stored(&app, &user).await?);
    Ok(Json(answer(&app, settings)))
}

/// `POST /api/settings`: stores the whole settings; answers them as stored.
pub async fn save(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<SettingsBody>,
) -> AppResult<Json<serde_json::Value>> {
    let settings = body.checked()?;
    app.store
        .save_mail_settings(&user.id, &settings, &random_token())
        .await?;
    Ok(Json(answer(&app, SettingsBody::from_stored(settings))))
}

fn answer(app: &AppState, settings: SettingsBody) -> serde_json::Value {
    let mut value = serde_json::to_value(settings).expect("settings serialize");
    value["sends_mail"] = app.config.smtp_url.is_some().into();
    value
}

/// The mail part of the settings page for `who`, in `lang` unless they chose a language for
/// their mail.
///
/// # Errors
/// The account is gone, or the database failed.
pub async fn form(app: &AppState, who: &User, lang: Lang) -> AppResult<web::MailForm> {
    let settings = stored(app, who).await?;
    Ok(web::MailForm {
        email: settings.email.clone().unwrap_or_default(),
        language: Lang::from_code(&settings.language).unwrap_or(lang),
        wanted: settings.wanted,
        sends_mail: app.config.smtp_url.is_some(),
    })
}

/// `GET /unsubscribe/{token}`: asks to confirm.
pub async fn ask_to_unsubscribe(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<LangQuery>,
    user: MaybeUser,
    Path(token): Path<String>,
) -> Response {
    let page = PageContext::new(&headers, &q, user);
    let name = app.store.unsubscriber(&token).await;
    unsubscribe_page(&page, name.map(|found| found.map(|(name, _)| name)), false)
}

/// `POST /unsubscribe/{token}`: turns every kind of mail off.
pub async fn unsubscribe(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<LangQuery>,
    user: MaybeUser,
    Path(token): Path<String>,
) -> Response {
    let page = PageContext::new(&headers, &q, user);
    let done = async {
        let Some((name, _)) = app.store.unsubscriber(&token).await? else {
            return Ok(None);
        };
        app.store.unsubscribe(&token).await?;
        tracing::info!("{name:?} unsubscribed from all mail");
        Ok(Some(name))
    };
    unsubscribe_page(&page, done.await, true)
}

/// The unsubscribe page for the account `name` (asking, or `done`), `404` for none.
fn unsubscribe_page(
    page: &PageContext,
    name: Result<Option<String>, crate::storage::StoreError>,
    done: bool,
) -> Response {
    let name = match name {
        Ok(Some(name)) => name,
        Ok(None) => {
            let html = web::unsubscribe(
                page.lang,
                page.user(),
                &page.csrf,
                &web::Unsubscribe::Unknown,
            );
            return page.respond(axum::http::StatusCode::NOT_FOUND, html);
        }
        Err(error) => return page.error(&error.into()),
    };
    let state = if done {
        web::Unsubscribe::Done(&name)
    } else {
        web::Unsubscribe::Ask(&name)
    };
    page.ok(web::unsubscribe(page.lang, page.user(), &page.csrf, &state))
}
