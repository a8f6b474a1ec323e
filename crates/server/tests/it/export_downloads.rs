//! The export as programs download it: a client that asks for gzip (as browsers, Python's
//! `requests` and most HTTP clients do) gets the whole export compressed, whether it holds no
//! game, one or several; a bot account's token is no obstacle to the open data. On SQLite and
//! PostgreSQL.

use std::io::Read;
use std::time::Duration;

use crate::common;

use common::bot_client::{become_bot, new_token, TokenClient};
use common::{create_game, databases, within, Client, TestServer};
use reqwest::StatusCode;
use serde_json::json;

/// A finished game of two random bots, started by `creator` and played by the server.
pub async fn a_finished_bot_game(creator: &mut Client) -> String {
    let (id, _) = create_game(
        creator,
        json!({"players": 2, "round_limit": 1}),
        json!([{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]),
    )
    .await;
    let (status, body) = creator
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let finished = within(Duration::from_secs(30), async || {
        creator.state(&id).await["status"] == "finished"
    })
    .await;
    assert!(finished, "the bots play {id} to its end");
    id
}

/// The export at `query` as a client that asks for gzip reads it: the body must arrive whole
/// and decompress. Answers the text and whether it came compressed.
async fn gzipped(server: &TestServer, query: &str) -> (String, bool) {
    let response = reqwest::Client::new()
        .get(format!("{}/api/games/export{query}", server.base))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap_or_else(|e| panic!("{query}: no answer: {e}"));
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    let compressed = response
        .headers()
        .get("content-encoding")
        .is_some_and(|encoding| encoding == "gzip");
    let body = response
        .bytes()
        .await
        .unwrap_or_else(|e| panic!("{query}: the body was cut off: {e}"));
    let text = if compressed {
        let mut text = String::new();
        flate2::read::GzDecoder::new(&body[..])
            .read_to_string(&mut text)
            .unwrap_or_else(|e| panic!("{query}: not a whole gzip stream: {e}"));
        text
    } else {
        String::from_utf8(body.to_vec()).unwrap()
    };
    (text, compressed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gzip_export_arrives_whole_whether_it_holds_no_game_one_or_several() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let (empty, _) = gzipped(&server, "").await;
        assert_eq!(empty, "", "no game finished yet");
        let (empty, _) = gzipped(&server, "?limit=1").await;
        assert_eq!(empty, "");

        let first = a_finished_bot_game(&mut anna).await;
        let second = a_finished_bot_game(&mut anna).await;
        let (_, plain) = anna.get_text("/api/games/export").await;
        assert_eq!(plain.lines().count(), 2, "{plain}");
        let mut compressed_any = false;
        let (whole, compressed) = gzipped(&server, "").await;
        compressed_any |= compressed;
        assert_eq!(whole, plain, "the whole export, compressed");
        let (one, compressed) = gzipped(&server, "?limit=1").await;
        compressed_any |= compressed;
        assert_eq!(one, plain.lines().next().unwrap().to_string() + "\n");
        assert!(one.contains(&first), "{one}");
        let cursor = serde_json::from_str::<serde_json::Value>(&one).unwrap()["cursor"]
            .as_str()
            .unwrap()
            .to_string();
        let (rest, compressed) = gzipped(&server, &format!("?cursor={cursor}")).await;
        compressed_any |= compressed;
        assert!(rest.contains(&second) && !rest.contains(&first), "{rest}");
        let (after_all, _) = gzipped(&server, &format!("?limit=5&cursor={cursor}&players=4")).await;
        assert_eq!(
            after_all, "",
            "a filter that holds nothing after the cursor"
        );
        assert!(
            compressed_any,
            "the server compressed the export when asked"
        );
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_accounts_token_may_download_the_open_data() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let id = a_finished_bot_game(&mut anna).await;
        let mut robo = server.user("robo").await;
        become_bot(&mut robo).await;
        let (_, secret) = new_token(&mut robo, "reader").await;
        let program = TokenClient::new(&server.base, &secret);
        let (status, body) = program.get("/api/games/export").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["id"], id.as_str(), "one line, the one game: {body}");
        // Its own session, which reaches only its settings, may download it too.
        let (status, text) = robo.get_text("/api/games/export").await;
        assert_eq!(status, StatusCode::OK, "{text}");
        assert!(text.contains(&id));
        server.server.shutdown().await;
    }
}
