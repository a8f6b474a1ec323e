//! Bots from anywhere: a person keeps a seat for a bot account; its program hears of it on its
//! event stream, declines or accepts, follows the game on its own stream and plays its seat to
//! the end with its token, refused as a person would be when out of turn, on an old version or
//! in a game it does not sit in; nothing it receives carries the seed or the hidden order.

use std::time::Duration;

use crate::common;
use crate::security::{leaks, secrets};

use common::bot_client::{a_bot, accept_and_start, new_token, Lines, TokenClient};
use common::{
    create_game, databases, decides, test_config, within, Database, TestServer, Transcript,
};
use reqwest::StatusCode;
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(20);

/// The next line of `events` that is not a game's start or end told on connecting.
async fn next_event(events: &mut Lines) -> Value {
    events.next_within(WAIT).await.expect("the stream goes on")
}

/// A new 2-player game of `creator`'s with seat 1 kept for the bot account `bot_name`, and the
/// invitation its program reads on `events` (checked to name that game).
async fn invite_to_a_new_game(
    creator: &mut common::Client,
    bot_name: &str,
    events: &mut Lines,
) -> (String, Value) {
    let (id, _) = create_game(
        creator,
        json!({"players": 2}),
        json!([{"kind": "me"}, {"kind": "bot_account", "name": bot_name}]),
    )
    .await;
    let invitation = next_event(events).await;
    assert_eq!(invitation["type"], "invitation", "{invitation}");
    assert_eq!(invitation["game"], id.as_str(), "{invitation}");
    (id, invitation)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_account_is_invited_answers_and_plays_its_seat_to_the_end_over_its_streams() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let (mut robo, bot, robo_name) = a_bot(&server).await;
        // A bot decides every step itself: the server plays no forced step for it.
        let (_, setting) = robo.get("/api/settings/forced-steps").await;
        assert_eq!(setting["play_forced_steps"], false, "{setting}");
        // What the bot's program receives, apart from what the people receive.
        let received = Transcript::default();

        // Only bot accounts are invited by name, each to one seat.
        let anna_name = anna.get("/api/me").await.1["username"]
            .as_str()
            .unwrap()
            .to_string();
        for (name, code) in [
            ("nobody_at_all", "no-such-bot-account"),
            (anna_name.as_str(), "no-such-bot-account"),
        ] {
            let (status, body) = anna
                .post(
                    "/api/games",
                    json!({"options": {"players": 2},
                           "seats": [{"kind": "me"}, {"kind": "bot_account", "name": name}]}),
                )
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(body["code"], code, "{body}");
        }
        let (status, body) = anna
            .post(
                "/api/games",
                json!({"options": {"players": 3}, "seats": [{"kind": "me"},
                       {"kind": "bot_account", "name": robo_name},
                       {"kind": "bot_account", "name": robo_name}]}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["code"], "bot-invited-twice", "{body}");

        // The streams are a bot's: a person's session is refused.
        let (status, body) = anna.get("/api/bot/events").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["code"], "not-a-bot-account", "{body}");

        let mut events = bot.stream("/api/bot/events", &received).await;

        // An invitation declined: the seat opens to anyone.
        let (declined, invitation) = invite_to_a_new_game(&mut anna, &robo_name, &mut events).await;
        assert_eq!(invitation["seat"], 1, "{invitation}");
        assert_eq!(invitation["from"], anna_name.as_str(), "{invitation}");
        assert_eq!(invitation["options"]["players"], 2, "{invitation}");
        let (_, game) = anna.get(&format!("/api/games/{declined}")).await;
        assert_eq!(game["players"][1]["kind"], "bot_invite", "{game}");
        assert_eq!(game["players"][1]["name"], robo_name.as_str(), "{game}");
        let (_, page) = anna.get_text(&format!("/games/{declined}")).await;
        assert!(
            page.contains(&format!("{robo_name} is invited and has not answered yet")),
            "the waiting room says who is invited"
        );
        let (status, body) = bot
            .post(&format!("/api/bot/games/{declined}/decline"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["declined"], true, "{body}");
        let gone = next_event(&mut events).await;
        assert_eq!(gone["type"], "invitation_gone", "{gone}");
        assert_eq!(gone["game"], declined.as_str(), "{gone}");
        let (_, game) = anna.get(&format!("/api/games/{declined}")).await;
        assert_eq!(game["players"][1]["kind"], "open", "{game}");
        let (status, body) = bot
            .post(&format!("/api/bot/games/{declined}/accept"), json!({}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_eq!(body["code"], "no-invitation", "{body}");

        // An invitation accepted: the bot sits with anna and the casual built-in bot.
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 3, "round_limit": 2}),
            json!([{"kind": "me"}, {"kind": "bot_account", "name": robo_name},
                   {"kind": "bot", "level": "greedy"}]),
        )
        .await;
        let invitation = next_event(&mut events).await;
        assert_eq!(invitation["type"], "invitation", "{invitation}");
        assert_eq!(invitation["game"], id.as_str(), "{invitation}");
        assert_eq!(invitation["rated"], false, "{invitation}");
        let (status, body) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "seats-not-filled", "{body}");
        let (status, body) = bot
            .post(&format!("/api/bot/games/{id}/accept"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["seat"], 1, "{body}");
        let (status, body) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let start = next_event(&mut events).await;
        assert_eq!(start["type"], "game_start", "{start}");
        assert_eq!(start["game"], id.as_str(), "{start}");
        assert_eq!(start["seat"], 1, "{start}");

        // Not seated there: no stream, no action.
        let (status, body) = bot.get(&format!("/api/bot/games/{declined}/stream")).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["code"], "not-seated", "{body}");
        let (status, body) = bot
            .post(
                &format!("/api/games/{declined}/actions"),
                json!({"version": 0, "index": 0}),
            )
            .await;
        assert!(status.is_client_error(), "{status} {body}");

        let live = server.server.state.games.cached(&id).unwrap();
        let mut hidden = Vec::new();
        let mut round = 0;
        let mut game = bot
            .stream(&format!("/api/bot/games/{id}/stream"), &received)
            .await;
        let first = game.next_within(WAIT).await.unwrap();
        assert_eq!(first["type"], "game", "{first}");
        assert_eq!(first["seat"], 1, "{first}");
        assert_eq!(first["options"]["players"], 3, "{first}");
        let (_, state) = anna.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["players"][1]["connected"], true, "{state}");
        // Shown as a bot wherever its name appears: the table's seats and the lobby's lists.
        assert_eq!(state["players"][1]["kind"], "human", "{state}");
        assert_eq!(state["players"][1]["bot_account"], true, "{state}");
        assert_eq!(state["players"][0]["bot_account"], false, "{state}");
        let (_, mine) = anna.get("/api/games?list=mine").await;
        let listed = mine
            .as_array()
            .unwrap()
            .iter()
            .find(|game| game["id"] == id.as_str())
            .unwrap();
        assert!(
            listed["players"]
                .as_array()
                .unwrap()
                .contains(&json!([robo_name, true])),
            "{listed}"
        );

        let mut bot_actions = 0;
        let mut refusals_checked = false;
        let mut last = Value::Null;
        loop {
            {
                let state = live.lock().await;
                if state.game().position().round != round {
                    round = state.game().position().round;
                    hidden.extend(secrets(state.game().position(), state.seed_for_storage()));
                }
            }
            // The bot answers every update that asks it to decide.
            while let Some(line) = game.try_next(Duration::from_millis(200)).await {
                let Some(update) = line else { break };
                assert_eq!(update["type"], "update", "{update}");
                last = update;
                if last["your_turn"] == true {
                    let version = last["version"].as_u64().unwrap();
                    let action = last["legal"][0].clone();
                    if version > 0 {
                        let (status, body) = bot
                            .post(
                                &format!("/api/games/{id}/actions"),
                                json!({"version": version - 1, "action": action}),
                            )
                            .await;
                        assert_eq!(status, StatusCode::CONFLICT, "{body}");
                        assert_eq!(body["code"], "stale-version", "{body}");
                    }
                    let (status, body) = bot
                        .post(
                            &format!("/api/games/{id}/actions"),
                            json!({"version": version, "action": action}),
                        )
                        .await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                    bot_actions += 1;
                } else if !refusals_checked && last["status"] == "running" {
                    let version = last["version"].as_u64().unwrap();
                    let (status, body) = bot
                        .post(
                            &format!("/api/games/{id}/actions"),
                            json!({"version": version, "index": 0}),
                        )
                        .await;
                    if status == StatusCode::FORBIDDEN {
                        assert_eq!(body["code"], "not-your-turn", "{body}");
                        refusals_checked = true;
                    }
                }
            }
            if last["status"] == "finished" {
                break;
            }
            let (_, state) = anna.get(&format!("/api/games/{id}")).await;
            if decides(&state) {
                let version = state["version"].as_u64().unwrap();
                anna.post(
                    &format!("/api/games/{id}/actions"),
                    json!({"version": version, "index": 0}),
                )
                .await;
            }
        }
        assert!(game.next_within(WAIT).await.is_none(), "the stream ends");
        assert!(bot_actions > 5, "the bot played its seat: {bot_actions}");
        assert!(refusals_checked, "an action out of turn was refused");
        let finish = next_event(&mut events).await;
        assert_eq!(finish["type"], "game_finish", "{finish}");
        assert_eq!(finish["game"], id.as_str(), "{finish}");
        assert_eq!(finish["status"], "finished", "{finish}");

        // Neither people's ratings move, nor anyone's.
        let (_, state) = anna.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["rating_changes"], json!([]), "{state}");

        // Anna asks for a rematch: the bot account's seat is kept for it, and its program is
        // invited as to any game.
        let (status, body) = anna
            .post(&format!("/api/games/{id}/rematch"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let next = body["id"].as_str().unwrap().to_string();
        let (_, again) = anna.get(&format!("/api/games/{next}")).await;
        assert_eq!(again["players"][1]["kind"], "bot_invite", "{again}");
        assert_eq!(again["players"][1]["name"], robo_name.as_str(), "{again}");
        let invitation = next_event(&mut events).await;
        assert_eq!(invitation["type"], "invitation", "{invitation}");
        assert_eq!(invitation["game"], next.as_str(), "{invitation}");
        assert_eq!(invitation["seat"], 1, "{invitation}");

        // Nothing the bot received carried a secret of any round.
        let payloads = received.payloads();
        assert!(payloads.len() > bot_actions, "{} lines", payloads.len());
        assert!(hidden.len() > 10, "{} secret fragments", hidden.len());
        let found = leaks(&payloads, &hidden);
        assert!(found.is_empty(), "hidden information sent: {found:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_stops_answering_is_stood_in_for_when_its_clock_runs_out_and_takes_it_back() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let (_, bot, robo_name) = a_bot(&server).await;
        let (status, body) = anna
            .post(
                "/api/games",
                json!({
                    "options": {"players": 2, "round_limit": 40},
                    "seats": [{"kind": "me"}, {"kind": "bot_account", "name": robo_name}],
                    "time_control": {"bank_secs": 3, "per_turn_secs": 0, "increment_secs": 0,
                                     "stand_in": "random"},
                }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id = body["id"].as_str().unwrap().to_string();
        let (status, body) = bot
            .post(&format!("/api/bot/games/{id}/accept"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // Anna plays her turns; the bot's program says nothing, and its clock runs out.
        let mut state = Value::Null;
        let stood_in = within(Duration::from_secs(40), async || {
            state = anna.state(&id).await;
            if decides(&state) {
                let version = state["version"].as_u64().unwrap();
                anna.post(
                    &format!("/api/games/{id}/actions"),
                    json!({"version": version, "index": 0}),
                )
                .await;
            }
            !state["players"][1]["stand_in"].is_null()
        })
        .await;
        assert!(stood_in, "no stand-in for the silent bot: {state}");
        assert_eq!(state["players"][1]["stand_in"], "random", "{state}");
        assert_eq!(state["clock"]["banks_ms"][1], 0, "{state}");

        // The program comes back and takes its seat back with its token, as a person would.
        let (status, body) = bot
            .post(&format!("/api/games/{id}/return"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, state) = bot.get(&format!("/api/games/{id}")).await;
        assert!(state["players"][1]["stand_in"].is_null(), "{state}");
        assert!(
            state["clock"]["banks_ms"][1].as_i64().unwrap() > 0,
            "back with time on its clock: {state}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_among_bots_are_rated_on_the_bot_ladder_with_the_built_in_levels_as_anchors() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let (_, bot, robo_name) = a_bot(&server).await;

        // A game among bots whose bot account declines opens its seat to people: from then
        // on it can no longer be rated.
        let (declined, _) = create_game(
            &mut anna,
            json!({"players": 2, "round_limit": 1}),
            json!([{"kind": "bot_account", "name": robo_name},
                   {"kind": "bot", "level": "random"}]),
        )
        .await;
        let rated_in_lobby = |lobby: &Value| {
            lobby
                .as_array()
                .unwrap()
                .iter()
                .find(|game| game["id"] == declined.as_str())
                .map(|game| game["rated"].clone())
        };
        let (_, lobby) = anna.get("/api/games?list=mine").await;
        assert_eq!(rated_in_lobby(&lobby), Some(json!(true)), "{lobby}");
        let (status, body) = bot
            .post(&format!("/api/bot/games/{declined}/decline"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, lobby) = anna.get("/api/games?list=mine").await;
        assert_eq!(rated_in_lobby(&lobby), Some(json!(false)), "{lobby}");

        // Anna hosts without a seat: the bot account against the beginner level.
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 2, "round_limit": 1}),
            json!([{"kind": "bot_account", "name": robo_name},
                   {"kind": "bot", "level": "random"}]),
        )
        .await;
        accept_and_start(&bot, &mut anna, &id).await;
        let mut state = Value::Null;
        let finished = within(Duration::from_secs(60), async || {
            state = bot.get(&format!("/api/games/{id}")).await.1;
            if let Some(action) = state["legal"].get(0) {
                let version = state["version"].as_u64().unwrap();
                bot.post(
                    &format!("/api/games/{id}/actions"),
                    json!({"version": version, "action": action}),
                )
                .await;
            }
            state["status"] == "finished"
        })
        .await;
        assert!(finished, "{state}");

        // Rated once the game is over: the bot account's rating moves, the anchor's does not.
        let rated = within(Duration::from_secs(20), async || {
            state = bot.get(&format!("/api/games/{id}")).await.1;
            state["rating_changes"].as_array().unwrap().len() == 1
        })
        .await;
        assert!(rated, "{state}");
        assert_eq!(state["rating_changes"][0]["seat"], 0, "{state}");

        let (_, ladder) = anna.get("/api/leaderboard/bots?players=2").await;
        let rows = ladder.as_array().unwrap();
        let robo_row = rows
            .iter()
            .find(|row| row["name"] == robo_name.as_str())
            .unwrap_or_else(|| panic!("{ladder}"));
        assert_eq!(robo_row["games"], 1, "{ladder}");
        assert_eq!(robo_row["built_in"], false, "{ladder}");
        let anchors: Vec<&Value> = rows.iter().filter(|row| row["built_in"] == true).collect();
        assert_eq!(anchors.len(), 5, "every built-in level: {ladder}");
        let beginner = anchors.iter().find(|row| row["name"] == "random").unwrap();
        assert_eq!(
            beginner["rating"], 1000.0,
            "the anchor as measured: {ladder}"
        );
        let ratings: Vec<f64> = rows.iter().map(|r| r["rating"].as_f64().unwrap()).collect();
        assert!(
            ratings.windows(2).all(|w| w[0] >= w[1]),
            "best first: {ladder}"
        );

        // Never on people's leaderboard; the ladder has its own page.
        let (_, people) = anna.get("/api/leaderboard?players=2").await;
        assert!(
            !people.to_string().contains(&robo_name),
            "a bot account on people's leaderboard: {people}"
        );
        let (status, page) = anna.get_text("/leaderboard/bots?players=2").await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains(&format!("/players/{robo_name}")), "{page}");
        assert!(page.contains("Bot (beginner)"), "{page}");
    }
}

/// Two nodes on one PostgreSQL database: the bot's program listens on one, the person invites
/// it on the other, which the listening node does not hold in memory. The notice between the
/// nodes tells the stream, without waiting for its periodic read (an hour in the tests).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_hears_of_an_invitation_made_on_another_node() {
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = Database::postgres(&admin).await;
    let first = TestServer::start_with(database.same(), test_config(&database.url)).await;
    let second_config = test_config(&database.url);
    let second = TestServer::start_with(database, second_config).await;
    let mut anna = first.user("anna").await;
    let (mut robo, _, robo_name) = a_bot(&first).await;
    // Its program listens on the second node, with a token of its own.
    let (_, secret) = new_token(&mut robo, "elsewhere").await;
    let bot = TokenClient::new(&second.base, &secret);
    let mut events = bot.stream("/api/bot/events", &Transcript::default()).await;

    let (id, _) = invite_to_a_new_game(&mut anna, &robo_name, &mut events).await;

    // Anna withdraws it with her game.
    let (status, body) = anna
        .post(&format!("/api/games/{id}/leave"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["cancelled"], true, "{body}");
    let gone = next_event(&mut events).await;
    assert_eq!(gone["type"], "invitation_gone", "{gone}");
    assert_eq!(gone["game"], id.as_str(), "{gone}");
}
