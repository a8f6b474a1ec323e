//! End-to-end in headless Chromium: a player resigns from the table (the button, then yes to
//! the question) and, with only one person left, the game ends for the other player and for a
//! visitor who watches without logging in.
//!
//! Needs Debian's `chromium` and `chromium-driver`.

use crate::browser_support;

use std::time::Duration;

use fantoccini::Locator;

use browser_support::{register, start_a_game_for_two, text_of, wait_until, Browser, TestServer};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_resigns_from_the_table_and_the_game_ends_for_everyone_watching() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1400, 1100).await;
    let beat = browser.session(1400, 1100).await;
    let visitor = browser.session(1400, 1100).await;
    register(&anna, &server, "anna").await;
    register(&beat, &server, "beat").await;
    let id = start_a_game_for_two(&anna, &beat, &server).await;

    // Someone without an account watches the game live.
    visitor
        .goto(&server.url(&format!("/games/{id}?lang=en")))
        .await
        .expect("open the game");
    wait_until(
        &visitor,
        "document.querySelector('#table .table-root[data-status=running]') \
         && document.querySelector('#table').dataset.connected === 'true'",
        "the running game, live, for a visitor",
        Duration::from_secs(20),
    )
    .await;
    assert!(
        visitor.find(Locator::Css("[data-resign]")).await.is_err(),
        "a visitor has nothing to resign"
    );

    // Anna resigns: the button asks first, and "Keep playing" changes nothing.
    wait_until(
        &anna,
        "!document.querySelector('[data-resign]').hidden",
        "the resign button",
        Duration::from_secs(20),
    )
    .await;
    let click = |css: &'static str| {
        let anna = anna.clone();
        async move {
            anna.find(Locator::Css(css))
                .await
                .unwrap_or_else(|e| panic!("no {css}: {e}"))
                .click()
                .await
                .expect("click");
        }
    };
    click("[data-resign-open]").await;
    click("[data-resign-no]").await;
    assert!(anna
        .execute(
            "return document.querySelector('.resign-confirm').hidden;",
            vec![]
        )
        .await
        .unwrap()
        .as_bool()
        .unwrap());
    click("[data-resign-open]").await;
    click("[data-resign-yes]").await;

    for client in [&anna, &beat, &visitor] {
        wait_until(
            client,
            "document.querySelector('#table .table-root[data-status=finished]') \
             && document.querySelector('#table .end-screen .resigned')",
            "the end screen after the resignation",
            Duration::from_secs(20),
        )
        .await;
        let said = text_of(client, "#table .end-screen .resigned").await;
        assert!(said.contains("anna"), "{said}");
    }
    assert!(anna
        .find(Locator::Css("[data-resign]"))
        .await
        .unwrap()
        .attr("hidden")
        .await
        .unwrap()
        .is_some());
}
