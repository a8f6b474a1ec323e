//! Clients that close the connection right after sending a request, as a closed tab or a lost
//! phone does: the server carries the request out all the same, its memory and its database
//! agree, the game goes on, no log ever has a hole, and a restarted server serves the game as
//! it was. And a
//! game whose stored log is damaged is set aside without stopping the server.

use crate::common;

use std::time::Duration;

use common::{
    create_game, databases, decides, two_player_game, two_player_options, within, Client,
    TestServer,
};
use helvetia_server::storage::{GameFilter, Store};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Sends `POST path` with `body` as `client` on a raw socket and closes it after `linger`,
/// without reading a byte of the answer.
async fn post_and_hang_up_after(
    server: &TestServer,
    client: &Client,
    path: &str,
    body: Value,
    linger: Duration,
) {
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nCookie: {}\r\nx-csrf-token: {}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        server.addr,
        client.cookie_header(),
        client.csrf.clone().unwrap_or_default(),
        body.len()
    );
    use std::io::Write;
    let mut socket = std::net::TcpStream::connect(server.addr).unwrap();
    socket.write_all(request.as_bytes()).unwrap();
    tokio::time::sleep(linger).await;
    // Dropping the socket closes it: the client is gone before any answer.
    drop(socket);
}

/// Sends `POST path` and closes the socket at once.
async fn post_and_hang_up(server: &TestServer, client: &Client, path: &str, body: Value) {
    post_and_hang_up_after(server, client, path, body, Duration::ZERO).await;
}

/// Waits until `check` holds, or gives up after a few seconds; tells whether it held.
async fn eventually<F: AsyncFnMut() -> bool>(check: F) -> bool {
    within(Duration::from_secs(5), check).await
}

/// The game's version in the database (loading also checks that its log has no hole).
async fn stored_version(store: &Store, id: &str) -> u64 {
    store
        .load_game(id)
        .await
        .expect("the stored log is whole")
        .expect("the game is stored")
        .version
}

/// The game's version in the server's memory.
fn memory_version(server: &TestServer, id: &str) -> Option<u64> {
    let live = server.server.state.games.cached(id)?;
    Some(live.snapshot().version)
}

/// Changes the server has taken up so far (each state-changing request counts at least one).
fn taken_up(server: &TestServer) -> u64 {
    server.server.state.in_flight.entered()
}

/// Waits until the server is done with a request hung up on after `taken_up_before`: a request
/// the server received whole is carried out (or refused) in full, whenever the client hangs up,
/// so it is always taken up (the bound is long, as a slow machine takes a request up late).
async fn done_with_hung_up_request(server: &TestServer, taken_up_before: u64) {
    let taken = within(Duration::from_secs(20), async || {
        taken_up(server) > taken_up_before
    })
    .await;
    assert!(taken, "a request sent whole was not taken up");
    let finished = tokio::time::timeout(
        Duration::from_secs(20),
        server.server.state.in_flight.drained(),
    )
    .await;
    assert!(finished.is_ok(), "a change stayed in flight");
}

/// After a change at `before` hung up on after `taken_up_before`: waits until the server is done
/// with it; then the database holds one change at most, and memory agrees with it. Tells whether
/// the change was made.
async fn agrees_after_change(
    server: &TestServer,
    store: &Store,
    id: &str,
    before: u64,
    taken_up_before: u64,
) -> bool {
    done_with_hung_up_request(server, taken_up_before).await;
    let stored = stored_version(store, id).await;
    assert!(
        stored <= before + 1,
        "one change at most: {before} → {stored}"
    );
    let applied = stored > before;
    // The change is shown no later than the commit's task ends.
    let shown = eventually(async || memory_version(server, id) == Some(stored)).await;
    assert!(
        shown,
        "memory {:?} disagrees with the database {stored}",
        memory_version(server, id)
    );
    applied
}

/// The change a round of these tests sends: an undo whenever the mover can take something
/// back (but not twice in a row, so that the game moves on), else an action picked among the
/// legal ones by the round (so that turns with something to undo come up).
struct NextChange<'a> {
    mover: &'a Client,
    version: u64,
    undo: bool,
    /// The action's index among the legal ones.
    index: u64,
}

