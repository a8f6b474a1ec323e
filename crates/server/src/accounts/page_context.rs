//! What every page knows of its request: the language, the viewer's name, the CSRF token for
//! its forms, and the language cookie to set when `?lang=` chose one.

use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use helvetia_web::pages as web;
use helvetia_web::Lang;

use super::auth::MaybeUser;
use super::csrf::expected_token;
use crate::http::cookies::set_cookie;
use crate::http::error::AppError;
use crate::http::language::{lang_of, LangQuery};

/// Everything a page needs to know about its request.
pub(crate) struct PageContext {
    pub(crate) lang: Lang,
    user: Option<String>,
    pub(crate) csrf: String,
    set_lang: Option<String>,
}

impl PageContext {
    pub(crate) fn new(headers: &HeaderMap, query: &LangQuery, user: MaybeUser) -> PageContext {
        let chosen = query.lang.as_deref().and_then(Lang::from_code);
        PageContext {
            lang: chosen.unwrap_or_else(|| lang_of(headers)),
            user: user.0.map(|u| u.name),
            csrf: expected_token(headers).unwrap_or_default(),
            set_lang: chosen
                .map(|lang| set_cookie("lang", lang.code(), 365 * 86_400, false, false)),
        }
    }

    pub(crate) fn respond(&self, status: StatusCode, html: String) -> Response {
        let mut response = (status, Html(html)).into_response();
        if let Some(cookie) = &self.set_lang {
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
