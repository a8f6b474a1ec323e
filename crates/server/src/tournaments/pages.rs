//! The tournaments' pages: the list with the form that creates one (`GET /tournaments`), and a
//! tournament's page (`GET /tournaments/{id}`). They show what the API answers.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use helvetia_web::pages as web;

use super::requests::{lists, tournament_view};
use crate::accounts::auth::MaybeUser;
use crate::accounts::page_context::PageContext;
use crate::http::language::LangQuery;
use crate::state::AppState;

/// `GET /tournaments`.
pub async fn list_page(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(lang): Query<LangQuery>,
    user: MaybeUser,
) -> Response {
    let page = PageContext::new(&headers, &lang, user);
    match lists(&app).await {
        Ok(lists) => page.ok(web::tournaments(page.lang, page.user(), &page.csrf, &lists)),
        Err(error) => page.error(&error),
    }
}

/// `GET /tournaments/{id}`.
pub async fn tournament_page(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(lang): Query<LangQuery>,
    user: MaybeUser,
) -> Response {
    let viewer = user.0.clone();
    let page = PageContext::new(&headers, &lang, user);
    match tournament_view(&app, &id, viewer.as_ref()).await {
        Ok(view) => page.ok(web::tournament(page.lang, page.user(), &page.csrf, &view)),
        Err(error) => page.error(&error),
    }
}
