//! A bot account made and given a token on the settings page, in headless Chromium: the person
//! confirms that it is for good, the new token's secret is shown once, the list shows the token
//! (not its secret), revoking it says so, and the page passes axe-core's checks.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use browser_support::{axe_violations, register, wait_until, Browser, TestServer};
use fantoccini::Locator;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_makes_a_bot_account_and_manages_its_tokens_on_the_settings_page() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let robo = browser.session(1366, 900).await;
    register(&robo, &server, "robo").await;
    robo.goto(&server.url("/settings")).await.unwrap();
    let become_bot = robo
        .find(Locator::Css("button[data-become-bot]"))
        .await
        .expect("a fresh account is offered to become a bot");
    become_bot.click().await.unwrap();
    // It asks first: it is for good.
    robo.accept_alert().await.expect("a confirmation");
    wait_until(
        &robo,
        "document.getElementById('token-form') !== null",
        "the token form of a bot account",
        Duration::from_secs(20),
    )
    .await;

    let name = robo.find(Locator::Id("token-name")).await.unwrap();
    name.send_keys("laptop").await.unwrap();
    robo.find(Locator::Css("#token-form button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &robo,
        "!document.getElementById('new-token').hidden \
         && document.querySelector('#new-token .secret').textContent.startsWith('hvb_')",
        "the new token's secret, shown once",
        Duration::from_secs(20),
    )
    .await;
    let secret = robo
        .find(Locator::Css("#new-token .secret"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();

    robo.refresh().await.unwrap();
    wait_until(
        &robo,
        "Array.from(document.querySelectorAll('table.tokens td')).some(td => td.textContent === 'laptop')",
        "the token listed by its name",
        Duration::from_secs(20),
    )
    .await;
    let page = robo.source().await.unwrap();
    assert!(
        !page.contains(&secret[4..]),
        "the list never shows a secret"
    );
    let violations = axe_violations(&robo).await;
    assert!(violations.is_empty(), "{violations:#?}");

    robo.find(Locator::Css("button[data-revoke-token]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &robo,
        "document.querySelector('button[data-revoke-token]') === null \
         && document.querySelector('table.tokens').textContent.includes('revoked')",
        "the token shown as revoked",
        Duration::from_secs(20),
    )
    .await;
    // The lobby leads a bot account's session to its settings.
    robo.goto(&server.url("/lobby")).await.unwrap();
    wait_until(
        &robo,
        "location.pathname === '/settings'",
        "the settings page instead of the lobby",
        Duration::from_secs(20),
    )
    .await;
}
