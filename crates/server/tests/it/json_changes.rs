//! JSON clients that keep the view (`?format=json-changes`, on the WebSocket and on a bot's
//! stream): the first update is whole, every later one carries a JSON Patch of the view, and a
//! standard JSON Patch library applying them keeps exactly the view the whole format sends, at
//! every version, through an undo, to the end of the game.

use std::time::Duration;

use crate::common;

use common::bot_client::{a_bot, accept_and_start, Lines};
use common::{create_game, join_and_start, Client, Database, TestServer, Transcript, Ws};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A client's copy of the view, kept up by the messages it reads.
#[derive(Default)]
struct Held {
    version: u64,
    view: Value,
    /// The seats and the clock: in every whole update, in changes only when they changed.
    players: Value,
    clock: Value,
    /// The last update or changes read: its legal actions, turn and status.
    last: Value,
    /// The version of the first update, whole.
    first_version: Option<u64>,
    wholes: usize,
    /// Whole updates after a version past the first: none, as long as the client reads each
    /// change before the next is made (the snapshots of the viewers arriving, at the first
    /// version, may come together, and a socket that missed one is sent the view whole).
    later_wholes: usize,
    changes: usize,
    whole_bytes: usize,
    change_bytes: usize,
}

impl Held {
    /// Takes in `message`: a whole update replaces the view, changes apply to it (and must
    /// start from the version held); the seats and the clock are replaced when they come.
    fn read(&mut self, message: Value) {
        let size = message.to_string().len();
        for (field, held) in [("players", &mut self.players), ("clock", &mut self.clock)] {
            if let Some(value) = message.get(field) {
                *held = value.clone();
            }
        }
        match message["type"].as_str() {
            Some("update") => {
                let version = message["version"].as_u64().unwrap();
                let first = *self.first_version.get_or_insert(version);
                self.later_wholes += usize::from(version > first);
                self.view = message["view"].clone();
                self.wholes += 1;
                self.whole_bytes += size;
            }
            Some("changes") => {
                assert_eq!(message["since"], self.version, "{message}");
                let patch: json_patch::Patch =
                    serde_json::from_value(message["patch"].clone()).unwrap();
                json_patch::patch(&mut self.view, &patch).expect("the changes apply");
                self.changes += 1;
                self.change_bytes += size;
            }
            _ => return,
        }
        self.version = message["version"].as_u64().unwrap();
        self.last = message;
    }

    /// Reads `socket` until it holds `version`.
    async fn catch_up(&mut self, socket: &mut Ws, version: u64) {
        while self.last.is_null() || self.version < version {
            self.read(socket.next().await);
        }
    }

    /// Reads `socket` until it shows both players connected: the last snapshot a socket
    /// arriving makes has reached it.
    async fn until_both_connected(&mut self, socket: &mut Ws) {
        let connected = |players: &Value| {
            (0..2).all(|seat| players.get(seat).is_some_and(|p| p["connected"] == true))
        };
        while !connected(&self.players) {
            self.read(socket.next().await);
        }
    }
}