async fn next_change<'a>(
    (anna, beat): (&'a mut Client, &'a mut Client),
    id: &str,
    round: u64,
    undone_last: bool,
) -> NextChange<'a> {
    let mut state = anna.state(id).await;
    let mover = if decides(&state) {
        &*anna
    } else {
        state = beat.state(id).await;
        &*beat
    };
    let legal = state["legal"].as_array().unwrap().len() as u64;
    NextChange {
        mover,
        version: state["version"].as_u64().unwrap(),
        undo: !undone_last && state["can_undo"] == true,
        index: round * 7 % legal,
    }
}

/// The game goes on: an ordinary action is accepted at the version memory shows (and answered
/// with the next one: see [`common::play_http`]).
async fn the_game_goes_on(id: &str, anna: &mut Client, beat: &mut Client) {
    let played = common::play_http(id, &mut [anna, beat], 1, |_| 0).await;
    assert_eq!(played, 1, "the game goes on");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hanging_up_right_after_sending_never_splits_memory_from_the_database() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let store = Store::connect(&server.database.url, "checker")
            .await
            .unwrap();
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;

        // Create: the game is there for its creator although the answer never arrived.
        let anna_id = anna.get("/api/me").await.1["id"]
            .as_str()
            .unwrap()
            .to_string();
        let create = json!({"options": two_player_options(None),
                            "seats": [{"kind": "me"}, {"kind": "open"}]});
        let mine = GameFilter::Mine {
            user_id: anna_id.clone(),
        };
        // Each request below is closed by its client as soon as it is sent, before the server
        // has read it: the server carries it out all the same.
        let taken_up_before = taken_up(&server);
        post_and_hang_up(&server, &anna, "/api/games", create.clone()).await;
        done_with_hung_up_request(&server, taken_up_before).await;
        assert_eq!(
            store.list_games(&mine).await.unwrap().len(),
            1,
            "a hung-up create was made"
        );
        let id = store.list_games(&mine).await.unwrap()[0].id.clone();
        let (status, listed) = anna.get("/api/games?list=mine").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(listed[0]["id"], id.as_str());

        // Join: the seat is Beat's in the database and in memory.
        let taken_up_before = taken_up(&server);
        post_and_hang_up(&server, &beat, &format!("/api/games/{id}/join"), json!({})).await;
        done_with_hung_up_request(&server, taken_up_before).await;
        let stored = store.load_game(&id).await.unwrap().unwrap();
        assert!(
            stored.seats[1].occupant.user_id().is_some(),
            "a hung-up join was made"
        );
        let shown = anna.state(&id).await;
        assert_eq!(
            shown["players"][1]["kind"], "human",
            "memory agrees: {shown}"
        );

        // Start.
        let taken_up_before = taken_up(&server);
        post_and_hang_up(&server, &anna, &format!("/api/games/{id}/start"), json!({})).await;
        done_with_hung_up_request(&server, taken_up_before).await;
        let stored = store.load_game(&id).await.unwrap().unwrap();
        assert_eq!(
            stored.status.as_str(),
            "running",
            "a hung-up start was made"
        );
        assert_eq!(anna.state(&id).await["status"], "running", "memory agrees");

        // Actions, and undos where the mover has something of their turn to take back.
        let (mut actions, mut undos, mut undone_last) = (0, 0, false);
        for round in 0..120u64 {
            if actions >= 12 && undos >= 3 {
                break;
            }
            let next = next_change((&mut anna, &mut beat), &id, round, undone_last).await;
            let version = next.version;
            assert_eq!(version, stored_version(&store, &id).await);
            let (path, body) = if next.undo {
                (format!("/api/games/{id}/undo"), json!({"version": version}))
            } else {
                (
                    format!("/api/games/{id}/actions"),
                    json!({"version": version, "index": next.index}),
                )
            };
            // Hang up at once, or a few milliseconds later, while the change is committed.
            let linger = Duration::from_millis(round % 4 * 2);
            let taken_up_before = taken_up(&server);
            post_and_hang_up_after(&server, next.mover, &path, body, linger).await;
            let made = agrees_after_change(&server, &store, &id, version, taken_up_before).await;
            assert!(made, "round {round}: the hung-up change was made");
            undone_last = next.undo;
            if next.undo {
                undos += 1;
            } else {
                actions += 1;
            }
        }
        assert!(
            actions >= 12 && undos >= 3,
            "{actions} actions, {undos} undos"
        );
        the_game_goes_on(&id, &mut anna, &mut beat).await;
        let before = anna.state(&id).await;

        // A restarted server serves the game exactly as it was.
        server.server.abort();
        let again = TestServer::start(server.database.same()).await;
        let mut anna2 = again.client().await;
        anna2.session = anna.session.clone();
        let after = anna2.state(&id).await;
        for key in ["version", "view", "log", "actions", "status"] {
            assert_eq!(after[key], before[key], "{key} after the restart");
        }
    }
}

