//! Bot accounts: a fresh account becomes a bot for good; its session reaches only its settings
//! and tokens; its tokens (kept hashed, shown once) reach only who it is, a game's state, and
//! moves, with the same refusals as a person's; a revoked token is refused at once, on every
//! node.

use crate::common;

use common::bot_client::{become_bot, new_token, TokenClient};
use common::{create_game, databases, TestServer};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fresh_account_becomes_a_bot_whose_session_reaches_only_its_settings_and_tokens() {
    for database in databases().await {
        let server = TestServer::start(database).await;

        // An account that has played (here: holds a seat) cannot become a bot.
        let mut anna = server.user("anna").await;
        create_game(
            &mut anna,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        let (status, body) = anna
            .post("/api/account/bot", json!({"for_good": true}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "played-already", "{body}");
        let (status, body) = anna.get("/api/bot/tokens").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["code"], "not-a-bot-account", "{body}");
        let (_, page) = anna.get_text("/settings").await;
        assert!(page.contains("id=\"bot-account\""), "{page}");
        assert!(!page.contains("data-become-bot"), "played: no offer");

        // A fresh one can, once it says it is for good; every session it had ends.
        let mut robo = server.user("robo").await;
        let (_, page) = robo.get_text("/settings").await;
        assert!(
            page.contains("data-become-bot=\"/api/account/bot\""),
            "{page}"
        );
        assert!(!page.contains("id=\"token-form\""), "{page}");
        let (status, body) = robo
            .post("/api/account/bot", json!({"for_good": false}))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let (_, me) = robo.get("/api/me").await;
        assert_eq!(me["bot"], false, "{me}");
        let old_session = robo.session.clone();
        become_bot(&mut robo).await;
        assert_ne!(robo.session, old_session, "a new session");
        let (_, me) = robo.get("/api/me").await;
        assert_eq!(me["bot"], true, "{me}");
        let mut stale = server.client().await;
        stale.session = old_session;
        let (status, _) = stale.get("/api/me").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "the old session ended");
        let (status, body) = robo
            .post("/api/account/bot", json!({"for_good": true}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");

        // Its session reaches its settings and tokens, not the lobby, the chat or the pages.
        let (status, body) = robo
            .post(
                "/api/games",
                json!({"options": {"players": 2},
                       "seats": [{"kind": "me"}, {"kind": "open"}]}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["code"], "bot-account", "{body}");
        let (_, listed) = anna.get("/api/games?list=mine").await;
        let game = listed[0]["id"].as_str().unwrap().to_string();
        let (status, body) = robo
            .post(&format!("/api/games/{game}/chat"), json!({"text": "hi"}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, body) = robo.post("/api/play-now", json!({"players": 2})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let no_redirects = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let lobby = no_redirects
            .get(format!("{}/lobby", server.base))
            .header("cookie", robo.cookie_header())
            .send()
            .await
            .unwrap();
        assert!(lobby.status().is_redirection(), "{}", lobby.status());
        assert_eq!(lobby.headers()["location"], "/settings");
        let (status, page) = robo.get_text("/settings").await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("id=\"token-form\""), "{page}");
        assert!(!page.contains("data-become-bot"), "{page}");
        let (status, body) = robo.get("/api/settings").await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // Everyone sees it is a bot where its name is shown; a person's profile says nothing.
        let name = me["username"].as_str().unwrap().to_string();
        let (_, profile) = anna.get(&format!("/api/players/{name}")).await;
        assert_eq!(profile["bot"], true, "{profile}");
        let (_, page) = anna.get_text(&format!("/players/{name}")).await;
        assert!(page.contains("class=\"bot-account-badge\""), "{page}");
        let (_, anna_me) = anna.get("/api/me").await;
        let anna_name = anna_me["username"].as_str().unwrap().to_string();
        let (_, profile) = anna.get(&format!("/api/players/{anna_name}")).await;
        assert_eq!(profile["bot"], false, "{profile}");
        server.server.shutdown().await;
    }
}

/// Becoming a bot while taking a seat, in two tabs at the same moment: one of the two wins,
/// never both (a bot account holding a person's seat). Eight fresh accounts race on each
/// database. Before the join's transaction looked at the account again, both won every time,
/// on SQLite too: the join went by the person its request had started with.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn becoming_a_bot_and_taking_a_seat_at_once_never_both_succeed() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let (mut became_bots, mut joined) = (0, 0);
        for racer in 0..8 {
            let (game, _) = create_game(
                &mut anna,
                json!({"players": 2}),
                json!([{"kind": "me"}, {"kind": "open"}]),
            )
            .await;
            let mut person = server.user(&format!("racer{racer}")).await;
            let mut other_tab = server.client().await;
            other_tab.session = person.session.clone();
            other_tab.csrf = person.csrf.clone();
            let join = format!("/api/games/{game}/join");
            let ((bot_status, bot_body), (join_status, join_body)) = tokio::join!(
                other_tab.post("/api/account/bot", json!({"for_good": true})),
                person.post(&join, json!({})),
            );
            let is_bot = bot_status == StatusCode::OK;
            let is_seated = join_status == StatusCode::OK;
            assert!(
                is_bot != is_seated,
                "exactly one wins: become a bot {bot_status} {bot_body}, join {join_status} {join_body}"
            );
            let (_, state) = anna.get(&format!("/api/games/{game}")).await;
            let second_seat = state["players"][1]["kind"].as_str().unwrap_or_default();
            if is_bot {
                assert_eq!(second_seat, "open", "{state}");
                became_bots += 1;
            } else {
                assert_eq!(bot_body["code"], "played-already", "{bot_body}");
                assert_eq!(second_seat, "human", "{state}");
                let (_, me) = person.get("/api/me").await;
                assert_eq!(me["bot"], false, "{me}");
                joined += 1;
            }
        }
        assert_eq!(became_bots + joined, 8);

        // Entered in a tournament, an account has played: it stays a person.
        let mut entrant = server.user("entrant").await;
        let (status, created) = anna
            .post(
                "/api/tournaments",
                json!({"name": "Someday", "players": 3, "pace": "live-5", "rounds": 2,
                       "starts_at": common::rfc3339_in(3600)}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let tournament = created["id"].as_str().unwrap();
        let (status, body) = entrant
            .post(&format!("/api/tournaments/{tournament}/enter"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = entrant
            .post("/api/account/bot", json!({"for_good": true}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "played-already", "{body}");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_is_shown_once_plays_only_and_is_refused_once_revoked() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut robo = server.user("robo").await;
        become_bot(&mut robo).await;

        for name in [
            "",
            &"x".repeat(41),
            "lap\u{202e}top",
            "lap\u{200b}top",
            "nul\u{0}",
        ] {
            let (status, body) = robo.post("/api/bot/tokens", json!({"name": name})).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(body["code"], "api-token-name", "{body}");
        }
        let (id, secret) = new_token(&mut robo, "laptop").await;
        assert!(secret.starts_with("hvb_"), "{secret}");
        let (status, listed) = robo.get("/api/bot/tokens").await;
        assert_eq!(status, StatusCode::OK, "{listed}");
        assert_eq!(listed["tokens"][0]["id"], id.as_str(), "{listed}");
        assert_eq!(listed["tokens"][0]["name"], "laptop", "{listed}");
        assert!(
            !listed.to_string().contains(&secret[4..]),
            "the list never shows a secret: {listed}"
        );
        let (_, page) = robo.get_text("/settings").await;
        assert!(page.contains("laptop"), "the settings page lists it");
        assert!(!page.contains(&secret[4..]), "but never its secret");
        assert!(
            page.contains(&format!(
                "data-revoke-token=\"/api/bot/tokens/{id}/revoke\""
            )),
            "{page}"
        );

        // The token says who it is, and reaches a game's state, with no cookie and no CSRF
        // token; it may not create games, chat or manage tokens.
        let program = TokenClient::new(&server.base, &secret);
        let (status, me) = program.get("/api/me").await;
        assert_eq!(status, StatusCode::OK, "{me}");
        assert_eq!(me["bot"], true, "{me}");
        let (_, robo_me) = robo.get("/api/me").await;
        assert_eq!(me["username"], robo_me["username"]);
        let mut anna = server.user("anna").await;
        let (game, _) = create_game(
            &mut anna,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
        )
        .await;
        let (status, body) = anna
            .post(&format!("/api/games/{game}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, state) = program.get(&format!("/api/games/{game}")).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert!(state["legal"].as_array().unwrap().is_empty(), "{state}");
        // Not seated: the same refusal a person without a seat gets, not a CSRF one.
        let version = state["version"].clone();
        let (status, refused) = program
            .post(
                &format!("/api/games/{game}/actions"),
                json!({"version": version, "index": 0}),
            )
            .await;
        let mut carl = server.user("carl").await;
        let (person_status, person_refused) = carl
            .post(
                &format!("/api/games/{game}/actions"),
                json!({"version": version, "index": 0}),
            )
            .await;
        assert_eq!(
            (status, &refused["code"]),
            (person_status, &person_refused["code"]),
            "{refused} {person_refused}"
        );
        assert_eq!(refused["code"], "not-seated", "{refused}");
        for (path, body) in [
            (
                "/api/games".to_string(),
                json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "open"}]}),
            ),
            (format!("/api/games/{game}/chat"), json!({"text": "hi"})),
            ("/api/bot/tokens".to_string(), json!({"name": "more"})),
        ] {
            let (status, body) = program.post(&path, body).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {body}");
            assert_eq!(body["code"], "api-token-only-plays", "{path}: {body}");
        }
        let (status, body) = program.get("/api/settings").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");

        // Revoked: refused at once; revoking again finds nothing.
        let (status, body) = robo
            .post(&format!("/api/bot/tokens/{id}/revoke"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = program.get("/api/me").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        assert_eq!(body["code"], "unknown-api-token", "{body}");
        // Not served as a visitor either: the program is told.
        let (status, body) = program.get(&format!("/api/games/{game}")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let (status, _) = robo
            .post(&format!("/api/bot/tokens/{id}/revoke"), json!({}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (_, listed) = robo.get("/api/bot/tokens").await;
        assert!(listed["tokens"][0]["revoked_at"].is_i64(), "{listed}");

        // A person's token-like header is no way in either.
        let forged = TokenClient::new(&server.base, "hvb_0000");
        let (status, _) = forged.get("/api/me").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        // At most ten live tokens.
        for n in 0..10 {
            new_token(&mut robo, &format!("t{n}")).await;
        }
        let (status, body) = robo
            .post("/api/bot/tokens", json!({"name": "one more"}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "too-many-api-tokens", "{body}");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_token_is_refused_at_once_on_every_node() {
    // Two nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = common::Database::postgres(&admin).await;
    let first = TestServer::start(database.same()).await;
    let second = TestServer::start(database).await;
    let mut robo = first.user("robo").await;
    become_bot(&mut robo).await;
    let (id, secret) = new_token(&mut robo, "cluster").await;
    let on_second = TokenClient::new(&second.base, &secret);
    let (status, _) = on_second.get("/api/me").await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = robo
        .post(&format!("/api/bot/tokens/{id}/revoke"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // No wait: the very next request on the other node is refused.
    let (status, body) = on_second.get("/api/me").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    first.server.shutdown().await;
    second.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_accounts_tokens_share_a_request_limit_that_spares_other_bots() {
    for database in databases().await {
        let config = helvetia_server::Config {
            api_per_minute: 5,
            ..common::test_config(&database.url)
        };
        let server = TestServer::start_with(database, config).await;
        let mut robo = server.user("robo").await;
        become_bot(&mut robo).await;
        let (_, first) = new_token(&mut robo, "one").await;
        let (_, second) = new_token(&mut robo, "two").await;
        let mut other = server.user("other").await;
        become_bot(&mut other).await;
        let (_, others) = new_token(&mut other, "theirs").await;

        // Five requests a minute for the account, whichever of its tokens makes them.
        for secret in [&first, &second, &first, &second, &first] {
            let (status, body) = TokenClient::new(&server.base, secret).get("/api/me").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, body) = TokenClient::new(&server.base, &second).get("/api/me").await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert_eq!(body["code"], "too-many-api-requests", "{body}");
        // Five a minute: the next one is allowed about twelve seconds later, and the answer says
        // when (not "in a second").
        let response = reqwest::Client::new()
            .get(format!("{}/api/me", server.base))
            .bearer_auth(&first)
            .send()
            .await
            .unwrap();
        let retry = retry_after(&response);
        assert!((5..=12).contains(&retry), "Retry-After: {retry}");
        // Another bot account is not held back.
        let (status, body) = TokenClient::new(&server.base, &others).get("/api/me").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_tokens_spend_the_addresses_attempts_and_then_every_token_waits() {
    for database in databases().await {
        let config = helvetia_server::Config {
            auth_per_minute: 4,
            ..common::test_config(&database.url)
        };
        let server = TestServer::start_with(database, config).await;
        let mut robo = server.user("robo").await;
        become_bot(&mut robo).await;
        let (_, secret) = new_token(&mut robo, "real").await;

        // Wrong tokens are told they are unknown while the address has attempts left (its
        // registration spent one), then refused as too many.
        let mut unknown = 0;
        let refused = loop {
            let guess = format!("hvb_guess{unknown}");
            let response = reqwest::Client::new()
                .get(format!("{}/api/me", server.base))
                .bearer_auth(&guess)
                .send()
                .await
                .unwrap();
            if response.status() == StatusCode::UNAUTHORIZED {
                unknown += 1;
                assert!(unknown <= 4, "more wrong tokens than the attempts allowed");
                continue;
            }
            break response;
        };
        assert!(unknown >= 1, "the first wrong token is told it is unknown");
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        let retry = retry_after(&refused);
        assert!((1..=15).contains(&retry), "Retry-After: {retry}");
        let body: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(body["code"], "too-many-attempts", "{body}");
        // Now even the right token waits: guessing gains nothing from going on.
        let (status, body) = TokenClient::new(&server.base, &secret).get("/api/me").await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert_eq!(body["code"], "too-many-attempts", "{body}");
        // A person's session from the same address is not held back by it.
        let (status, body) = robo.get("/api/bot/tokens").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        server.server.shutdown().await;
    }
}

/// The seconds a refusal's `Retry-After` asks to wait.
fn retry_after(response: &reqwest::Response) -> u64 {
    response.headers()["retry-after"]
        .to_str()
        .expect("a plain header")
        .parse()
        .expect("a number of seconds")
}
