//! The game log in headless Chromium: after a round's end it tells the tiles won, the start
//! player and each player's new score, stands beside the board on a desk and opens with one tap
//! on a phone.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::Locator;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    create_game, game_id, play_until_over, register, screenshot, text_of, wait_until, Browser,
    TestServer,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_round_end_the_log_tells_tiles_start_player_and_scores() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1400, 1000).await;
    register(&anna, &server, "anna").await;
    // One round: the game ends with the first round's end.
    create_game(&anna, 2, &["me", "bot:random"], 1).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/')",
        "the game page",
        Duration::from_secs(20),
    )
    .await;
    let id = game_id(&anna).await;
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    play_until_over(&[&anna], &mut rng, 2_000, async |_, _| false).await;

    // What the server counted: the final scores and the start player.
    let state = anna
        .execute_async(
            &format!(
                "const done = arguments[0];
                 fetch('/api/games/{id}', {{ credentials: 'same-origin' }})
                   .then(r => r.json()).then(done);"
            ),
            vec![],
        )
        .await
        .expect("the game's state");
    let scores: Vec<u64> = state["scores"]
        .as_array()
        .expect("scores")
        .iter()
        .map(|s| s.as_u64().expect("a score"))
        .collect();
    let start = state["view"]["position"]["start_player"]
        .as_u64()
        .expect("the start player") as usize;
    let names = ["anna", "Bot (beginner)"];

    let log = text_of(&anna, "#table .log-lines").await;
    assert!(log.contains("Round 1"), "{log}");
    assert!(log.contains("End of round 1"), "{log}");
    assert!(log.contains("End of the game"), "{log}");
    assert!(
        log.contains(&format!("{} is the last with coins", names[start]))
            || log.contains(&format!("start player token passes to {}", names[start])),
        "the start player: {log}"
    );
    assert!(
        log.contains("takes its tile") || !log.contains("coin on the"),
        "the character tiles won: {log}"
    );
    for (name, points) in names.iter().zip(&scores) {
        assert!(
            log.contains(&format!("{name}: 0 → {points} VP ("))
                || (*points == 0 && log.contains(&format!("{name} has no victory points"))),
            "{name}'s score {points}: {log}"
        );
    }
    assert!(
        log.contains("wins with") || log.contains("share the victory"),
        "{log}"
    );

    // On a desk the log stands beside the board, in view, with its own scroll.
    let placed = anna
        .execute(
            "const log = document.querySelector('#table .log').getBoundingClientRect();
             const board = document.querySelector('#table .panels').getBoundingClientRect();
             const lines = document.querySelector('#table .log-lines');
             return [log.left >= board.right - 1, log.top < window.innerHeight,
                     getComputedStyle(lines).overflowY];",
            vec![],
        )
        .await
        .expect("the log's place");
    assert_eq!(
        placed,
        serde_json::json!([true, true, "auto"]),
        "beside the board"
    );
    // The story of the round's end beside the board, for docs/screenshots.
    anna.execute(
        "document.querySelector('#table .log-lines').scrollTop = 1e9; window.scrollTo(0, 0);",
        vec![],
    )
    .await
    .expect("show the log's end");
    screenshot(&anna, "round-end").await;

    // On a phone the log is one tap away.
    anna.set_window_size(390, 844)
        .await
        .expect("a phone-sized window");
    let hidden = anna
        .execute(
            "return getComputedStyle(document.querySelector('#table .log')).display;",
            vec![],
        )
        .await
        .expect("the log's display");
    assert_eq!(hidden, "none", "closed on a phone until asked for");
    anna.find(Locator::Css("#table .log-toggle"))
        .await
        .expect("the log button")
        .click()
        .await
        .expect("open the log");
    wait_until(
        &anna,
        "getComputedStyle(document.querySelector('#table .log')).display !== 'none'",
        "the log to open",
        Duration::from_secs(5),
    )
    .await;
    let opened = anna
        .execute(
            "const r = document.querySelector('#table .log').getBoundingClientRect();
             return r.top >= 0 && r.bottom <= window.innerHeight && r.width > 300;",
            vec![],
        )
        .await
        .expect("the open log's place");
    assert_eq!(
        opened,
        serde_json::json!(true),
        "the open log fills the phone's screen"
    );
    let phone_log = text_of(&anna, "#table .log-lines").await;
    assert!(phone_log.contains("End of round 1"), "{phone_log}");
    anna.close().await.expect("close the browser");
}
