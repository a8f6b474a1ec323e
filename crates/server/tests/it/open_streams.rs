//! The streams an account holds open: a revoked token's game and event streams end at once on
//! the node that revoked it and soon after on another; an account holds at most
//! `--max-streams-per-account` streams and WebSockets on a node, from however many addresses,
//! and is told why beyond it, while other accounts are still served. On SQLite and PostgreSQL.

use std::time::Duration;

use crate::common;

use common::bot_client::{accept_and_start, become_bot, new_token, Lines, TokenClient};
use common::{create_game, databases, test_config, within, Database, TestServer, Transcript};
use reqwest::StatusCode;
use serde_json::json;

const WAIT: Duration = Duration::from_secs(20);

/// A new bot account with its session and name.
async fn a_bot(server: &TestServer) -> (common::Client, String) {
    let mut robo = server.user("robo").await;
    become_bot(&mut robo).await;
    let name = robo.clone_get("/api/me").await.1["username"]
        .as_str()
        .unwrap()
        .to_string();
    (robo, name)
}

/// A running game of `anna`'s in which the bot `bot_name` (whose program is `program`, reading
/// `events`) accepted seat 1.
async fn a_game_with(
    anna: &mut common::Client,
    bot_name: &str,
    program: &TokenClient,
    events: &mut Lines,
) -> String {
    let (id, _) = create_game(
        anna,
        json!({"players": 2}),
        json!([{"kind": "me"}, {"kind": "bot_account", "name": bot_name}]),
    )
    .await;
    let invitation = events.next_within(WAIT).await.expect("an invitation");
    assert_eq!(invitation["type"], "invitation", "{invitation}");
    accept_and_start(program, anna, &id).await;
    let started = events.next_within(WAIT).await.expect("the game's start");
    assert_eq!(started["type"], "game_start", "{started}");
    id
}

/// Reads `stream` until nothing has come for half a second.
async fn quiet(stream: &mut Lines) {
    while let Some(line) = stream.try_next(Duration::from_millis(500)).await {
        assert!(line.is_some(), "the stream ended early");
    }
}

