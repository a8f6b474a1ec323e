//! A bot account made and given a token on the settings page, in headless Chromium: the person
//! confirms that it is for good, the new token's secret is shown once, the list shows the token
//! (not its secret), revoking it says so, and the page passes axe-core's checks. A person then
//! keeps a seat for the bot from the create form, and the waiting room shows the bot's answer.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use browser_support::{axe_violations, fill, game_id, register, wait_until, Browser, TestServer};
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
    // Listed at once, without a reload, and "no token yet" is gone; the secret stays shown.
    wait_until(
        &robo,
        "Array.from(document.querySelectorAll('table.tokens td')).some(td => td.textContent === 'laptop') \
         && document.getElementById('no-tokens') === null \
         && !document.getElementById('new-token').hidden",
        "the new token listed by its name before any reload",
        Duration::from_secs(20),
    )
    .await;

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
    // A person keeps a seat for the bot from the create form: "Rated" goes, the waiting room
    // says the bot is invited.
    let anna = browser.session(1366, 900).await;
    register(&anna, &server, "anna").await;
    anna.goto(&server.url("/lobby")).await.unwrap();
    for (css, value) in [
        ("#create-game #players", "2"),
        ("#create-game select[name=seat1]", "bot_account"),
    ] {
        let choice = anna.find(Locator::Css(css)).await.unwrap();
        choice.select_by_value(value).await.unwrap();
    }
    fill(&anna, "create-game input[name=seat1_bot]", "robo").await;
    let rated = anna
        .execute(
            "const r = document.getElementById('rated'); return [r.checked, r.disabled];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(rated, serde_json::json!([false, true]), "never rated");
    anna.find(Locator::Css("#create-game button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &anna,
        "(document.querySelector('.waiting-room') || {textContent: ''}).textContent \
         .includes('robo is invited and has not answered yet')",
        "the waiting room telling of the invitation",
        Duration::from_secs(20),
    )
    .await;
    let violations = axe_violations(&anna).await;
    assert!(violations.is_empty(), "{violations:#?}");

    // The bot's program accepts with a new token; the seat shows the bot with its mark.
    fill(&robo, "token-name", "table").await;
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
        "a second token's secret",
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
    let game = game_id(&anna).await;
    let answer = reqwest::Client::new()
        .post(server.url(&format!("/api/bot/games/{game}/accept")))
        .bearer_auth(&secret)
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), reqwest::StatusCode::OK);
    anna.refresh().await.unwrap();
    wait_until(
        &anna,
        "Array.from(document.querySelectorAll('.waiting-seats li')) \
         .some(li => li.textContent.includes('robo') && li.querySelector('svg.robot'))",
        "the bot seated, shown as a bot",
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
