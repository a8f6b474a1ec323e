//! Vacations: a person's turn-based clocks stand still for exactly the time away, resume when
//! it ends (early or not), and no bot stands in meanwhile, on SQLite and PostgreSQL, across a
//! restart and with two nodes; days are counted per calendar year, ending early gives the
//! unused days back, and bad requests change nothing.
//!
//! Nothing waits for days: a clock is made due by rewriting its stored turn start (as a node
//! that never learnt of the vacation would have left it), and every node's deadline worker is
//! waited for to prove that no bot stands in.

use crate::common;

use std::time::Duration;

use common::{join_and_start, test_config, within, Client, Database, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A day per turn would do; 30 s is enough for the test's requests and never runs out by
/// itself while the test looks.
const PER_TURN_SECS: i64 = 30;

const VACATION: &str = "/api/settings/vacation";
const END: &str = "/api/settings/vacation/end";

/// Today's date (UTC), `2026-07-01`, `days` from now.
fn day_in(days: i64) -> String {
    (time::OffsetDateTime::now_utc() + time::Duration::days(days))
        .date()
        .to_string()
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// A turn-based game created by `creator` with `seats` (a day's pace, shortened).
async fn turn_based_game(creator: &mut Client, seats: Value) -> String {
    let (status, body) = creator
        .post(
            "/api/games",
            json!({
                "options": {"players": 2, "round_limit": 30},
                "seats": seats,
                "time_control": {"bank_secs": 0, "per_turn_secs": PER_TURN_SECS,
                                 "stand_in": "random"},
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["id"].as_str().unwrap().to_string()
}

async fn take(client: &mut Client, from: &str, days: i64) -> (StatusCode, Value) {
    client
        .post(VACATION, json!({"from": from, "days": days}))
        .await
}

/// The time away of the one vacation `overview` lists: from, until (ms).
fn away_of(overview: &Value) -> (i64, i64) {
    let vacation = &overview["vacations"][0];
    (
        vacation["away_from_ms"].as_i64().expect("a vacation"),
        vacation["away_until_ms"].as_i64().unwrap(),
    )
}

fn deadline(state: &Value) -> i64 {
    state["clock"]["deadline_ms"].as_i64().expect("a deadline")
}

fn stood_in(state: &Value, seat: u64) -> bool {
    !state["players"][seat as usize]["stand_in"].is_null()
}

/// Rewrites game `id`'s stored clock as a node that never learnt of the vacations would have
/// left it: no times away, the running turn begun at `since_ms`, so that its deadline (its
/// per-turn time later) has passed, though the vacation began before it.
async fn forget_vacations(database: &Database, id: &str, state: &Value, since_ms: i64) {
    let clock = &state["clock"];
    let stored = json!({
        "control": clock["control"],
        "banks_ms": clock["banks_ms"],
        "running": {"seat": clock["running"]["seat"], "since_ms": since_ms},
    });
    let deadline = since_ms + PER_TURN_SECS * 1000;
    database
        .edit(
            &format!("UPDATE games SET clock = '{stored}', deadline = {deadline} WHERE id = $1"),
            id,
        )
        .await;
}

/// A turn begun just before the vacation `away` began, whose time without it ran out 100 ms
/// into the vacation.
fn since_just_before(away: (i64, i64)) -> i64 {
    away.0 - PER_TURN_SECS * 1000 + 100
}

async fn wait_for_state(
    client: &mut Client,
    id: &str,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let mut state = Value::Null;
    let held = within(Duration::from_secs(20), async || {
        state = client.state(id).await;
        done(&state)
    })
    .await;
    assert!(held, "waited in vain for {what}: {state}");
    state
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_stops_the_clock_for_exactly_its_time_and_its_early_end_resumes_it() {
    for database in common::databases().await {
        let server = TestServer::start(database.same()).await;
        let mut anna = server.user("anna").await;
        let mut beat = server.user("beat").await;
        let id = turn_based_game(&mut anna, json!([{"kind": "me"}, {"kind": "open"}])).await;
        join_and_start(&id, &mut anna, &mut beat).await;
        let (person, other) = if common::decides(&anna.state(&id).await) {
            (&mut anna, &mut beat)
        } else {
            (&mut beat, &mut anna)
        };
        let before = person.state(&id).await;
        let seat = before["your_seat"].as_u64().unwrap();
        let (_, me) = person.get("/api/me").await;
        let name = me["username"].as_str().unwrap().to_string();

        // A vacation from today: the deadline moves by exactly the time away.
        let (status, overview) = take(person, &day_in(0), 1).await;
        assert_eq!(status, StatusCode::CREATED, "{overview}");
        assert_eq!(overview["on_vacation"], true, "{overview}");
        let away = away_of(&overview);
        assert_eq!(away.1 % 86_400_000, 0, "whole UTC days: {overview}");
        let during = person.state(&id).await;
        assert_eq!(
            deadline(&during),
            deadline(&before) + away.1 - away.0,
            "{during}"
        );
        assert!(during["version"].as_u64() > before["version"].as_u64());
        assert_eq!(during["clock"]["away"][0]["seat"], seat, "{during}");

        // Shown beside their name: at the table, in the lobby, on their profile.
        let (_, page) = other.get_text(&format!("/games/{id}")).await;
        assert!(page.contains("on vacation until"), "{page}");
        let (_, running) = other.get("/api/games?list=mine").await;
        assert_eq!(running[0]["on_vacation"], json!([name]), "{running}");
        let (_, lobby) = other.get_text("/lobby").await;
        assert!(lobby.contains("vacation-badge"), "the lobby marks them");
        let (_, profile) = other.get(&format!("/api/players/{name}")).await;
        assert_eq!(profile["on_vacation_until"], day_in(0), "{profile}");
        let (_, page) = other.get_text(&format!("/players/{name}")).await;
        assert!(page.contains("on-vacation"), "{page}");

        // The clock as a node that missed the vacation would have stored it, due: the deadline
        // worker looks again at the vacations before a bot stands in, and none does.
        forget_vacations(&database, &id, &during, since_just_before(away)).await;
        server.wait_for_a_look_since_now("deadlines").await;
        let looked = person.state(&id).await;
        assert!(!stood_in(&looked, seat), "{looked}");
        assert_eq!(deadline(&looked), away.1 + 100, "{looked}");
        assert!(looked["clock"]["away"]
            .as_array()
            .is_some_and(|a| a.len() == 1));

        // Ended early: the clock counts again from then, so the turn's time (100 ms) runs out
        // and the bot stands in; the days not begun come back.
        let (status, ended) = person.post(END, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{ended}");
        assert_eq!(ended["on_vacation"], false, "{ended}");
        assert_eq!(ended["vacations"], json!([]), "{ended}");
        let taken: i64 = ended["years"]
            .as_array()
            .unwrap()
            .iter()
            .map(|year| year["days_taken"].as_i64().unwrap())
            .sum();
        assert_eq!(taken, 1, "today counts: {ended}");
        let resumed = wait_for_state(person, &id, "the stand-in", |s| stood_in(s, seat)).await;
        assert_eq!(resumed["players"][seat as usize]["stand_in"], "random");
        let (_, running) = other.get("/api/games?list=mine").await;
        assert_eq!(running[0]["on_vacation"], json!([]), "{running}");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_that_begins_during_a_vacation_waits_for_its_end_across_a_restart() {
    for database in common::databases().await {
        let server = TestServer::start(database.same()).await;
        let mut anna = server.user("anna").await;
        let (status, overview) = take(&mut anna, &day_in(0), 2).await;
        assert_eq!(status, StatusCode::CREATED, "{overview}");
        let away = away_of(&overview);
        let id = turn_based_game(
            &mut anna,
            json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
        )
        .await;
        let (status, body) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let state = wait_for_state(&mut anna, &id, "Anna's turn", common::decides).await;
        let seat = state["your_seat"].as_u64().unwrap();
        // Her turn began while she is away: it is timed from her return.
        assert_eq!(deadline(&state), away.1 + PER_TURN_SECS * 1000, "{state}");
        server.server.shutdown().await;

        // While no server runs, the stored clock forgets the vacation and falls due.
        forget_vacations(&database, &id, &state, since_just_before(away)).await;
        let server = TestServer::start(database.same()).await;
        anna.base = server.base.clone();
        server.wait_for_a_look_since_now("deadlines").await;
        let after = anna.state(&id).await;
        assert!(!stood_in(&after, seat), "{after}");
        assert_eq!(deadline(&after), away.1 + 100, "{after}");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn days_are_counted_per_calendar_year_and_bad_requests_change_nothing() {
    for database in common::databases().await {
        let mut config = test_config(&database.url);
        config.vacation_days_per_year = 5;
        let server = TestServer::start_with(database, config).await;
        let mut anna = server.user("anna").await;
        let (status, empty) = anna.get(VACATION).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(empty["days_per_year"], 5);
        assert_eq!(empty["days_left_this_year"], 5);
        assert_eq!(empty["today"], day_in(0));

        for (body, code, expected) in [
            (
                json!({"from": "2026-13-01", "days": 1}),
                StatusCode::BAD_REQUEST,
                "vacation-date-unreadable",
            ),
            (
                json!({"from": "tomorrow", "days": 1}),
                StatusCode::BAD_REQUEST,
                "vacation-date-unreadable",
            ),
            (
                json!({"from": day_in(-1), "days": 1}),
                StatusCode::BAD_REQUEST,
                "vacation-in-the-past",
            ),
            (
                json!({"from": day_in(0), "days": 0}),
                StatusCode::BAD_REQUEST,
                "vacation-days-out-of-range",
            ),
            (
                json!({"from": day_in(0), "days": 367}),
                StatusCode::BAD_REQUEST,
                "vacation-days-out-of-range",
            ),
            (
                json!({"from": day_in(500), "days": 1}),
                StatusCode::BAD_REQUEST,
                "vacation-too-far-ahead",
            ),
            (
                json!({"from": day_in(0), "days": 11}),
                StatusCode::CONFLICT,
                "vacation-days-exceeded",
            ),
            (
                json!({"from": day_in(0), "days": -1}),
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad-body",
            ),
            (
                json!({"from": day_in(0), "days": 1, "why": "sea"}),
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad-body",
            ),
        ] {
            let (status, reply) = anna.post(VACATION, body.clone()).await;
            assert_eq!(
                (status, reply["code"].as_str()),
                (code, Some(expected)),
                "{body}: {reply}"
            );
            assert_eq!(anna.get(VACATION).await.1, empty, "{body} changed nothing");
        }
        let (status, reply) = anna.post(END, json!({})).await;
        assert_eq!(
            (status, reply["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("no-vacation"))
        );
        let (status, reply) = anna.post(END, json!({"id": "nope"})).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{reply}");
        assert_eq!(anna.get(VACATION).await.1, empty);

        // Five days from 29 December: three of that year, two of the next.
        let today = time::OffsetDateTime::now_utc().date();
        let year = if (today.month() as u8, today.day()) <= (12, 29) {
            today.year()
        } else {
            today.year() + 1
        };
        let (status, split) = take(&mut anna, &format!("{year}-12-29"), 5).await;
        assert_eq!(status, StatusCode::CREATED, "{split}");
        let left = |overview: &Value, y: i32| {
            overview["years"]
                .as_array()
                .unwrap()
                .iter()
                .find(|entry| entry["year"] == y)
                .map(|entry| entry["days_left"].as_i64().unwrap())
        };
        assert_eq!(
            (left(&split, year), left(&split, year + 1)),
            (Some(2), Some(3)),
            "{split}"
        );
        assert_eq!(
            split["vacations"][0]["last_day"],
            format!("{}-01-02", year + 1)
        );
        let (status, reply) = take(&mut anna, &format!("{year}-12-31"), 1).await;
        assert_eq!(
            (status, reply["code"].as_str()),
            (StatusCode::CONFLICT, Some("vacation-overlaps"))
        );
        let (status, reply) = take(&mut anna, &format!("{}-01-10", year + 1), 4).await;
        assert_eq!(
            (status, reply["code"].as_str()),
            (StatusCode::CONFLICT, Some("vacation-days-exceeded"))
        );
        assert!(
            reply["error"]
                .as_str()
                .unwrap()
                .contains(&format!("{}", year + 1)),
            "{reply}"
        );
        let (status, planned) = take(&mut anna, &format!("{}-01-10", year + 1), 3).await;
        assert_eq!(status, StatusCode::CREATED, "{planned}");
        assert_eq!(left(&planned, year + 1), Some(0), "{planned}");

        // A vacation not begun is cancelled whole: its days come back.
        let id = planned["vacations"][1]["id"].as_str().unwrap().to_string();
        let (status, cancelled) = anna.post(END, json!({"id": id})).await;
        assert_eq!(status, StatusCode::OK, "{cancelled}");
        assert_eq!(left(&cancelled, year + 1), Some(3), "{cancelled}");
        assert_eq!(cancelled["vacations"].as_array().map(Vec::len), Some(1));

        // The settings page shows the days left and the vacation, with its button.
        let (_, page) = anna.get_text("/settings").await;
        assert!(page.contains("vacation-form"), "{page}");
        assert!(
            page.contains(&format!("data-year=\"{}\" data-days-left=\"3\"", year + 1)),
            "{page}"
        );
        assert!(page.contains(&format!("{year}-12-29")), "{page}");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_follow_a_vacation_and_finish_one_a_stopped_node_left() {
    // Two nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = Database::postgres(&admin).await;
    let first = TestServer::start(database.same()).await;
    let second = TestServer::start(database.same()).await;
    let mut anna = first.user("anna").await;
    let mut beat = first.user("beat").await;
    let id = turn_based_game(&mut anna, json!([{"kind": "me"}, {"kind": "open"}])).await;
    join_and_start(&id, &mut anna, &mut beat).await;
    let (mut person, mut other) = if common::decides(&anna.state(&id).await) {
        (anna, beat)
    } else {
        (beat, anna)
    };
    let before = person.state(&id).await;
    let seat = before["your_seat"].as_u64().unwrap();
    // The other player watches on the first node; the person takes the vacation on the second.
    let _ = other.state(&id).await;
    person.base = second.base.clone();
    let (status, overview) = take(&mut person, &day_in(0), 1).await;
    assert_eq!(status, StatusCode::CREATED, "{overview}");
    let away = away_of(&overview);
    let moved = deadline(&before) + away.1 - away.0;
    let seen = wait_for_state(
        &mut other,
        &id,
        "the moved deadline on the first node",
        |s| deadline(s) == moved,
    )
    .await;

    // Due as a node that missed it would have stored it: both nodes look, no bot stands in.
    forget_vacations(&database, &id, &seen, since_just_before(away)).await;
    first.wait_for_a_look_since_now("deadlines").await;
    second.wait_for_a_look_since_now("deadlines").await;
    for client in [&mut person, &mut other] {
        let state = client.state(&id).await;
        assert!(!stood_in(&state, seat), "{state}");
        assert_eq!(deadline(&state), away.1 + 100, "{state}");
    }

    // A node ended the vacation and stopped before its games learnt of it: the mark it left
    // is taken up by a vacations worker, and the clock resumes on every node.
    let ended_at = now_ms();
    database
        .edit(
            &format!(
                "UPDATE vacations SET ended_at = {ended_at} WHERE user_id = \
                 (SELECT user_id FROM seats WHERE game_id = $1 AND seat = {seat})"
            ),
            &id,
        )
        .await;
    database
        .edit(
            &format!(
                "INSERT INTO vacation_syncs (user_id, changes) \
                 SELECT user_id, 7 FROM seats WHERE game_id = $1 AND seat = {seat}"
            ),
            &id,
        )
        .await;
    let resumed = wait_for_state(&mut other, &id, "the stand-in after the vacation", |s| {
        stood_in(s, seat)
    })
    .await;
    assert_eq!(resumed["players"][seat as usize]["stand_in"], "random");
    first.server.shutdown().await;
    second.server.shutdown().await;
}
