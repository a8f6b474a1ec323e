//! Open data over HTTP: `GET /api/games/export` streams finished games (never a running one)
//! as records that replay in the engine to the game the server holds; the filters and the
//! cursor give each game once; a person who chose to be anonymous is nowhere named; a bad
//! filter or cursor is a 400 that changes nothing. On SQLite and PostgreSQL.

use crate::common;

use std::time::{Duration, Instant};

use common::{create_game, databases, join_and_start, play_http, Client, TestServer};
use helvetia_server::domain::export::ExportRecord;
use reqwest::StatusCode;
use serde_json::json;

/// Plays game `id` to its end with a fixed stream of choices.
async fn play_to_the_end(id: &str, players: &mut [&mut Client]) {
    let mut seed = 11u64;
    play_http(id, players, 5_000, |len| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) as usize % len
    })
    .await;
    assert_eq!(players[0].state(id).await["status"], "finished");
}

async fn name_of(client: &mut Client) -> String {
    let (_, me) = client.get("/api/me").await;
    me["username"].as_str().unwrap().to_string()
}

/// The export at `query` as text, checked to be newline-delimited JSON.
async fn export_text(client: &mut Client, query: &str) -> String {
    let (status, text) = client.get_text(&format!("/api/games/export{query}")).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    text
}

async fn export(client: &mut Client, query: &str) -> Vec<ExportRecord> {
    let text = export_text(client, query).await;
    text.lines()
        .map(|line| {
            serde_json::from_str::<ExportRecord>(line).unwrap_or_else(|e| panic!("{e}: {line}"))
        })
        .collect()
}

fn ids(records: &[ExportRecord]) -> Vec<String> {
    records.iter().map(|r| r.id.clone()).collect()
}

/// The games the tests export: a rated game of two people played out, a game of a person
/// against two bots played out, a game the anonymous player resigned, and a running game.
struct Games {
    rated: String,
    with_bots: String,
    resigned: String,
    running: String,
}

