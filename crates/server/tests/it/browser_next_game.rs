//! "Next game" in headless Chromium: with three games awaiting Anna, the header counts them and
//! opens the one that has waited longest, and the table's "next game" (by click and by the
//! key N) moves through the other two and round to the first, in the order they began to wait.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use browser_support::{create_game, game_id, register, wait_until, Browser, TestServer};
use fantoccini::{Client, Locator};

/// The games awaiting the logged-in person, as their list orders them, with since when each
/// waits; waits until there are `count`.
async fn games_awaiting(client: &Client, count: usize) -> Vec<(String, i64)> {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let answer = client
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 fetch('/api/games?list=mine', {credentials: 'same-origin'})
                   .then(r => r.json())
                   .then(games => done(games.filter(g => g.your_turn)
                     .map(g => [g.id, g.your_turn_since_ms])));",
                vec![],
            )
            .await
            .expect("the person's games");
        let games: Vec<(String, i64)> = serde_json::from_value(answer).expect("id and time");
        if games.len() == count {
            return games;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{count} games awaiting the person; now {games:?}"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// Waits until `client` shows game `id`, connected, with "next game" offered.
async fn shows_game_with_next(client: &Client, id: &str) {
    wait_until(
        client,
        &format!(
            "location.pathname === '/games/{id}' && document.getElementById('table') \
             && document.getElementById('table').dataset.connected === 'true' \
             && !document.querySelector('.next-game').hidden"
        ),
        &format!("game {id} with \"next game\" offered"),
        Duration::from_secs(30),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn next_game_moves_through_the_games_awaiting_the_person() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1366, 768).await;
    register(&anna, &server, "anna").await;
    for _ in 0..3 {
        anna.goto(&server.url("/lobby?lang=en")).await.unwrap();
        create_game(&anna, 2, &["me", "bot:random"], 1).await;
        wait_until(
            &anna,
            "location.pathname.startsWith('/games/')",
            "the new game's page",
            Duration::from_secs(30),
        )
        .await;
    }
    let waiting = games_awaiting(&anna, 3).await;
    let mut by_age = waiting.clone();
    by_age.sort_by_key(|(id, since)| (*since, id.clone()));
    assert_eq!(waiting, by_age, "the list shows the longest waiting first");
    let order: Vec<String> = waiting.into_iter().map(|(id, _)| id).collect();

    // The header counts them and opens the one that has waited longest.
    anna.goto(&server.url("/lobby?lang=en")).await.unwrap();
    wait_until(
        &anna,
        "!document.querySelector('.awaiting').hidden \
         && document.querySelector('.awaiting-count').textContent === '3'",
        "the header's count of games awaiting Anna",
        Duration::from_secs(20),
    )
    .await;
    anna.find(Locator::Css(".awaiting"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    shows_game_with_next(&anna, &order[0]).await;

    // By click, by key, and round to the first.
    anna.find(Locator::Css(".next-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    shows_game_with_next(&anna, &order[1]).await;
    for expected in [&order[2], &order[0]] {
        anna.active_element()
            .await
            .expect("something has the focus")
            .send_keys("n")
            .await
            .expect("press N");
        shows_game_with_next(&anna, expected).await;
    }
    assert_eq!(game_id(&anna).await, order[0]);
}
