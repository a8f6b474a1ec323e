//! What an operator relies on: health and readiness routes, metrics in Prometheus' text format,
//! games dropped from memory when idle and loaded again from the database unchanged, a log read
//! consistently while another node writes, and a graceful shutdown that tells browsers to
//! reconnect.

use crate::common;

use std::time::Duration;

use common::log_appends::next_append;
use common::{databases, decides, mover_of, two_player_game, TestServer};
use futures_util::StreamExt;
use helvetia_engine::{Action, Game, GameOptions, Seat};
use helvetia_server::domain::game_state::GameState;
use helvetia_server::domain::mail_event::{MailEvent, MailKind};
use helvetia_server::domain::seats::{GameStatus, Occupant, SeatRecord};
use helvetia_server::storage::{
    AccountCap, CapKind, GameRecordRow, LogChange, NewWebhook, RowSummary, Store, StoreError,
    UserRecord,
};
use reqwest::StatusCode;
use serde_json::json;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_readiness_and_metrics_answer() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        common::play_http(&id, &mut [&mut anna, &mut beat], 3, |_| 0).await;
        let http = reqwest::Client::new();
        let get = async |path: &str| {
            let response = http.get(format!("{}{path}", server.base)).send().await;
            let response = response.unwrap();
            (response.status(), response.text().await.unwrap())
        };
        assert_eq!(get("/healthz").await, (StatusCode::OK, "ok".into()));
        assert_eq!(get("/readyz").await, (StatusCode::OK, "ready".into()));
        let (status, metrics) = get("/metrics").await;
        assert_eq!(status, StatusCode::OK);
        for name in [
            "helvetia_actions_total",
            "helvetia_action_commit_seconds_bucket",
            "helvetia_games_in_memory",
            "helvetia_bot_queue",
            "helvetia_changes_in_flight",
        ] {
            assert!(metrics.contains(name), "{name} in {metrics}");
        }
        let actions: f64 = metrics
            .lines()
            .find(|line| line.starts_with("helvetia_actions_total "))
            .and_then(|line| line.split(' ').nth(1))
            .and_then(|n| n.parse().ok())
            .expect("a count of actions");
        assert!(actions >= 3.0, "{actions} actions counted");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_game_leaves_memory_and_comes_back_from_the_database_unchanged() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        common::play_http(&id, &mut [&mut anna, &mut beat], 12, |n| n / 2).await;
        let before = anna.state(&id).await;
        let hub = &server.server.state.games;
        assert!(hub.cached(&id).is_some());
        // Idle since before now + 1 s: every game nobody holds goes.
        assert!(hub.evict_idle(helvetia_server::now() + 1) >= 1);
        assert!(hub.cached(&id).is_none(), "dropped from memory");
        let after = anna.state(&id).await;
        for key in ["version", "view", "log", "actions", "legal", "status"] {
            assert_eq!(after[key], before[key], "{key}");
        }
        assert!(hub.cached(&id).is_some(), "loaded again on demand");
        // A game someone watches stays.
        let _socket = anna.ws(&id).await;
        assert_eq!(hub.evict_idle(helvetia_server::now() + 1), 0);
        assert!(hub.cached(&id).is_some());
        // And it plays on.
        let mover = if decides(&after) {
            &mut anna
        } else {
            &mut beat
        };
        let state = mover.state(&id).await;
        let (status, body) = mover
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"version": state["version"], "index": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