/// Reads `stream` until it ends; panics if a line of JSON comes first or it goes on past
/// `wait`.
async fn ends_within(stream: &mut Lines, wait: Duration, what: &str) {
    match tokio::time::timeout(wait, stream.next()).await {
        Ok(None) => {}
        Ok(Some(line)) => panic!("{what}: a line after the revocation: {line}"),
        Err(_) => panic!("{what}: still open {wait:?} after the revocation"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_tokens_open_streams_end_at_once_and_another_tokens_go_on() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let (mut robo, robo_name) = a_bot(&server).await;
        let (revoked_id, revoked_secret) = new_token(&mut robo, "revoked").await;
        let (_, kept_secret) = new_token(&mut robo, "kept").await;
        let revoked = TokenClient::new(&server.base, &revoked_secret);
        let kept = TokenClient::new(&server.base, &kept_secret);
        let transcript = Transcript::default();
        let mut events = revoked.stream("/api/bot/events", &transcript).await;
        let mut kept_events = kept.stream("/api/bot/events", &transcript).await;
        let game = a_game_with(&mut anna, &robo_name, &revoked, &mut events).await;
        // The stream tells the bot's games as the database has them when it looks: on a busy
        // machine the other token's program may have accepted, and Anna started, before this
        // stream's look after the invitation, which it then leaves out.
        let mut started = kept_events.next_within(WAIT).await.unwrap();
        if started["type"] == "invitation" {
            started = kept_events.next_within(WAIT).await.unwrap();
        }
        assert_eq!(started["type"], "game_start", "{started}");
        let mut game_stream = revoked
            .stream(&format!("/api/bot/games/{game}/stream"), &transcript)
            .await;
        let first = game_stream.next_within(WAIT).await.unwrap();
        assert_eq!(first["type"], "game", "{first}");
        let update = game_stream.next_within(WAIT).await.unwrap();
        assert_eq!(update["type"], "update", "{update}");
        // What was under way is read (the bot's presence shown anew), so that any line after
        // the revocation would be a new one.
        quiet(&mut game_stream).await;
        quiet(&mut events).await;

        let (status, body) = robo
            .post(&format!("/api/bot/tokens/{revoked_id}/revoke"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        ends_within(&mut game_stream, Duration::from_secs(1), "the game stream").await;
        ends_within(&mut events, Duration::from_secs(1), "the event stream").await;

        // The other token's stream goes on, and is told of the next invitation.
        let (next, _) = create_game(
            &mut anna,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "bot_account", "name": robo_name}]),
        )
        .await;
        let invitation = kept_events.next_within(WAIT).await.unwrap();
        assert_eq!(invitation["type"], "invitation", "{invitation}");
        assert_eq!(invitation["game"], next.as_str(), "{invitation}");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_revoked_on_one_node_ends_its_streams_on_the_other() {
    // Two nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = Database::postgres(&admin).await;
    let first = TestServer::start_with(database.same(), test_config(&database.url)).await;
    let second = TestServer::start_with(database.same(), test_config(&database.url)).await;
    let mut anna = first.user("anna").await;
    let (mut robo, robo_name) = a_bot(&first).await;
    let (id, secret) = new_token(&mut robo, "elsewhere").await;
    let program = TokenClient::new(&second.base, &secret);
    let transcript = Transcript::default();
    let mut events = program.stream("/api/bot/events", &transcript).await;
    let game = a_game_with(&mut anna, &robo_name, &program, &mut events).await;
    let mut game_stream = program
        .stream(&format!("/api/bot/games/{game}/stream"), &transcript)
        .await;
    let first_line = game_stream.next_within(WAIT).await.unwrap();
    assert_eq!(first_line["type"], "game", "{first_line}");

    let (status, body) = robo
        .post(&format!("/api/bot/tokens/{id}/revoke"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // A notice between nodes takes a few milliseconds; five seconds leave room for a slow
    // machine, and the stream would otherwise stay open for good.
    let wait = Duration::from_secs(5);
    loop {
        match tokio::time::timeout(wait, game_stream.next()).await {
            Ok(None) => break,
            Ok(Some(line)) if line["type"] == "update" => continue,
            Ok(Some(line)) => panic!("the game stream: {line}"),
            Err(_) => panic!("the game stream is still open {wait:?} after the revocation"),
        }
    }
    ends_within(&mut events, wait, "the event stream").await;
    first.server.shutdown().await;
    second.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_holds_at_most_its_cap_of_streams_and_sockets_on_a_node() {
    for database in databases().await {
        let config = helvetia_server::Config {
            max_streams_per_account: 3,
            ..test_config(&database.url)
        };
        let server = TestServer::start_with(database, config).await;
        let (mut robo, _) = a_bot(&server).await;
        let (_, secret) = new_token(&mut robo, "many").await;
        let program = TokenClient::new(&server.base, &secret);
        let transcript = Transcript::default();
        let mut open = Vec::new();
        for _ in 0..3 {
            open.push(program.stream("/api/bot/events", &transcript).await);
        }
        // A second token of the same account counts with the first.
        let (_, other_secret) = new_token(&mut robo, "more").await;
        let other = TokenClient::new(&server.base, &other_secret);
        for client in [&program, &other] {
            let (status, body) = client.get("/api/bot/events").await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
            assert_eq!(body["code"], "too-many-streams", "{body}");
            assert!(
                body["error"].as_str().unwrap().contains('3'),
                "the refusal names the cap: {body}"
            );
        }
        // Another bot account is served as before.
        let (mut second_bot, _) = a_bot(&server).await;
        let (_, second_secret) = new_token(&mut second_bot, "own").await;
        let second = TokenClient::new(&server.base, &second_secret);
        second.stream("/api/bot/events", &transcript).await;

        // A stream closed frees its place (once the server notices, at its next write).
        drop(open.pop());
        let freed = within(Duration::from_secs(15), async || {
            program.status_of("/api/bot/events").await == StatusCode::OK
        })
        .await;
        assert!(freed, "a closed stream's place is freed");

        // A person's tables count the same way: a fourth socket is refused.
        let mut anna = server.user("anna").await;
        let (game, _) = create_game(
            &mut anna,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        let mut sockets = Vec::new();
        for _ in 0..3 {
            sockets.push(anna.ws(&game).await);
        }
        let refused = anna.ws_with(&game, &[]).await;
        let error = refused.err().expect("a fourth socket is refused");
        assert!(error.contains("429"), "{error}");
        let beat = server.user("beat").await;
        beat.ws(&game).await;
        drop(sockets.pop());
        let freed = within(Duration::from_secs(15), async || {
            anna.ws_with(&game, &[]).await.is_ok()
        })
        .await;
        assert!(freed, "a closed socket's place is freed");
        server.server.shutdown().await;
    }
}