/// A running one-round game of two.
async fn short_game(anna: &mut Client, beat: &mut Client) -> String {
    let (id, _) = create_game(
        anna,
        json!({"players": 2, "round_limit": 1}),
        json!([{"kind": "me"}, {"kind": "open"}]),
    )
    .await;
    join_and_start(&id, anna, beat).await;
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_applies_the_changes_holds_the_whole_view_at_every_version() {
    let server = TestServer::start(Database::sqlite()).await;
    let mut anna = server.user("anna").await;
    let mut beat = server.user("beat").await;
    let id = short_game(&mut anna, &mut beat).await;
    let changes_path = format!("/api/games/{id}/ws?format=json-changes");
    let mut anna_changes = anna.ws_at(&changes_path, &[]).await.unwrap();
    let mut beat_changes = beat.ws_at(&changes_path, &[]).await.unwrap();
    let mut anna_whole = anna.ws(&id).await;
    let (mut anna_held, mut beat_held, mut whole) =
        (Held::default(), Held::default(), Held::default());
    // The sockets' arrivals are settled before the first action, so that none of their
    // snapshots comes with an action's, which a socket may then see together.
    anna_held.until_both_connected(&mut anna_changes).await;
    beat_held.until_both_connected(&mut beat_changes).await;
    whole.until_both_connected(&mut anna_whole).await;
    let mut undone = false;
    loop {
        let state = anna.state(&id).await;
        let version = state["version"].as_u64().unwrap();
        whole.catch_up(&mut anna_whole, version).await;
        anna_held.catch_up(&mut anna_changes, version).await;
        beat_held.catch_up(&mut beat_changes, version).await;
        assert_eq!(whole.view, state["view"], "version {version}");
        assert_eq!(anna_held.view, state["view"], "version {version}");
        assert_eq!(beat_held.view, state["view"], "version {version}");
        for field in ["legal", "your_turn", "can_undo", "status"] {
            assert_eq!(anna_held.last[field], whole.last[field], "{field}");
        }
        assert_eq!(anna_held.clock, whole.clock);
        // Who is connected may still change at the first version, as the sockets arrive.
        if whole.first_version != Some(version) {
            assert_eq!(anna_held.players, whole.players);
            assert_eq!(anna_held.players, state["players"]);
        }
        if state["status"] == "finished" {
            break;
        }
        let (mover, held) = if anna_held.last["your_turn"] == true {
            (&mut anna, &anna_held)
        } else {
            (&mut beat, &beat_held)
        };
        assert_eq!(held.last["your_turn"], true, "someone decides");
        // Once, a step is taken back, which changes the view back (at a new version).
        let (path, body) = if held.last["can_undo"] == true && !undone {
            undone = true;
            ("undo", json!({"version": version}))
        } else {
            let choices = held.last["legal"].as_array().unwrap().len() as u64;
            (
                "actions",
                json!({"version": version, "index": version % choices}),
            )
        };
        let (status, answer) = mover.post(&format!("/api/games/{id}/{path}"), body).await;
        assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    }
    assert!(undone, "the game had a step to take back");
    for held in [&anna_held, &beat_held] {
        assert_eq!(held.later_wholes, 0, "whole only on connecting");
        assert!(held.changes > 30, "{} changes", held.changes);
        // The point of the format: a change is a fraction of the whole update.
        let (change, whole) = (
            held.change_bytes / held.changes,
            whole.whole_bytes / whole.wholes,
        );
        eprintln!("{change} bytes a change, {whole} whole");
        assert!(change * 2 < whole, "{change} bytes a change, {whole} whole");
    }
    assert_eq!(whole.changes, 0, "the default format stays whole");
}

/// The next line of a bot's game stream that is an update or its changes.
async fn next_update(stream: &mut Lines) -> Value {
    loop {
        let line = stream
            .next_within(Duration::from_secs(20))
            .await
            .expect("the stream goes on");
        if line["type"] == "update" || line["type"] == "changes" {
            return line;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_stream_sends_the_changes_it_asked_for_and_only_json() {
    let server = TestServer::start(Database::sqlite()).await;
    let mut anna = server.user("anna").await;
    let (_, bot, robo_name) = a_bot(&server).await;
    let (id, _) = create_game(
        &mut anna,
        json!({"players": 2, "round_limit": 1}),
        json!([{"kind": "me"}, {"kind": "bot_account", "name": robo_name}]),
    )
    .await;
    accept_and_start(&bot, &mut anna, &id).await;

    let path = format!("/api/bot/games/{id}/stream");
    for refused in ["html", "text", "xml"] {
        let (status, body) = bot.get(&format!("{path}?format={refused}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}: {body}");
    }
    let mut stream = bot
        .stream(
            &format!("{path}?format=json-changes"),
            &Transcript::default(),
        )
        .await;
    let first = stream.next_within(Duration::from_secs(20)).await.unwrap();
    assert_eq!(first["type"], "game", "{first}");
    let mut held = Held::default();
    // Both players act in turn until each has sent a few; the bot's copy follows.
    let mut actions = 0;
    while actions < 12 {
        let (_, state) = bot.get(&format!("/api/games/{id}")).await;
        let version = state["version"].as_u64().unwrap();
        while held.last.is_null() || held.version < version {
            held.read(next_update(&mut stream).await);
        }
        assert_eq!(held.view, state["view"], "version {version}");
        assert_eq!(held.last["legal"], state["legal"], "version {version}");
        let body = json!({"version": version, "index": 0});
        let (status, answer) = if held.last["your_turn"] == true {
            bot.post(&format!("/api/games/{id}/actions"), body).await
        } else {
            anna.post(&format!("/api/games/{id}/actions"), body).await
        };
        assert_eq!(status, StatusCode::OK, "{answer}");
        actions += 1;
    }
    assert_eq!(held.later_wholes, 0);
    assert!(held.changes >= 11, "{} changes", held.changes);
}
