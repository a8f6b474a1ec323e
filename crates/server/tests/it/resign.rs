//! Resigning: a bot plays the resigned seat on, or the game ends, as chosen at creation; the last
//! person left ends the game either way; whoever resigned ranks last (a loss in a rated game);
//! every refusal changes nothing, in memory or in the database.

use crate::common;

use common::{create_game, databases, Client, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A running three-player game of three new accounts, with `on_resign` chosen at creation
/// (absent: the default).
async fn three_player_game(server: &TestServer, on_resign: Option<&str>) -> (String, Vec<Client>) {
    let mut people = vec![
        server.user("anna").await,
        server.user("beat").await,
        server.user("carl").await,
    ];
    let mut body = json!({
        "options": {"players": 3},
        "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}],
    });
    if let Some(choice) = on_resign {
        body["on_resign"] = json!(choice);
    }
    let (status, created) = people[0].post("/api/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    for joiner in &mut people[1..] {
        let (status, body) = joiner
            .post(&format!("/api/games/{id}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = people[0]
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (id, people)
}

/// The index in `people` of the one whose decision it is.
async fn mover(id: &str, people: &mut [Client]) -> usize {
    for (i, person) in people.iter_mut().enumerate() {
        if common::decides(&person.state(id).await) {
            return i;
        }
    }
    panic!("nobody decides");
}

fn name_of(state: &Value, seat: u64) -> String {
    state["players"][seat as usize]["name"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn resign(person: &mut Client, id: &str) -> (StatusCode, Value) {
    person
        .post(&format!("/api/games/{id}/resign"), json!({}))
        .await
}

#[tokio::test]
async fn a_bot_plays_a_resigned_seat_and_the_last_person_left_ends_the_game() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let (id, mut people) = three_player_game(&server, None).await;
        let first = mover(&id, &mut people).await;
        let before = people[first].state(&id).await;
        let seat = before["your_seat"].as_u64().unwrap();
        let name = name_of(&before, seat);
        let steps = before["actions"].as_array().unwrap().len();
        let mut watcher = people[(first + 1) % 3].ws(&id).await;
        watcher.next().await;

        let (status, body) = resign(&mut people[first], &id).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["ended"], false);
        let after = people[first].state(&id).await;
        assert_eq!(after["status"], "running");
        assert_eq!(after["players"][seat as usize]["resigned"], true);
        assert_eq!(after["players"][seat as usize]["stand_in"], "greedy");
        assert!(
            !common::decides(&after),
            "a bot decides for the resigned seat"
        );

        // The bot moves for the seat: the log gets a line of theirs after the resignation.
        let moved_for_them = |state: &Value| {
            state["log"].as_array().unwrap()[steps..]
                .iter()
                .any(|line| line.as_str().unwrap().starts_with(&format!("{name}:")))
        };
        loop {
            let update = watcher.next().await;
            if update["type"] == "update" && moved_for_them(&people[first].state(&id).await) {
                break;
            }
        }
        // They cannot act, take the seat back or resign again.
        let state = people[first].state(&id).await;
        let version = state["version"].as_u64().unwrap();
        let (status, body) = people[first]
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"version": version, "index": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "resigned");
        let (status, _) = people[first]
            .post(&format!("/api/games/{id}/return"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, _) = resign(&mut people[first], &id).await;
        assert_eq!(status, StatusCode::CONFLICT);

        // The table tells the story in the viewer's language.
        let (_, page) = people[first]
            .get_text(&format!("/games/{id}?lang=en"))
            .await;
        assert!(
            page.contains(&format!(
                "{name} resigned; a bot plays the seat from now on."
            )),
            "the story tells of the resignation"
        );

        // A second resignation leaves one person: the game ends, whatever was chosen.
        let second = (first + 1) % 3;
        let second_seat = people[second].state(&id).await["your_seat"]
            .as_u64()
            .unwrap();
        let (status, body) = resign(&mut people[second], &id).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["ended"], true);
        let winner = (first + 2) % 3;
        let end = people[winner].state(&id).await;
        assert_eq!(end["status"], "finished");
        assert_eq!(end["end_reason"], "resigned");
        let standings = end["standings"].as_array().unwrap();
        let winner_seat = end["your_seat"].as_u64().unwrap();
        assert_eq!(standings[0]["seat"], winner_seat);
        assert_eq!(standings[0]["rank"], 1);
        for resigned in [seat, second_seat] {
            let row = standings.iter().find(|s| s["seat"] == resigned).unwrap();
            assert_eq!(row["rank"], 2, "those who resigned rank last: {end}");
        }
        let (_, page) = people[winner]
            .get_text(&format!("/games/{id}?lang=de"))
            .await;
        assert!(
            page.contains("Aufgegeben (letzter Platz)"),
            "the end screen says so"
        );
        assert!(page.contains(&format!(
            "{} hat aufgegeben; das Spiel endet.",
            name_of(&end, second_seat)
        )));
        // A game that ended cannot be resigned from.
        let (status, body) = resign(&mut people[winner], &id).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "not-running");

        // The rated game counts the resignations as losses.
        let rated = loop {
            let state = people[winner].state(&id).await;
            if !state["rating_changes"].as_array().unwrap().is_empty() {
                break state;
            }
            watcher.next().await;
        };
        for change in rated["rating_changes"].as_array().unwrap() {
            let gained = change["after"].as_i64().unwrap() > change["before"].as_i64().unwrap();
            assert_eq!(gained, change["seat"] == winner_seat, "{change}");
        }

        // The database holds all of it: a server started afresh on it sees the same.
        let stored = server.database.same();
        server.server.abort();
        let again = TestServer::start(stored).await;
        let mut reader = again.client().await;
        let (status, reloaded) = reader.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{reloaded}");
        for field in ["status", "end_reason", "standings", "version"] {
            assert_eq!(reloaded[field], end[field], "{field}");
        }
        assert_eq!(reloaded["players"][seat as usize]["resigned"], true);
    }
}

#[tokio::test]
async fn a_resignation_ends_the_game_when_the_players_chose_so() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let (id, mut people) = three_player_game(&server, Some("end")).await;
        // Not the one who decides: anyone seated may resign at any time.
        let first = (mover(&id, &mut people).await + 1) % 3;
        let mut watcher = people[(first + 1) % 3].ws_html(&id).await;
        let table = watcher.next().await;
        assert_eq!(table["status"], "running");

        let (status, body) = resign(&mut people[first], &id).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["ended"], true);
        let update = watcher.update_at(body["version"].as_u64().unwrap()).await;
        assert_eq!(update["status"], "finished", "watchers see the end at once");
        let html = update["html"].as_str().unwrap();
        assert!(html.contains("Resigned (ranked last)"));
        // The log tells it at once (no reload), and the prompt waits for nobody.
        assert!(html.contains("resigned; the game ends."), "{html}");
        assert!(!html.contains("Nothing has happened yet."), "{html}");
        assert!(html.contains("The game is over") && !html.contains("Waiting for"));

        let state = people[first].state(&id).await;
        assert_eq!(state["status"], "finished");
        assert_eq!(state["end_reason"], "resigned");
        let seat = state["your_seat"].as_u64().unwrap();
        let standings = state["standings"].as_array().unwrap();
        assert_eq!(standings.last().unwrap()["seat"], seat);
        assert_eq!(standings.last().unwrap()["rank"], 3);
        assert!(state["legal"].as_array().unwrap().is_empty());
        assert!(state["clock"].is_null());
        // Nobody plays on.
        let mut lobby = server.client().await;
        let (_, running) = lobby.get("/api/games?list=running").await;
        assert!(!running
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()));
    }
}

#[tokio::test]
async fn resigning_is_refused_to_spectators_outsiders_and_before_the_start_changing_nothing() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let (id, mut people) = three_player_game(&server, None).await;
        let mut spectator = server.user("dora").await;
        let mut stranger = server.client().await;
        let before = people[0].state(&id).await;

        let (status, body) = resign(&mut spectator, &id).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["code"], "not-seated");
        let (status, _) = resign(&mut stranger, &id).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _) = resign(&mut people[0], "000000000000").await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // A game that has not started is left, not resigned from.
        let (open, _) = create_game(
            &mut people[0],
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        let (status, body) = resign(&mut people[0], &open).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");

        let after = people[0].state(&id).await;
        assert_eq!(after, before, "nothing changed in memory");
        let stored = server.database.same();
        server.server.abort();
        let again = TestServer::start(stored).await;
        let mut reader = again.user("erin").await;
        let reloaded = reader.state(&id).await;
        assert_eq!(reloaded["version"], before["version"]);
        assert!(reloaded["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["resigned"] == false));
    }
}
