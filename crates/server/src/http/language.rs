//! The language of a request: `?lang=` on a page (remembered in a cookie), else the `lang`
//! cookie, else the browser's `Accept-Language`.

use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::HeaderMap;
use helvetia_web::Lang;
use serde::Deserialize;

use super::cookies::cookie;

/// The page language of a request without `?lang=`.
pub fn lang_of(headers: &HeaderMap) -> Lang {
    if let Some(lang) = cookie(headers, "lang").as_deref().and_then(Lang::from_code) {
        return lang;
    }
    headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map_or(Lang::En, Lang::from_accept_language)
}

/// The `?lang=` of a page.
#[derive(Deserialize)]
pub struct LangQuery {
    /// The language asked for.
    pub lang: Option<String>,
    /// The table chosen, `text` or `board` (remembered in a cookie, as the language is).
    pub table: Option<String>,
}