/// A running two-player game stored directly, for the storage tests.
async fn stored_running_game(store: &Store, id: &str) -> Game {
    let user = UserRecord {
        id: format!("u{id}"),
        username: format!("u{id}"),
        password_hash: "x".into(),
        bot: false,
    };
    store.create_user(&user, "en", 0).await.unwrap();
    let options = GameOptions::for_players(2);
    let seats = (0..2)
        .map(|seat| {
            SeatRecord::new(
                seat,
                Occupant::Human {
                    user_id: user.id.clone(),
                    username: user.username.clone(),
                    invite: None,
                },
            )
        })
        .collect();
    let record = GameRecordRow::open(id, &user.id, (options, 11), seats);
    let cap = AccountCap {
        user_id: user.id.clone(),
        kind: CapKind::OpenGames,
        limit: 10,
    };
    store.create_game(&record, &cap).await.unwrap();
    let game = Game::new(options, 11);
    store
        .set_status(
            id,
            (GameStatus::Open, GameStatus::Running),
            game.to_move(),
            None,
            None,
            None,
        )
        .await
        .unwrap();
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_loaded_while_another_node_writes_is_consistent() {
    for db in databases().await {
        let writer = Store::connect(&db.url, "writer").await.unwrap();
        let reader = Store::connect(&db.url, "reader").await.unwrap();
        let mut game = stored_running_game(&writer, "consistent").await;
        let writing = tokio::spawn(async move {
            let mut version = 0;
            while game.to_move().is_some() && version < 300 {
                let action = game.legal_actions()[0];
                let (change, summary) = next_append(&game, version, action);
                game.play(action).unwrap();
                writer
                    .change_log("consistent", version, change, summary, None)
                    .await
                    .unwrap();
                version += 1;
            }
            version
        });
        let mut loads = 0;
        while !writing.is_finished() {
            let record = reader.load_game("consistent").await.unwrap().unwrap();
            // Without undos the version is the log's length, and the log replays.
            assert_eq!(record.version, record.actions.len() as u64);
            GameState::from_record(record).expect("the log replays");
            loads += 1;
        }
        let written = writing.await.unwrap();
        assert!(
            written >= 100 && loads >= 10,
            "{written} writes, {loads} loads"
        );
    }
}

/// Writes that arrive together are committed together (one transaction): each lands in its own
/// game, a second write on a game's same version and a write
/// on a version the game never had change nothing, and undos among them take back their own
/// game's action only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_committed_together_each_change_their_own_game_or_nothing() {
    for db in databases().await {
        let store = Store::connect(&db.url, "node").await.unwrap();
        let ids: Vec<String> = (0..12).map(|n| format!("together{n}")).collect();
        let mut games = Vec::new();
        for id in &ids {
            games.push(stored_running_game(&store, id).await);
        }
        // Every game's first action, all at once; game 0 twice (two actions on version 0) and
        // game 1 once more on a version it is not at.
        let mut writes = Vec::new();
        for (id, game) in ids.iter().zip(&games) {
            let (change, summary) = next_append(game, 0, game.legal_actions()[0]);
            writes.push((id.clone(), 0, change, summary));
        }
        let other = *games[0].legal_actions().last().unwrap();
        let (change, summary) = next_append(&games[0], 0, other);
        writes.push((ids[0].clone(), 0, change, summary));
        let (change, summary) = next_append(&games[1], 5, games[1].legal_actions()[0]);
        writes.push((ids[1].clone(), 5, change, summary));
        let outcomes = futures_util::future::join_all(writes.into_iter().map(
            |(id, version, change, summary)| {
                let store = store.clone();
                async move { store.change_log(&id, version, change, summary, None).await }
            },
        ))
        .await;
        let ok: Vec<bool> = outcomes.iter().map(Result::is_ok).collect();
        // Games 2 to 11: their one write landed.
        assert!(ok[2..12].iter().all(|ok| *ok), "{outcomes:?}");
        // Game 0: exactly one of its two writes on version 0.
        assert_eq!(u8::from(ok[0]) + u8::from(ok[12]), 1, "{outcomes:?}");
        // Game 1: its write on version 0 landed, the one on version 5 did not.
        assert!(ok[1] && !ok[13], "{outcomes:?}");
        assert!(
            matches!(
                outcomes[13],
                Err(helvetia_server::storage::StoreError::Conflict)
            ),
            "{:?}",
            outcomes[13]
        );
        for (n, id) in ids.iter().enumerate() {
            let record = store.load_game(id).await.unwrap().unwrap();
            assert_eq!(record.version, 1, "{id}");
            assert_eq!(record.actions.len(), 1, "{id}");
            let expected = if n == 0 && !ok[0] {
                other
            } else {
                games[n].legal_actions()[0]
            };
            assert_eq!(record.actions[0].1, expected, "{id}");
        }
        // Now undos of half the games with more actions of the others, again all at once.
        let mut writes = Vec::new();
        for (n, id) in ids.iter().enumerate() {
            let record = store.load_game(id).await.unwrap().unwrap();
            let mut game = games[n].clone();
            game.play(record.actions[0].1).unwrap();
            let (change, summary) = if n % 2 == 0 {
                let summary = RowSummary::running(games[n].to_move());
                (LogChange::Truncate { from: 0, count: 1 }, summary)
            } else {
                next_append(&game, 1, game.legal_actions()[0])
            };
            writes.push((id.clone(), change, summary));
        }
        let outcomes =
            futures_util::future::join_all(writes.into_iter().map(|(id, change, summary)| {
                let store = store.clone();
                async move { store.change_log(&id, 1, change, summary, None).await }
            }))
            .await;
        assert!(outcomes.iter().all(Result::is_ok), "{outcomes:?}");
        for (n, id) in ids.iter().enumerate() {
            let record = store.load_game(id).await.unwrap().unwrap();
            assert_eq!(record.version, 2, "{id}");
            assert_eq!(record.actions.len(), if n % 2 == 0 { 0 } else { 2 }, "{id}");
            GameState::from_record(record).expect("the log replays");
        }
    }
}

