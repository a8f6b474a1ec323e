//! The site's icon: every page names it, and it is served there and at `/favicon.ico`, where
//! browsers ask without being told (no 404 in every page's console).

use crate::common;

use common::*;
use reqwest::StatusCode;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_icon_is_named_by_every_page_and_served_where_browsers_look() {
    let server = TestServer::start(Database::sqlite()).await;
    let http = reqwest::Client::new();
    let get = |path: &str| http.get(format!("{}{path}", server.base)).send();
    for page in ["/", "/lobby", "/rules"] {
        let html = get(page).await.unwrap().text().await.unwrap();
        assert!(
            html.contains("<link rel=\"icon\" href=\"/static/icon.svg\""),
            "{page}"
        );
    }
    for path in ["/static/icon.svg", "/favicon.ico"] {
        let response = get(path).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["content-type"], "image/svg+xml");
        let body = response.text().await.unwrap();
        assert!(body.starts_with("<svg"), "{path}: {body}");
    }
}
