//! A quiet console in headless Chromium: the pages, and a game's table when the turn comes
//! before any click, write no error or warning (no missing `favicon.ico`, no audio started
//! without a gesture).
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use browser_support::{
    console_log, create_game, register, wait_until, Browser, Chromium, TestServer,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_and_a_table_at_ones_turn_write_nothing_to_the_console() {
    let server = TestServer::start().await;
    // The whole browser, as people run it: every other browser test uses the headless shell.
    let mut browser = Browser::start_with(Chromium::Full).await;
    let anna = browser.session(1366, 800).await;
    register(&anna, &server, "anna").await;
    create_game(&anna, 2, &["me", "bot:random"], 1).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/')",
        "the new game's page",
        Duration::from_secs(20),
    )
    .await;
    let game = anna.current_url().await.expect("the game's address");
    console_log(&anna).await;
    // A fresh page, not clicked: the chime of the turn must wait for a click.
    for path in ["/", "/lobby", "/rules", game.path()] {
        anna.goto(&server.url(path)).await.expect("open the page");
        wait_until(
            &anna,
            "document.readyState === 'complete'",
            "the page to load",
            Duration::from_secs(20),
        )
        .await;
    }
    wait_until(
        &anna,
        "document.querySelector('#table .table-root[data-your-turn=\"true\"]')",
        "anna's turn",
        Duration::from_secs(30),
    )
    .await;
    // The chime would come with the turn, in the same step that marks the page as "your turn",
    // and that step then asks for the person's games again, whose answer counts them in the
    // title: once the title counts the waiting game, both are done (and a task later, anything
    // either left to the page's queue).
    wait_until(
        &anna,
        "document.body.classList.contains('your-turn') && /\\(\\d+\\) /.test(document.title)",
        "the turn marked and the person's games read again",
        Duration::from_secs(30),
    )
    .await;
    anna.execute_async(
        "const done = arguments[arguments.length - 1]; setTimeout(done, 0);",
        vec![],
    )
    .await
    .expect("a task later");
    let noise: Vec<String> = console_log(&anna)
        .await
        .into_iter()
        .filter(|line| line.starts_with("SEVERE") || line.starts_with("WARNING"))
        .collect();
    assert!(noise.is_empty(), "the console: {noise:#?}");
}