/// Writes of every kind of claim that arrive together (steps of games without a clock and with
/// one, and steps that end games) each set their own game's columns: whose decision it is, the
/// clock and its deadline, the status and the winners.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_claim_arriving_together_sets_its_own_game_columns() {
    use helvetia_server::domain::clock::{Clock, Running, TimeControl};
    use helvetia_server::domain::seats::BotLevel;
    use helvetia_server::storage::GameFilter;
    for db in databases().await {
        let store = Store::connect(&db.url, "node").await.unwrap();
        let control = TimeControl {
            bank_secs: 600,
            per_turn_secs: 30,
            increment_secs: 0,
            stand_in: BotLevel::Greedy,
        };
        let mut writes = Vec::new();
        for n in 0..12 {
            let id = format!("kinds{n}");
            let mut game = stored_running_game(&store, &id).await;
            let seat = game.to_move().unwrap();
            let action = game.legal_actions()[0];
            game.play(action).unwrap();
            let running = Running {
                seat: game.to_move().unwrap().0,
                since_ms: 1_000 * (n + 1),
            };
            let summary = match n % 3 {
                0 => RowSummary {
                    forced_step: n % 2 == 0,
                    ..RowSummary::running(game.to_move())
                },
                1 => RowSummary {
                    clock: Some(Clock {
                        running: Some(running),
                        ..Clock::new(control, 2)
                    }),
                    ..RowSummary::running(game.to_move())
                },
                _ => RowSummary {
                    status: GameStatus::Finished,
                    to_move: None,
                    winners: vec![seat],
                    clock: None,
                    forced_step: false,
                },
            };
            let change = LogChange::Append {
                index: 0,
                seat,
                action,
            };
            writes.push((id, change, summary));
        }
        let outcomes =
            futures_util::future::join_all(writes.iter().map(|(id, change, summary)| {
                let store = store.clone();
                async move {
                    store
                        .change_log(id, 0, change.clone(), summary.clone(), None)
                        .await
                }
            }))
            .await;
        assert!(outcomes.iter().all(Result::is_ok), "{outcomes:?}");
        for (id, _, summary) in &writes {
            let user_id = format!("u{id}");
            let listed = store
                .list_games(&GameFilter::Played { user_id })
                .await
                .unwrap();
            let [game] = listed.as_slice() else {
                panic!("{id}: {listed:?}")
            };
            assert_eq!(game.status, summary.status, "{id}");
            assert_eq!(game.to_move, summary.to_move, "{id}");
            assert_eq!(game.winners, summary.winners, "{id}");
            let deadline = summary.clock.as_ref().and_then(Clock::deadline_ms);
            assert_eq!(game.deadline_ms, deadline, "{id}");
            let record = store.load_game(id).await.unwrap().unwrap();
            assert_eq!((record.version, record.actions.len()), (1, 1), "{id}");
            assert_eq!(record.clock, summary.clock, "{id}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_shutdown_tells_browsers_to_reconnect_and_fails_readiness() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, anna, _beat) = two_player_game(&server, None).await;
        let mut socket = anna
            .ws_at(&format!("/api/games/{id}/ws?format=html"), &[])
            .await
            .unwrap();
        socket.next().await;
        let state = server.server.state.clone();
        let TestServer { server, .. } = server;
        let stopping = tokio::spawn(server.shutdown());
        let close = loop {
            let frame = tokio::time::timeout(Duration::from_secs(10), socket.stream.next())
                .await
                .expect("the server closes the socket in time");
            match frame {
                Some(Ok(Message::Close(close))) => break close,
                Some(Ok(_)) => continue,
                other => panic!("a close frame, not {other:?}"),
            }
        };
        assert_eq!(close.expect("a close code").code, CloseCode::Restart);
        // The listener takes no new connection now: the node's routes answer the proxy's
        // readiness check as they would on one.
        assert_eq!(
            readiness(&state).await,
            (StatusCode::SERVICE_UNAVAILABLE, "stopping".into())
        );
        tokio::time::timeout(Duration::from_secs(15), stopping)
            .await
            .expect("the shutdown ends")
            .unwrap();
    }
}

/// `GET /readyz` on the routes of the node with `state`.
async fn readiness(state: &helvetia_server::state::AppState) -> (StatusCode, String) {
    use tower::ServiceExt;
    let request = axum::http::Request::get("/readyz")
        .body(axum::body::Body::empty())
        .unwrap();
    let response = helvetia_server::app(state.clone())
        .oneshot(request)
        .await
        .unwrap();
    let status = StatusCode::from_u16(response.status().as_u16()).unwrap();
    let body = axum::body::to_bytes(response.into_body(), 1024)
        .await
        .unwrap();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_fails_while_the_database_does_not_answer_and_liveness_does_not() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let http = reqwest::Client::new();
        let get = async |path: &str| {
            let response = http.get(format!("{}{path}", server.base)).send().await;
            let response = response.unwrap();
            (response.status(), response.text().await.unwrap())
        };
        assert_eq!(get("/readyz").await, (StatusCode::OK, "ready".into()));
        // The node's connections to its database are gone, as when the database is down.
        server.server.state.store.close().await;
        assert_eq!(
            get("/readyz").await,
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "database unavailable".into()
            )
        );
        assert_eq!(get("/healthz").await, (StatusCode::OK, "ok".into()));
        server.server.abort();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_stored_before_the_summary_columns_get_them_after_start() {
    for db in databases().await {
        let server = TestServer::start(db).await;
        let (id, mut anna, mut beat) = two_player_game(&server, None).await;
        common::play_http(&id, &mut [&mut anna, &mut beat], 5, |_| 0).await;
        let mover = mover_of(&id, &mut anna, &mut beat).await;
        let session = mover.session.clone();
        server.server.abort();
        // As a database of the previous release is left by the migration: no summary yet.
        server
            .database
            .edit(
                "UPDATE games SET to_move = NULL, needs_summary = 1 WHERE id = $1",
                &id,
            )
            .await;
        let again = TestServer::start(server.database.same()).await;
        let mut mover = again.client().await;
        mover.session = session;
        let mut shown = false;
        for _ in 0..100 {
            let (_, mine) = mover.get("/api/games?list=mine").await;
            if mine[0]["your_turn"] == true {
                shown = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(shown, "the mover's lobby shows their turn again");
    }
}

/// A group of log writes plans each write's event (mail, webhook, device) as a write alone
/// would: one row per person it concerns who has a channel, of its kind and version, none for a
/// person without a channel, and an event to everyone once per person however many seats they
/// hold.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_committed_together_plan_each_ones_event() {
    for db in databases().await {
        let store = Store::connect(&db.url, "node").await.unwrap();
        let ids: Vec<String> = (0..8).map(|n| format!("planned{n}")).collect();
        let mut games = Vec::new();
        for (n, id) in ids.iter().enumerate() {
            games.push(stored_running_game(&store, id).await);
            // Every game's person but the last's has a webhook: a channel for every kind.
            if n < 7 {
                let cap = AccountCap {
                    user_id: format!("u{id}"),
                    kind: CapKind::Webhooks,
                    limit: 5,
                };
                let hook = NewWebhook {
                    id: format!("hook{n}"),
                    url: "http://127.0.0.1:9/hook".into(),
                    format: "json".into(),
                    secret: "s".into(),
                    created_at: 0,
                };
                store.add_webhook(&cap, &hook).await.unwrap();
            }
        }
        // Even games pass the turn to seat 1, odd ones tell everyone the game ended.
        let event_of = |n: usize| {
            if n.is_multiple_of(2) {
                MailEvent {
                    kind: MailKind::YourTurn,
                    seat: Some(Seat(1)),
                    except_user: None,
                }
            } else {
                MailEvent::to_everyone(MailKind::GameEnded, None)
            }
        };
        let writes = ids.iter().zip(&games).enumerate().map(|(n, (id, game))| {
            let store = store.clone();
            let (change, summary) = next_append(game, 0, game.legal_actions()[0]);
            async move {
                store
                    .change_log(id, 0, change, summary, Some(event_of(n)))
                    .await
            }
        });
        let outcomes = futures_util::future::join_all(writes).await;
        assert!(outcomes.iter().all(Result::is_ok), "{outcomes:?}");
        let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
        let rows: Vec<(String, String, String, i64, String)> = sqlx::query_as(
            "SELECT game_id, user_id, kind, event_key, hooks FROM mail_outbox \
             WHERE game_id LIKE 'planned%' ORDER BY game_id",
        )
        .fetch_all(&pool)
        .await
        .unwrap();
        pool.close().await;
        let expected: Vec<(String, String, String, i64, String)> = ids[..7]
            .iter()
            .enumerate()
            .map(|(n, id)| {
                let kind = event_of(n).kind.as_str().to_string();
                (id.clone(), format!("u{id}"), kind, 1, "queued".into())
            })
            .collect();
        assert_eq!(rows, expected);
    }
}

/// On SQLite the log's newest actions wait in a table of their own and are moved into the log's
/// table every `MOVE_AT` actions; a game's log reads the same wherever its actions are, and an
/// undo takes back actions from both. PostgreSQL appends to the log's table alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_logs_newest_actions_are_moved_on_and_read_wherever_they_are() {
    use helvetia_server::storage::log_compaction::MOVE_AT;
    const GAMES: usize = 72;
    const ACTIONS: usize = 64;
    assert!(
        (GAMES * ACTIONS) as u64 > 2 * MOVE_AT,
        "enough actions for moves"
    );
    /// Plays the game's first legal action and stores it; answers once it is committed.
    async fn append_next(store: &Store, id: &str, game: &mut Game, log: &mut Vec<(u8, Action)>) {
        let (index, seat) = (log.len() as u64, game.to_move().unwrap());
        let action = game.legal_actions()[0];
        let (change, summary) = next_append(game, index, action);
        game.play(action).unwrap();
        assert!(!game.is_over(), "a game long enough");
        store
            .change_log(id, index, change, summary, None)
            .await
            .unwrap();
        log.push((seat.0, action));
    }
    for db in databases().await {
        let sqlite = db.url.starts_with("sqlite:");
        let store = Store::connect(&db.url, "node").await.unwrap();
        let plays = (0..GAMES).map(|n| {
            let store = store.clone();
            async move {
                let id = format!("moved{n}");
                let mut game = stored_running_game(&store, &id).await;
                let mut log = Vec::new();
                for _ in 0..ACTIONS {
                    append_next(&store, &id, &mut game, &mut log).await;
                }
                (id, game, log)
            }
        });
        let mut games = futures_util::future::join_all(plays).await;
        // The writer moves the newest actions after answering a group: a write it refuses
        // (a version long gone) is answered only after any move the groups before it began.
        let (stale_id, stale_game) = (games[1].0.clone(), games[1].1.clone());
        let stale = async || {
            let (change, summary) = next_append(&stale_game, 0, stale_game.legal_actions()[0]);
            let refused = store.change_log(&stale_id, 0, change, summary, None).await;
            assert!(matches!(refused, Err(StoreError::Conflict)), "{refused:?}");
        };
        stale().await;
        let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
        let count = async |table: &str, game: &str| -> i64 {
            sqlx::query_scalar(&format!(
                "SELECT COUNT(*) FROM {table} WHERE game_id LIKE $1"
            ))
            .bind(game)
            .fetch_one(&pool)
            .await
            .unwrap()
        };
        let (moved, recent) = (
            count("actions", "moved%").await,
            count("recent_actions", "moved%").await,
        );
        assert_eq!(moved + recent, (GAMES * ACTIONS) as i64);
        if sqlite {
            assert!(
                moved >= 2 * MOVE_AT as i64,
                "moved {moved}, newest {recent}"
            );
            assert!(recent < MOVE_AT as i64, "moved {moved}, newest {recent}");
        } else {
            assert_eq!(recent, 0, "PostgreSQL appends to the log's table");
        }
        // An undo from the first game's last moved action on, with (on SQLite) some of its
        // actions still among the newest: one more if a move has just taken them all.
        let (id, game, log) = &mut games[0];
        while sqlite && count("recent_actions", id).await == 0 {
            append_next(&store, id, game, log).await;
            stale().await;
        }
        let last_moved: Option<i64> =
            sqlx::query_scalar("SELECT MAX(idx) FROM actions WHERE game_id = $1")
                .bind(id.as_str())
                .fetch_one(&pool)
                .await
                .unwrap();
        let (version, from) = (log.len() as u64, last_moved.unwrap() as u64);
        let before = count("actions", "moved%").await + count("recent_actions", "moved%").await;
        let mut replayed = Game::new(GameOptions::for_players(2), 11);
        for (_, action) in &log[..from as usize] {
            replayed.play(*action).unwrap();
        }
        let undo = LogChange::Truncate {
            from,
            count: version - from,
        };
        let summary = RowSummary::running(replayed.to_move());
        store
            .change_log(id, version, undo, summary, None)
            .await
            .unwrap();
        log.truncate(from as usize);
        let after = count("actions", "moved%").await + count("recent_actions", "moved%").await;
        assert_eq!(after, before - (version - from) as i64);
        pool.close().await;
        for (id, _, log) in &games {
            let stored = store.load_game(id).await.unwrap().unwrap();
            assert_eq!(&stored.actions, log, "game {id}");
        }
    }
}
