//! Names that look the same are one name: full-width and compatibility forms, composed and
//! decomposed letters, case (with `ß`), and confusable letters of other scripts are refused at
//! registration; a name mixing scripts is refused; accounts stored before, which now look alike,
//! both keep logging in by their exact names.

use crate::common;

use common::{databases, unique_name, Client, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Four digits that differ between runs.
fn digits() -> String {
    unique_name("")
        .chars()
        .filter(char::is_ascii_digit)
        .take(4)
        .collect()
}

async fn register(client: &mut Client, name: &str) -> (StatusCode, Value) {
    client
        .post(
            "/api/register",
            json!({"username": name, "password": "correct horse"}),
        )
        .await
}

async fn log_in(client: &mut Client, name: &str) -> (StatusCode, String) {
    let (status, body) = client
        .post(
            "/api/login",
            json!({"username": name, "password": "correct horse"}),
        )
        .await;
    (
        status,
        body["username"].as_str().unwrap_or_default().to_string(),
    )
}

#[tokio::test]
async fn each_look_alike_of_a_taken_name_is_refused() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut client = server.client().await;
        // A suffix of digits only: a full-width `_` is not a name character.
        let n = &digits();
        let korean_nfc = format!("\u{d55c}\u{ad6d}\u{c5b4}{n}");
        let korean_nfd =
            format!("\u{1112}\u{1161}\u{11ab}\u{1100}\u{116e}\u{11a8}\u{110b}\u{1165}{n}");
        let full_width: String = format!("anna{n}")
            .chars()
            .map(|c| char::from_u32(c as u32 + 0xFEE0).unwrap())
            .collect();
        for (taken, look_alike) in [
            (format!("anna{n}"), full_width),
            (korean_nfc, korean_nfd),
            (format!("strasse{n}"), format!("STRAßE{n}")),
            (format!("offer{n}"), format!("oﬀer{n}")),
            (format!("bob{n}2"), format!("bob{n}²")),
            // Latin "pecoxa" and Cyrillic "ресоха": each of one script, and alike.
            (
                format!("pecoxa{n}"),
                format!("\u{440}\u{435}\u{441}\u{43e}\u{445}\u{430}{n}"),
            ),
        ] {
            let (status, body) = register(&mut client, &taken).await;
            assert_eq!(status, StatusCode::CREATED, "{taken}: {body}");
            let (status, body) = register(&mut server.client().await, &look_alike).await;
            assert_eq!(
                status,
                StatusCode::CONFLICT,
                "{look_alike} after {taken}: {body}"
            );
            assert!(body["error"].as_str().unwrap().contains("looks the same"));
            // The look-alike logs in to the one account.
            let (status, name) = log_in(&mut server.client().await, &look_alike).await;
            assert_eq!((status, name), (StatusCode::OK, taken.clone()));
        }
        // Cyrillic letters in a Latin name: refused as mixing scripts.
        let (status, body) = register(&mut client, &format!("p\u{430}ypal{n}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("scripts"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn accounts_stored_before_that_now_look_alike_both_keep_logging_in() {
    for database in databases().await {
        let server = TestServer::start(database.same()).await;
        let mut client = server.client().await;
        let n = &digits();
        let first = format!("strasse{n}");
        let (status, body) = register(&mut client, &first).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        server.server.shutdown().await;
        // An account stored by an older server, under the lower-case key it used then.
        let second = format!("straße{n}");
        let sql = format!(
            "INSERT INTO users (id, username, username_key, password_hash, created_at, key_version) \
             SELECT 'older{n}', '{second}', '{second}', password_hash, created_at + 1, 1 \
             FROM users WHERE username = $1"
        );
        database.edit(&sql, &first).await;

        let server = TestServer::start(database).await;
        for name in [&first, &second] {
            let (status, logged_in) = log_in(&mut server.client().await, name).await;
            assert_eq!((status, &logged_in), (StatusCode::OK, name), "{name}");
        }
        let (status, _) = register(&mut server.client().await, &format!("STRASSE{n}")).await;
        assert_eq!(status, StatusCode::CONFLICT);
    }
}

#[tokio::test]
async fn the_name_the_export_writes_for_anonymous_players_is_no_ones() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        for name in [
            "anonymous",
            "Anonymous",
            "\u{ff21}\u{ff2e}\u{ff2f}\u{ff2e}\u{ff39}\u{ff2d}\u{ff2f}\u{ff35}\u{ff33}",
        ] {
            let (status, body) = register(&mut server.client().await, name).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{name}: {body}");
            assert_eq!(body["code"], "username-reserved", "{name}: {body}");
        }
        let (status, body) = register(
            &mut server.client().await,
            &format!("anonymous{}", digits()),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
}
