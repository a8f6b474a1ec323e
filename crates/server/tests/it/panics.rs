//! A handler that panics gets the answer of any internal failure, from inside the server's
//! layers: 500 with the JSON error in the client's language and the security headers, on a
//! connection that stays open for the client's next request, with nothing left counted in
//! flight. The routes here are the test's own (no route of the product panics on purpose);
//! the layers and the listener are the server's.

use crate::common;

use std::time::Duration;

use axum::routing::get;
use axum::Router;
use common::{within, Database, TestServer};
use helvetia_server::app::layered;
use helvetia_server::http::listener::{self, ConnectionCount, ConnectionLimits};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

async fn panics() -> &'static str {
    panic!("a bug in a handler")
}

async fn answers() -> &'static str {
    "still here"
}

/// One answer read from `socket`: its status, its head (lower-cased) and its body, which must
/// carry a `content-length`.
async fn read_answer(socket: &mut TcpStream) -> (u16, String, String) {
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
        let read = socket.read(&mut chunk).await.unwrap();
        assert!(read > 0, "the server closed the connection");
        bytes.extend_from_slice(&chunk[..read]);
    };
    let head = String::from_utf8_lossy(&bytes[..head_end]).to_lowercase();
    let length: usize = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length: "))
        .unwrap_or_else(|| panic!("no content-length: {head}"))
        .trim()
        .parse()
        .unwrap();
    while bytes.len() < head_end + length {
        let read = socket.read(&mut chunk).await.unwrap();
        assert!(read > 0, "the server closed the connection mid-answer");
        bytes.extend_from_slice(&chunk[..read]);
    }
    let status = head[9..12].parse().unwrap();
    let body = String::from_utf8(bytes[head_end..head_end + length].to_vec()).unwrap();
    (status, head, body)
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

    // Every request below on one connection.
    let mut socket = TcpStream::connect(addr).await.unwrap();
    let entered_before = state.in_flight.entered();
    let requests = [
        (
            "GET",
            format!("GET /panics HTTP/1.1\r\nHost: {addr}\r\nAccept-Language: de\r\n\r\n"),
        ),
        (
            "POST",
            format!(
                "POST /panics HTTP/1.1\r\nHost: {addr}\r\nAccept-Language: de\r\n\
                 Cookie: helvetia_csrf=a-token\r\nx-csrf-token: a-token\r\n\
                 Content-Length: 0\r\n\r\n"
            ),
        ),
    ];
    for (method, request) in requests {
        socket.write_all(request.as_bytes()).await.unwrap();
        let (status, head, body) = read_answer(&mut socket).await;
        assert_eq!(status, 500, "{method}: {head}");
        assert!(
            head.contains("\r\nx-content-type-options: nosniff\r\n"),
            "{method}: {head}"
        );
        assert!(
            head.contains("\r\nx-frame-options: deny\r\n"),
            "{method}: {head}"
        );
        assert!(
            head.contains("\r\ncontent-security-policy: "),
            "{method}: {head}"
        );
        assert!(
            head.contains("\r\ncontent-type: application/json"),
            "{method}: {head}"
        );
        let body: Value = serde_json::from_str(&body).unwrap();
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
    let after = format!("GET /answers HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    socket.write_all(after.as_bytes()).await.unwrap();
    let (status, head, body) = read_answer(&mut socket).await;
    assert_eq!(status, 200, "{head}");
    assert_eq!(body, "still here");
}
