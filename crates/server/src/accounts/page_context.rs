//! What every page knows of its request: the language, the viewer's name, the CSRF token for
//! its forms, whether games open as text, and the cookies to set when `?lang=` or `?table=`
//! chose one.

use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use helvetia_web::pages as web;
use helvetia_web::Lang;

use super::auth::MaybeUser;
use super::csrf::expected_token;
use crate::http::cookies::{cookie, set_cookie};
use crate::http::error::AppError;
use crate::http::language::{lang_of, LangQuery};

/// Everything a page needs to know about its request.
pub(crate) struct PageContext {
    pub(crate) lang: Lang,
    user: Option<String>,
    pub(crate) csrf: String,
    /// Whether the viewer chose the text mode: games open as text ([`web::text_game`]).
    pub(crate) text_mode: bool,
    set_cookies: Vec<String>,
}

impl PageContext {
    pub(crate) fn new(headers: &HeaderMap, query: &LangQuery, user: MaybeUser) -> PageContext {
        const YEAR: i64 = 365 * 86_400;
        let chosen = query.lang.as_deref().and_then(Lang::from_code);
        let table = query
            .table
            .as_deref()
            .filter(|table| matches!(*table, "text" | "board"));
        let set_lang = chosen.map(|lang| set_cookie("lang", lang.code(), YEAR, false, false));
        let set_table =
            table.map(|table| set_cookie(web::TABLE_MODE_COOKIE, table, YEAR, false, false));
        let text_mode = match table {
            Some(table) => table == "text",
            None => cookie(headers, web::TABLE_MODE_COOKIE).as_deref() == Some("text"),
        };
        PageContext {
            lang: chosen.unwrap_or_else(|| lang_of(headers)),
            user: user.0.map(|u| u.name),
            csrf: expected_token(headers).unwrap_or_default(),
            text_mode,
            set_cookies: set_lang.into_iter().chain(set_table).collect(),
        }
    }

    pub(crate) fn respond(&self, status: StatusCode, html: String) -> Response {
        let mut response = (status, Html(html)).into_response();
        for cookie in &self.set_cookies {
            if let Ok(value) = cookie.parse() {
                response.headers_mut().append(SET_COOKIE, value);
            }
        }
        response
    }

    pub(crate) fn user(&self) -> Option<&str> {
        self.user.as_deref()
    }

    pub(crate) fn ok(&self, html: String) -> Response {
        self.respond(StatusCode::OK, html)
    }

    pub(crate) fn error(&self, error: &AppError) -> Response {
        let html = web::error(
            self.lang,
            self.user(),
            &self.csrf,
            error.status.as_u16(),
            &error.text(self.lang),
        );
        self.respond(error.status, html)
    }
}
