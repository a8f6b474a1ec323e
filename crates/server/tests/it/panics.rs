//! A handler that panics gets the answer of any internal failure, from inside the server's
//! layers: 500 with the JSON error in the client's language, the security headers, the
//! connection kept for the next request, and nothing left counted in flight. The routes here
//! are the test's own (no route of the product panics on purpose); the layers and the
//! listener are the server's.

use crate::common;

use std::time::Duration;

use axum::routing::get;
use axum::Router;
use common::{within, Database, TestServer};
use helvetia_server::app::layered;
use helvetia_server::http::listener::{self, ConnectionCount, ConnectionLimits};
use reqwest::StatusCode;
use serde_json::Value;

async fn panics() -> &'static str {
    panic!("a bug in a handler")
}

async fn answers() -> &'static str {
    "still here"
}

#[tokio::test]
async fn a_handler_that_panics_is_answered_as_an_internal_error_inside_every_layer() {
    // The layers are the same on either database.
    let server = TestServer::start(Database::sqlite()).await;
    let state = server.server.state.clone();
    let routes = Router::new()
        .route("/panics", get(panics).post(panics))
        .route("/answers", get(answers));
    let tcp = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = tcp.local_addr().unwrap();
    let limits = ConnectionLimits {
        total: 100,
        per_address: 100,
        header_read_timeout: Duration::from_secs(10),
    };
    tokio::spawn(listener::serve(
        tcp,
        (layered(routes, state.clone()), state.in_flight.clone()),
        ConnectionCount::new(limits, Vec::new()),
        state.shutdown.subscribe(),
    ));

    // One client, one kept-alive connection for every request below.
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(1)
        .build()
        .unwrap();
    let base = format!("http://{addr}");
    let entered_before = state.in_flight.entered();
    for (method, csrf) in [("GET", None), ("POST", Some("a-token"))] {
        let mut request = http
            .request(method.parse().unwrap(), format!("{base}/panics"))
            .header("accept-language", "de");
        if let Some(token) = csrf {
            request = request
                .header("cookie", format!("helvetia_csrf={token}"))
                .header("x-csrf-token", token);
        }
        let response = request.send().await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::INTERNAL_SERVER_ERROR,
            "{method}"
        );
        let headers = response.headers().clone();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{method}");
        assert_eq!(headers["x-frame-options"], "DENY", "{method}");
        assert!(
            headers.contains_key("content-security-policy"),
            "{method}: {headers:?}"
        );
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "internal", "{method}: {body}");
        assert_eq!(
            body["error"],
            "Auf dem Server ist etwas schiefgegangen. Bitte versuche es gleich noch einmal.",
            "{method}: in the client's language"
        );
        assert!(
            !body.to_string().contains("a bug in a handler"),
            "the panic's message stays in the log: {body}"
        );
    }
    // The POST was a state-changing request, started in a task of its own and counted; its
    // count is given back although its handler panicked.
    assert!(state.in_flight.entered() > entered_before);
    assert!(
        within(Duration::from_secs(5), async || state.in_flight.count()
            == 0)
        .await,
        "a panicked change is left counted in flight"
    );
    let after = http.get(format!("{base}/answers")).send().await.unwrap();
    assert_eq!(after.status(), StatusCode::OK);
    assert_eq!(after.text().await.unwrap(), "still here");
}
