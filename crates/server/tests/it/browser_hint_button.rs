//! A hint in headless Chromium: the create form offers hints only while every other seat is a
//! bot (and "Rated" is then unticked and disabled: a game with bots is never rated), and in
//! such a game the prompt's Hint button shows the search's answer in words.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};

use browser_support::{register, wait_until, Browser, TestServer};

/// Whether the element matching `css` is shown.
async fn shown(client: &Client, css: &str) -> bool {
    client
        .execute(
            &format!("const e = document.querySelector('{css}'); return !!e && !e.hidden;"),
            vec![],
        )
        .await
        .expect("ask the page")
        .as_bool()
        .unwrap_or(false)
}

/// Whether the create form's "Rated" box is ticked, and whether it is disabled.
async fn rated_box(client: &Client) -> (bool, bool) {
    let state = client
        .execute(
            "const r = document.querySelector('#rated'); return [r.checked, r.disabled];",
            vec![],
        )
        .await
        .expect("ask the page");
    let flag = |i: usize| state[i].as_bool().expect("a flag");
    (flag(0), flag(1))
}

/// Chooses `value` for seat `n` of the create form.
async fn choose_seat(client: &Client, n: usize, value: &str) {
    client
        .find(Locator::Css(&format!("#create-game select[name=seat{n}]")))
        .await
        .expect("a seat choice")
        .select_by_value(value)
        .await
        .expect("choose the seat");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hint_button_shows_the_searchs_answer_in_a_game_against_a_bot() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1400, 1000).await;
    register(&anna, &server, "anna").await;
    anna.goto(&server.url("/lobby")).await.expect("the lobby");
    anna.find(Locator::Css("#create-game #players"))
        .await
        .expect("the player count")
        .select_by_value("2")
        .await
        .expect("two players");

    choose_seat(&anna, 1, "open").await;
    assert!(
        !shown(&anna, ".hints-choice").await,
        "no hints with a seat open to people"
    );
    assert_eq!(rated_box(&anna).await, (true, false), "rated among people");
    choose_seat(&anna, 1, "bot:random").await;
    assert!(shown(&anna, ".hints-choice").await, "hints against a bot");
    assert_eq!(
        rated_box(&anna).await,
        (false, true),
        "never rated with a bot"
    );
    choose_seat(&anna, 1, "open").await;
    assert_eq!(rated_box(&anna).await, (true, false), "ticked again");
    choose_seat(&anna, 1, "bot:random").await;
    anna.find(Locator::Css("#hints"))
        .await
        .expect("the hints box")
        .click()
        .await
        .expect("tick hints");
    anna.find(Locator::Css("#create-game button[type=submit]"))
        .await
        .expect("the create button")
        .click()
        .await
        .expect("create the game");

    wait_until(
        &anna,
        "document.querySelector('#table .table-root[data-your-turn=\"true\"] [data-hint]')",
        "the Hint button at anna's decision",
        Duration::from_secs(30),
    )
    .await;
    anna.execute(
        "document.querySelector('#table [data-hint]').click();",
        vec![],
    )
    .await
    .expect("ask for a hint");
    wait_until(
        &anna,
        "document.querySelectorAll('#table .hint-answer:not([hidden]) p').length === 3",
        "the hint's answer in words",
        Duration::from_secs(60),
    )
    .await;
    let answer = anna
        .execute(
            "return document.querySelector('#table .hint-answer').innerText;",
            vec![],
        )
        .await
        .expect("read the answer");
    let answer = answer.as_str().unwrap_or_default().to_string();
    assert!(
        answer.contains("The search would play") && answer.contains('%'),
        "{answer}"
    );
}
