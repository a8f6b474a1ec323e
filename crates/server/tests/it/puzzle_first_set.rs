//! The first puzzle set shipped with the server: large enough, nothing hidden in it, a sample
//! of it holds when judged again with fresh seeds and deals, and it is added once at start.

use crate::common;
use common::TestServer;
use helvetia_ai::puzzles::{recheck, Puzzle, PuzzleSettings, MAX_STEPS};
use helvetia_engine::forced_step;
use helvetia_server::puzzles::first_set::{add_first_set, first_set};
use rand_core::{RngCore, SeedableRng};
use reqwest::StatusCode;

/// The least the set must hold (docs/performance.md: how it was made).
const AT_LEAST: usize = 1000;

#[test]
fn the_first_set_is_large_and_carries_nothing_hidden() {
    let set = first_set().expect("the set reads");
    assert!(set.len() >= AT_LEAST, "{} puzzles", set.len());
    let mut ids = std::collections::HashSet::new();
    for puzzle in &set {
        let json = serde_json::to_value(puzzle).unwrap();
        let text = json.to_string();
        assert!(
            !text.contains("\"seed\""),
            "a puzzle carries a seed: {text}"
        );
        assert_eq!(json["view"]["position"]["stack2"], serde_json::json!([]));
        assert_eq!(json["view"]["position"]["stack3"], serde_json::json!([]));
        assert!((1..=MAX_STEPS).contains(&puzzle.steps()), "{json}");
        for (step, answer) in puzzle.solution.iter().enumerate() {
            let view = puzzle.view_at(step).expect("the line goes on");
            assert_eq!(forced_step(&view.position), None);
            assert!(puzzle.accepts_at(step, answer), "{json}");
        }
        assert!(puzzle.agreement >= 0.9 && puzzle.margin > 0.0, "{json}");
        assert!(ids.insert(serde_json::to_string(puzzle).unwrap()), "twice");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sample_of_the_first_set_holds_with_fresh_seeds_and_fresh_deals() {
    let mut set = first_set().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5e7);
    for i in (1..set.len()).rev() {
        set.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    set.truncate(4);
    // The settings the set was judged with, and seeds its generation never used.
    let settings = PuzzleSettings::default();
    let failed = tokio::task::spawn_blocking(move || {
        set.iter()
            .filter(|puzzle| !recheck(puzzle, &settings, 0x0f12_57e7))
            .cloned()
            .collect::<Vec<Puzzle>>()
    })
    .await
    .unwrap();
    assert!(failed.is_empty(), "puzzles that did not hold: {failed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_set_is_added_at_the_first_start_only() {
    let database = common::Database::sqlite();
    let database_url = database.url.clone();
    let config = helvetia_server::Config {
        first_puzzle_set: true,
        ..common::test_config(&database.url)
    };
    let server = TestServer::start_with(database, config).await;
    let mut visitor = server.client().await;
    let (status, text) = visitor.get_text("/api/puzzles/export").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(text.lines().count(), first_set().unwrap().len());
    let (status, body) = visitor.get_text("/api/puzzles/next").await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // A later start finds the set's first puzzle there and adds nothing, not even a puzzle
    // of the set an operator removed since.
    let pool = sqlx::AnyPool::connect(&database_url).await.unwrap();
    let removed = sqlx::query("DELETE FROM puzzles WHERE id = (SELECT MAX(id) FROM puzzles)")
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(removed.rows_affected(), 1);
    let store = &server.server.state.store;
    assert_eq!(add_first_set(store).await, Ok(0));
    let (_, text) = visitor.get_text("/api/puzzles/export").await;
    assert_eq!(text.lines().count(), first_set().unwrap().len() - 1);
    pool.close().await;
    server.server.shutdown().await;
}
