//! Webhooks on the settings page, in headless Chromium: a refused address is said in the form,
//! a new hook's secret is shown once and the list shows the hook (not its secret), the part
//! passes axe-core's checks with a hook listed in every language, and deleting it empties the
//! list.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use browser_support::{axe_in_every_language, fill, register, wait_until, Browser, TestServer};
use fantoccini::Locator;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_adds_and_deletes_a_webhook_on_the_settings_page() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1366, 900).await;
    register(&anna, &server, "anna").await;
    anna.goto(&server.url("/settings?lang=en")).await.unwrap();
    let submit = "#webhook-form button[type=submit]";

    // This server allows public addresses only: the form says why it refuses a private one.
    fill(&anna, "webhook-url", "http://127.0.0.1:9/hook").await;
    anna.find(Locator::Css(submit))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &anna,
        "!document.querySelector('#webhook-form .form-error').hidden \
         && document.querySelector('#webhook-form .form-error').textContent.includes('public')",
        "the refusal in the form",
        Duration::from_secs(20),
    )
    .await;

    // A public address written out (nothing is resolved, and no event is sent to it).
    let url = anna.find(Locator::Id("webhook-url")).await.unwrap();
    url.clear().await.unwrap();
    url.send_keys("https://1.1.1.1/helvetia-hook")
        .await
        .unwrap();
    anna.find(Locator::Id("webhook-format"))
        .await
        .unwrap()
        .select_by_value("discord")
        .await
        .unwrap();
    anna.find(Locator::Css(submit))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &anna,
        "!document.getElementById('new-webhook').hidden \
         && document.querySelector('#new-webhook .secret').textContent.startsWith('hvw_') \
         && document.getElementById('webhook-list').textContent.includes('helvetia-hook')",
        "the new hook's secret, shown once, and the hook listed",
        Duration::from_secs(20),
    )
    .await;
    let secret = anna
        .find(Locator::Css("#new-webhook .secret"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();

    let violations = axe_in_every_language(
        &anna,
        &server,
        "/settings",
        "document.querySelector('button[data-webhook-post]') !== null",
    )
    .await;
    assert!(violations.is_empty(), "{violations:#?}");
    let page = anna.source().await.unwrap();
    assert!(
        page.contains("helvetia-hook") && !page.contains(&secret[4..]),
        "the list shows the hook, never its secret"
    );

    anna.find(Locator::Css("button[data-webhook-post$='/delete']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &anna,
        "document.getElementById('no-webhooks') !== null",
        "the list emptied",
        Duration::from_secs(20),
    )
    .await;
}