/// A WebSocket closed right after an action or an undo was sent on it, without a closing
/// word (a closed tab, a lost phone): the session runs the change in its own task, which the
/// hang-up does not stop, so every change sent is made, memory and the database agree, and the
/// game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_a_websocket_right_after_sending_never_splits_memory_from_the_database() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let store = Store::connect(&server.database.url, "checker")
            .await
            .unwrap();
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        let (mut actions, mut undos, mut undone_last) = (0, 0, false);
        for round in 0..60u64 {
            if actions >= 8 && undos >= 1 {
                break;
            }
            let next = next_change((&mut anna, &mut beat), &id, round, undone_last).await;
            let version = next.version;
            let message = if next.undo {
                json!({"type": "undo", "version": version})
            } else {
                json!({"type": "action", "version": version, "index": next.index})
            };
            let mut socket = next.mover.ws(&id).await;
            // The table on connect: the session is running.
            socket.next().await;
            let taken_up_before = taken_up(&server);
            socket.send(message).await;
            // Closed without a closing frame.
            drop(socket);
            let made = agrees_after_change(&server, &store, &id, version, taken_up_before).await;
            assert!(
                made,
                "round {round}: the change sent before the hang-up was made"
            );
            undone_last = next.undo;
            if next.undo {
                undos += 1;
            } else {
                actions += 1;
            }
        }
        assert!(
            actions >= 8 && undos >= 1,
            "{actions} actions, {undos} undos"
        );
        the_game_goes_on(&id, &mut anna, &mut beat).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_a_damaged_log_is_set_aside_and_every_other_game_is_served() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let mut ids = Vec::new();
        for _ in 0..2 {
            let (id, _) = create_game(
                &mut anna,
                two_player_options(None),
                json!([{"kind": "me"}, {"kind": "open"}]),
            )
            .await;
            beat.post(&format!("/api/games/{id}/join"), json!({})).await;
            anna.post(&format!("/api/games/{id}/start"), json!({}))
                .await;
            common::play_http(&id, &mut [&mut anna, &mut beat], 6, |_| 0).await;
            ids.push(id);
        }
        let (damaged, healthy) = (ids[0].clone(), ids[1].clone());
        let before = anna.state(&healthy).await;
        server.server.abort();

        // A hole in one game's log, as a broken disk or a bad manual edit could leave: in the
        // log's table or among its newest rows, wherever the action is.
        for table in ["actions", "recent_actions"] {
            server
                .database
                .edit(
                    &format!("DELETE FROM {table} WHERE game_id = $1 AND idx = 2"),
                    &damaged,
                )
                .await;
        }

        let again = TestServer::start(server.database.same()).await;
        let mut anna2 = again.client().await;
        anna2.session = anna.session.clone();
        let (status, body) = anna2.get(&format!("/api/games/{damaged}")).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("damaged"),
            "{body}"
        );
        let state = anna2.state(&healthy).await;
        assert_eq!(state["version"], before["version"]);
        assert_eq!(state["view"], before["view"]);
        let (status, listed) = anna2.get("/api/games?list=mine").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(listed.as_array().unwrap().len(), 2, "both are listed");
        let (status, _) = anna2.get("/lobby").await;
        assert_eq!(status, StatusCode::OK);
    }
}

/// A request is counted in flight once, by the task that carries it to its end, not again by
/// the write path it runs in (a count the shutdown waits on and the tests above read).
#[tokio::test]
async fn a_request_is_counted_in_flight_once() {
    let server = TestServer::start(common::Database::sqlite()).await;
    let (id, mut anna, _beat) = two_player_game(&server, Some(1)).await;
    let version = anna.state(&id).await["version"].as_u64().unwrap();
    let before = taken_up(&server);
    // A version from the future: refused by the write path, nothing changes, nothing follows.
    let (status, body) = anna
        .post(
            &format!("/api/games/{id}/actions"),
            json!({"version": version + 5, "index": 0}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(taken_up(&server), before + 1);
    server.server.shutdown().await;
}
