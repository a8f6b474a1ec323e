//! The analysis of a finished game in headless Chromium: asked for from the replay page, its
//! progress followed until the chart of each player's chance to win and the costliest turns
//! appear, and a costly turn's button shows its position in the replay.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::Locator;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    create_game, game_id, play_until_over, register, text_of, wait_until, Browser, TestServer,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_page_shows_the_chart_and_the_costliest_turns_of_a_finished_game() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1400, 1000).await;
    register(&anna, &server, "anna").await;
    create_game(&anna, 2, &["me", "bot:random"], 2).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/')",
        "the game page",
        Duration::from_secs(20),
    )
    .await;
    let id = game_id(&anna).await;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    play_until_over(&[&anna], &mut rng, 3_000, async |_, _| false).await;

    anna.goto(&format!("{}/games/{id}/replay", server.base))
        .await
        .expect("the replay page");
    let ask = anna
        .find(Locator::Css("[data-analysis-ask]"))
        .await
        .expect("a button to ask for the analysis");
    ask.click().await.expect("asked");
    wait_until(
        &anna,
        "document.querySelector('.analysis[data-state=\"done\"]') !== null",
        "the finished analysis",
        Duration::from_secs(90),
    )
    .await;

    let lines = anna
        .find_all(Locator::Css(".analysis-chart svg polyline.analysis-line"))
        .await
        .expect("the chart's lines");
    assert_eq!(lines.len(), 2, "a line per player");
    let legend = text_of(&anna, ".analysis-legend").await;
    assert!(legend.contains("anna"), "{legend}");
    let turns = anna
        .find_all(Locator::Css(".analysis-costly li"))
        .await
        .expect("the costly turns");
    assert!((1..=3).contains(&turns.len()), "{} turns", turns.len());
    let first = text_of(&anna, ".analysis-costly li").await;
    assert!(first.contains("chance to win lost"), "{first}");
    assert!(first.contains("The search prefers:"), "{first}");

    let jump = anna
        .find(Locator::Css(".analysis-costly [data-jump-step]"))
        .await
        .expect("a button to the position");
    let step = jump
        .attr("data-jump-step")
        .await
        .expect("its step")
        .expect("a step");
    jump.click().await.expect("jumped");
    wait_until(
        &anna,
        &format!(
            "document.querySelector('.replay-controls input[type=range]').value === '{step}' \
             && document.querySelector('.replay-position').textContent.startsWith('{step} /')"
        ),
        "the replay at the turn's position",
        Duration::from_secs(10),
    )
    .await;
    anna.close().await.expect("close the browser");
}
