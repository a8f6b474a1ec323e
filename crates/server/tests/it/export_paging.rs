//! The export read page by page while games finish gives each finished game exactly once: a
//! program pages with `limit=1`, from the start, while twelve games of bots finish together (on
//! SQLite; on PostgreSQL on two nodes of one database, six each), until every game is over and
//! a page comes back empty.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common;
use crate::export_downloads::a_finished_bot_game;

use common::{create_game, databases, test_config, within, TestServer};
use helvetia_server::domain::export::ExportRecord;
use reqwest::StatusCode;
use serde_json::json;

/// Games each creator starts at once.
const GAMES_EACH: usize = 3;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paging_one_game_at_a_time_while_games_finish_gives_each_exactly_once() {
    for database in databases().await {
        let postgres = database.url.starts_with("postgres");
        let mut nodes =
            vec![TestServer::start_with(database.same(), test_config(&database.url)).await];
        if postgres {
            nodes.push(TestServer::start_with(database.same(), test_config(&database.url)).await);
        }
        // Four creators, split over the nodes: each may run a few games of bots at once.
        let mut creators = Vec::new();
        for n in 0..4 {
            creators.push(nodes[n % nodes.len()].user("maker").await);
        }
        // One game before the paging starts, so that the first page is not empty.
        let mut created = BTreeSet::from([a_finished_bot_game(&mut creators[0]).await]);
        let mut waiting = Vec::new();
        for creator in &mut creators {
            for _ in 0..GAMES_EACH {
                let (id, _) = create_game(
                    creator,
                    json!({"players": 2, "round_limit": 1}),
                    json!([{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]),
                )
                .await;
                waiting.push(id);
            }
        }

        // The program pages from the first game, alternating the nodes, until every game is
        // over (known before the page was asked for) and a page comes back empty.
        let all_over = Arc::new(AtomicBool::new(false));
        let bases: Vec<String> = nodes.iter().map(|node| node.base.clone()).collect();
        let pager = tokio::spawn({
            let all_over = all_over.clone();
            async move {
                let http = reqwest::Client::new();
                let mut received = Vec::new();
                let mut cursor = None::<String>;
                for page in 0usize.. {
                    let over_before = all_over.load(Ordering::SeqCst);
                    let base = &bases[page % bases.len()];
                    let url = match &cursor {
                        Some(cursor) => format!("{base}/api/games/export?limit=1&cursor={cursor}"),
                        None => format!("{base}/api/games/export?limit=1"),
                    };
                    let response = http.get(url).send().await.unwrap();
                    assert_eq!(response.status(), StatusCode::OK);
                    let text = response.text().await.unwrap();
                    let Some(line) = text.lines().next() else {
                        if over_before {
                            return received;
                        }
                        tokio::time::sleep(Duration::from_millis(5)).await;
                        continue;
                    };
                    assert_eq!(text.lines().count(), 1, "limit=1: {text}");
                    let record: ExportRecord = serde_json::from_str(line).unwrap();
                    cursor = Some(record.cursor);
                    received.push(record.id);
                }
                unreachable!()
            }
        });

        // Every game starts at once; the bots play them out together.
        for (n, creator) in creators.iter_mut().enumerate() {
            for id in &waiting[n * GAMES_EACH..(n + 1) * GAMES_EACH] {
                let (status, body) = creator
                    .post(&format!("/api/games/{id}/start"), json!({}))
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
        }
        let started = Instant::now();
        for id in &waiting {
            let over = within(Duration::from_secs(60), async || {
                creators[0].state(id).await["status"] == "finished"
            })
            .await;
            assert!(over, "{id} finished");
            created.insert(id.clone());
        }
        all_over.store(true, Ordering::SeqCst);
        let received = pager.await.expect("the pager");
        let once: BTreeSet<String> = received.iter().cloned().collect();
        assert_eq!(once.len(), received.len(), "no game twice: {received:?}");
        assert_eq!(
            once,
            created,
            "every finished game, none missed ({} s of finishing)",
            started.elapsed().as_secs()
        );
        for node in nodes {
            node.server.shutdown().await;
        }
    }
}