async fn play_games(server: &TestServer) -> (Games, Client, Client, Client) {
    let mut anna = server.user("anna").await;
    let mut beat = server.user("beat").await;
    let mut zelda = server.user("zelda").await;
    let (status, body) = zelda
        .post("/api/settings/export", json!({"anonymous": true}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (rated, _) = create_game(
        &mut anna,
        json!({"players": 2, "round_limit": 1}),
        json!([{"kind": "me"}, {"kind": "open"}]),
    )
    .await;
    join_and_start(&rated, &mut anna, &mut beat).await;
    play_to_the_end(&rated, &mut [&mut anna, &mut beat]).await;

    let (with_bots, _) = create_game(
        &mut beat,
        json!({"players": 3, "round_limit": 1}),
        json!([{"kind": "me"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"}]),
    )
    .await;
    let (status, body) = beat
        .post(&format!("/api/games/{with_bots}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    play_to_the_end(&with_bots, &mut [&mut beat]).await;

    let (status, created) = zelda
        .post(
            "/api/games",
            json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "open"}],
                   "on_resign": "end"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let resigned = created["id"].as_str().unwrap().to_string();
    join_and_start(&resigned, &mut zelda, &mut anna).await;
    play_http(&resigned, &mut [&mut zelda, &mut anna], 6, |_| 0).await;
    let (status, body) = zelda
        .post(&format!("/api/games/{resigned}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(zelda.state(&resigned).await["status"], "finished");

    let (running, _) = create_game(
        &mut anna,
        json!({"players": 2}),
        json!([{"kind": "me"}, {"kind": "open"}]),
    )
    .await;
    join_and_start(&running, &mut anna, &mut beat).await;

    // The rating is worked out after the game ends; wait for it, so the export shows it.
    let started = Instant::now();
    for id in [&rated, &resigned] {
        while anna.state(id).await["rating_changes"]
            .as_array()
            .unwrap()
            .is_empty()
        {
            assert!(started.elapsed() < Duration::from_secs(10), "not rated");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let games = Games {
        rated,
        with_bots,
        resigned,
        running,
    };
    (games, anna, beat, zelda)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exported_records_replay_to_the_stored_games_and_every_filter_and_page_holds() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let (games, mut anna, mut beat, mut zelda) = play_games(&server).await;
        let (anna_name, beat_name, zelda_name) = (
            name_of(&mut anna).await,
            name_of(&mut beat).await,
            name_of(&mut zelda).await,
        );
        let mut visitor = server.client().await;

        let all = export(&mut visitor, "").await;
        let mut exported = ids(&all);
        exported.sort();
        let mut finished = vec![
            games.rated.clone(),
            games.with_bots.clone(),
            games.resigned.clone(),
        ];
        finished.sort();
        assert_eq!(
            exported, finished,
            "every finished game once, no running one"
        );

        // Each record replays in the engine to the game the server holds, scores included.
        for record in &all {
            let game = record.record.replay().expect("an exported record replays");
            let state = visitor.state(&record.id).await;
            assert_eq!(
                serde_json::to_value(game.view()).unwrap(),
                state["view"],
                "game {}: the replayed record is the stored final position",
                record.id
            );
            let scores: Vec<u8> = record
                .record
                .options
                .seats()
                .map(|seat| game.score(seat).total)
                .collect();
            assert_eq!(scores, record.result.scores);
            assert_eq!(json!(record.result.scores), state["scores"]);
            assert_eq!(json!(record.record.actions), state["actions"]);
            for change in state["rating_changes"].as_array().unwrap() {
                let player = &record.players[change["seat"].as_u64().unwrap() as usize];
                // The game's state shows ratings rounded.
                let shown = |rating: Option<f64>| rating.map(f64::round);
                if player.name.as_deref() != Some("anonymous") {
                    assert_eq!(shown(player.rating_before), change["before"].as_f64());
                    assert_eq!(shown(player.rating_after), change["after"].as_f64());
                }
            }
        }
        let rated = all.iter().find(|r| r.id == games.rated).unwrap();
        assert!(rated.rated);
        assert_eq!(rated.result.ended, "played-out");
        assert!(game_over(rated), "played to its end by the rules");
        for player in &rated.players {
            assert_eq!(player.kind, "person");
            assert!(player.rating_before.is_some() && player.rating_after.is_some());
        }
        let names: Vec<_> = rated.players.iter().map(|p| p.name.clone()).collect();
        assert_eq!(names, [Some(anna_name.clone()), Some(beat_name.clone())]);
        let with_bots = all.iter().find(|r| r.id == games.with_bots).unwrap();
        let bots: Vec<_> = with_bots.players.iter().map(|p| p.bot.clone()).collect();
        assert_eq!(bots, [None, Some("random".into()), Some("greedy".into())]);
        let resigned = all.iter().find(|r| r.id == games.resigned).unwrap();
        assert_eq!(resigned.result.ended, "resigned");
        assert_eq!(resigned.result.winners, [1], "anna stays and wins");
        assert_eq!(resigned.players[0].name.as_deref(), Some("anonymous"));
        assert!(resigned.rated && resigned.players[1].rating_after.is_some());
        assert_eq!(
            (
                resigned.players[0].rating_before,
                resigned.players[0].rating_after
            ),
            (None, None),
            "an anonymous person's rating would name them on their profile"
        );
        assert_eq!(
            resigned.players[0].resigned_at,
            Some(resigned.record.actions.len() as u64)
        );

        // The anonymous person's name is nowhere, whatever is asked.
        let annas_games = format!("?player={anna_name}");
        for query in ["", "?players=2", annas_games.as_str()] {
            let text = export_text(&mut visitor, query).await;
            assert!(!text.contains(&zelda_name), "{query}: {text}");
        }
        assert!(
            export(&mut visitor, &format!("?player={zelda_name}"))
                .await
                .is_empty(),
            "an anonymous person's games are not found by their name"
        );

        // Filters.
        assert_eq!(
            ids(&export(&mut visitor, "?players=3").await),
            std::slice::from_ref(&games.with_bots)
        );
        let mut annas = ids(&export(&mut visitor, &format!("?player={anna_name}")).await);
        annas.sort();
        let mut expected = vec![games.rated.clone(), games.resigned.clone()];
        expected.sort();
        assert_eq!(annas, expected);
        let stamps = [
            (&games.rated, 1_700_000_000),
            (&games.with_bots, 1_700_086_400),
            (&games.resigned, 1_700_172_800),
        ];
        for (id, at) in stamps {
            server
                .database
                .edit(
                    &format!("UPDATE games SET finished_at = {at} WHERE id = $1"),
                    id,
                )
                .await;
        }
        // Only the second finished on 2023-11-15: the first the day before, the third after.
        let day = export(&mut visitor, "?since=2023-11-15&until=2023-11-16").await;
        assert_eq!(ids(&day), std::slice::from_ref(&games.with_bots));
        let from = export(&mut visitor, "?since=2023-11-15T22:13:20Z").await;
        assert_eq!(
            ids(&from),
            [games.with_bots.clone(), games.resigned.clone()]
        );
        let before = export(&mut visitor, "?until=2023-11-15T22:13:20Z").await;
        assert_eq!(ids(&before), std::slice::from_ref(&games.rated));

        // The cursor: a page of one at a time gives every game once, in the export's order.
        let whole = ids(&export(&mut visitor, "").await);
        assert_eq!(
            whole,
            [
                games.rated.clone(),
                games.with_bots.clone(),
                games.resigned.clone()
            ]
        );
        let mut paged = Vec::new();
        let mut query = "?limit=1".to_string();
        loop {
            let page = export(&mut visitor, &query).await;
            assert!(page.len() <= 1);
            let Some(last) = page.last() else { break };
            paged.push(last.id.clone());
            query = format!("?limit=1&cursor={}", last.cursor);
        }
        assert_eq!(paged, whole);
        let first = all_cursor(&mut visitor, 0).await;
        let rest = export(&mut visitor, &format!("?cursor={first}")).await;
        assert_eq!(ids(&rest), whole[1..]);
        // A cursor of the order before games were numbered (finish time and id) goes on where
        // it stood.
        use base64::Engine;
        let legacy = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(format!("1700000000:{}", games.rated));
        let rest = export(&mut visitor, &format!("?cursor={legacy}")).await;
        assert_eq!(
            ids(&rest),
            whole[1..],
            "after the first game by the old order"
        );

        // A running game is never exported, nor a tutorial (all tutorials share one seed).
        let text = export_text(&mut visitor, "").await;
        assert!(!text.contains(&games.running));
        server
            .database
            .edit("UPDATE games SET tutorial = 1 WHERE id = $1", &games.rated)
            .await;
        let left = ids(&export(&mut visitor, "").await);
        assert_eq!(left, whole[1..], "a tutorial is never exported");
    }
}

/// The cursor of the `index`th game of the whole export.
async fn all_cursor(client: &mut Client, index: usize) -> String {
    export(client, "").await[index].cursor.clone()
}

fn game_over(record: &ExportRecord) -> bool {
    record.record.replay().unwrap().is_over()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_filters_and_cursors_are_refused_with_a_reason_and_change_nothing() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 2, "round_limit": 1}),
            json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
        )
        .await;
        let (status, _) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        play_to_the_end(&id, &mut [&mut anna]).await;
        let before = export_text(&mut anna, "").await;
        assert_eq!(before.lines().count(), 1);

        for (query, status, code) in [
            (
                "?since=yesterday",
                StatusCode::BAD_REQUEST,
                "export-bad-date",
            ),
            (
                "?until=2026-02-30",
                StatusCode::BAD_REQUEST,
                "export-bad-date",
            ),
            // Only what the docs name: a plain day, or an RFC 3339 time with its offset.
            (
                "?since=2026-12-01T23:59:59",
                StatusCode::BAD_REQUEST,
                "export-bad-date",
            ),
            (
                "?since=2026-W48-1",
                StatusCode::BAD_REQUEST,
                "export-bad-date",
            ),
            (
                "?since=2026-335",
                StatusCode::BAD_REQUEST,
                "export-bad-date",
            ),
            (
                "?since=%2B002026-12-01",
                StatusCode::BAD_REQUEST,
                "export-bad-date",
            ),
            (
                "?since=20261201",
                StatusCode::BAD_REQUEST,
                "export-bad-date",
            ),
            ("?until=T10:00", StatusCode::BAD_REQUEST, "export-bad-date"),
            (
                "?until=2026-12-01T10:00:00-25:00",
                StatusCode::BAD_REQUEST,
                "export-bad-date",
            ),
            (
                "?since=2026-01-02&until=2026-01-01",
                StatusCode::BAD_REQUEST,
                "export-empty-range",
            ),
            ("?players=5", StatusCode::BAD_REQUEST, "export-bad-players"),
            (
                "?players=two",
                StatusCode::BAD_REQUEST,
                "export-bad-players",
            ),
            (
                "?cursor=not-a-cursor",
                StatusCode::BAD_REQUEST,
                "export-bad-cursor",
            ),
            (
                "?cursor=MTI6YSdi",
                StatusCode::BAD_REQUEST,
                "export-bad-cursor",
            ),
            ("?limit=0", StatusCode::BAD_REQUEST, "export-bad-limit"),
            ("?limit=10001", StatusCode::BAD_REQUEST, "export-bad-limit"),
            ("?playr=anna", StatusCode::BAD_REQUEST, "bad-address"),
            (
                "?player=nobody_at_all",
                StatusCode::NOT_FOUND,
                "no-such-player",
            ),
        ] {
            let (got, body) = anna.get(&format!("/api/games/export{query}")).await;
            assert_eq!(got, status, "{query}: {body}");
            assert_eq!(body["code"], code, "{query}: {body}");
            assert!(
                !body["error"].as_str().unwrap().is_empty(),
                "{query}: {body}"
            );
        }
        assert_eq!(export_text(&mut anna, "").await, before, "nothing changed");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_anonymous_setting_is_stored_per_account_and_shown_on_the_settings_page() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let (status, body) = anna.get("/api/settings/export").await;
        assert_eq!(
            (status, body),
            (StatusCode::OK, json!({"anonymous": false}))
        );
        let (status, _) = anna
            .post("/api/settings/export", json!({"anonymous": true}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, body) = anna.get("/api/settings/export").await;
        assert_eq!(body, json!({"anonymous": true}));
        let (_, body) = beat.get("/api/settings/export").await;
        assert_eq!(
            body,
            json!({"anonymous": false}),
            "another account keeps its own"
        );
        let (_, page) = anna.get_text("/settings").await;
        assert!(page.contains("id=\"export-anonymous\""), "{page}");
        assert!(
            page.contains("data-setting-field=\"anonymous\" checked"),
            "the switch shows the stored choice"
        );

        let (status, body) = anna
            .post("/api/settings/export", json!({"anonymous": "yes"}))
            .await;
        assert!(status.is_client_error(), "{body}");
        let (_, body) = anna.get("/api/settings/export").await;
        assert_eq!(
            body,
            json!({"anonymous": true}),
            "a refused change changed nothing"
        );
        let mut visitor = server.client().await;
        let (status, _) = visitor.get("/api/settings/export").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}
