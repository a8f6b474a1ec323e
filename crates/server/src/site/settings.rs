//! The settings page (`/settings`): one page for the person's settings, each part built by the
//! feature that owns it: mail ([`crate::mail::settings`]), webhooks
//! ([`crate::webhooks::settings`]), the devices told of the person's games
//! ([`crate::push::settings`]), forced steps, vacations ([`crate::vacations::settings`]),
//! anonymity in exports, and the account's part as a bot account
//! ([`crate::bot_accounts::settings`]).

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use helvetia_web::pages as web;

use crate::accounts::auth::MaybeUser;
use crate::accounts::page_context::PageContext;
use crate::bot_accounts::settings::settings_part;
use crate::http::language::LangQuery;
use crate::mail::settings::form as mail_form;
use crate::state::AppState;
use crate::vacations::settings::settings_part as vacation_part;
use crate::webhooks::settings::part as webhooks_part;

/// `GET /settings`: the form; to the log-in page without a session.
pub async fn page(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<LangQuery>,
    user: MaybeUser,
) -> Response {
    let Some(who) = user.0.clone() else {
        return Redirect::to("/login").into_response();
    };
    let page = PageContext::new(&headers, &q, user);
    let mail = match mail_form(&app, &who, page.lang).await {
        Ok(form) => form,
        Err(error) => return page.error(&error),
    };
    let webhooks = match webhooks_part(&app, &who).await {
        Ok(webhooks) => webhooks,
        Err(error) => return page.error(&error.into()),
    };
    let plays_forced_steps = match app.store.plays_forced_steps(&who.id).await {
        Ok(on) => on.unwrap_or(true),
        Err(error) => return page.error(&error.into()),
    };
    let anonymous_in_exports = match app.store.anonymous_in_exports(&who.id).await {
        Ok(on) => on.unwrap_or(false),
        Err(error) => return page.error(&error.into()),
    };
    let devices = match crate::push::settings::settings_part(&app, &who).await {
        Ok(devices) => devices,
        Err(error) => return page.error(&error.into()),
    };
    let bot = match settings_part(&app, &who).await {
        Ok(bot) => bot,
        Err(error) => return page.error(&error.into()),
    };
    // A bot account plays through the API and takes no vacation.
    let vacation = match &bot {
        web::BotAccount::Bot(_) => None,
        _ => match vacation_part(&app, &who.id).await {
            Ok(part) => Some(part),
            Err(error) => return page.error(&error),
        },
    };
    page.ok(web::settings(
        page.lang,
        page.user(),
        &page.csrf,
        (&mail, webhooks.as_ref()),
        &devices,
        (plays_forced_steps, anonymous_in_exports, page.text_mode),
        (vacation.as_ref(), &bot),
    ))
}
