//! End-to-end in headless Chromium: one person presses "Play now" in the lobby, another on the
//! home page, and both land at the same running table.
//!
//! Needs Debian's `chromium` and `chromium-driver`.

use crate::browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};

use browser_support::{game_id, register, wait_until, Browser, TestServer};

/// Chooses a table of two at the live pace in the page's "play now" panel and presses the
/// button.
async fn play_now_for_two(client: &Client) {
    client
        .find(Locator::Css("#play-now-players"))
        .await
        .expect("the player count of play now")
        .select_by_value("2")
        .await
        .expect("choose two players");
    client
        .find(Locator::Css("#play-now-button"))
        .await
        .expect("the play now button")
        .click()
        .await
        .expect("press play now");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_press_play_now_and_land_at_the_same_table() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1200, 900).await;
    let beat = browser.session(1200, 900).await;
    register(&anna, &server, "anna").await;
    register(&beat, &server, "beat").await;

    // Anna, in the lobby, waits and sees that she waits.
    play_now_for_two(&anna).await;
    wait_until(
        &anna,
        "!document.querySelector('.play-now-waiting').hidden \
         && document.querySelector('.play-now-pools li')",
        "Anna's wait shown in the lobby",
        Duration::from_secs(10),
    )
    .await;
    // Beat presses the button on the home page.
    beat.goto(&server.url("/"))
        .await
        .expect("open the home page");
    play_now_for_two(&beat).await;

    for client in [&anna, &beat] {
        wait_until(
            client,
            "location.pathname.startsWith('/games/') \
             && document.querySelector('#table .table-root[data-status=running]')",
            "the table, running",
            Duration::from_secs(20),
        )
        .await;
    }
    assert_eq!(game_id(&anna).await, game_id(&beat).await, "the same table");
    anna.close().await.expect("close Anna's browser");
    beat.close().await.expect("close Beat's browser");
}
