//! `GET /sw.js`: the service worker of the site, served from the root so that its scope is the
//! whole site. When a message comes it shows it as a notification (a newer one of the same
//! game replacing an older); a click on it opens the game, in a tab of the site already open
//! if there is one.

use axum::http::header;
use axum::response::IntoResponse;

/// The script (`crates/web/static/sw.js`).
pub const SCRIPT: &str = helvetia_web::SERVICE_WORKER;

/// `GET /sw.js`.
pub async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            // Checked again at every visit: a new release's worker replaces the old one.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        SCRIPT,
    )
}
