//! The table explains itself, in headless Chromium: it asks before a decision leaves coins
//! unused for the rest of the round (cancel keeps everything, going on plays it), a click on a
//! piece that is not a legal action says why in the prompt, and the suggestion says why in words.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    click_random_legal, create_game, register, table_state, text_of, wait_until, Browser,
    TestServer,
};

/// Waits until the table shows a version other than `before`.
async fn wait_for_change(client: &Client, before: u64) {
    wait_until(
        client,
        &format!(
            "Number(document.querySelector('#table .table-root').dataset.version) !== {before}"
        ),
        "the table to change",
        Duration::from_secs(30),
    )
    .await;
}

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

/// Opens the decision that plays legal action `index` (its chooser first when it has one).
async fn open_decision(client: &Client, index: &str) {
    client
        .execute(
            &format!(
                "const button = document.querySelector('#table [data-action=\"{index}\"]');
                 const chooser = button.closest('.chooser');
                 if (chooser) document.querySelector('[data-chooser=\"' + chooser.id + '\"]')
                   .dispatchEvent(new MouseEvent('click', {{ bubbles: true }}));
                 button.dispatchEvent(new MouseEvent('click', {{ bubbles: true }}));"
            ),
            vec![],
        )
        .await
        .expect("click the decision");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_asks_before_coins_go_unused_and_says_why_a_click_is_refused() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1400, 1000).await;
    register(&anna, &server, "anna").await;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut refused = false;
    let mut confirmed = false;
    let mut suggested: Option<Vec<String>> = None;
    // Random play reaches a warning in most two-player games (the neutral coin as the last
    // other colour): play games until one comes.
    'games: for _game in 0..12 {
        anna.goto(&server.url("/lobby")).await.expect("the lobby");
        create_game(&anna, 2, &["me", "bot:random"], 6).await;
        wait_until(
            &anna,
            "document.getElementById('table') && document.getElementById('table').dataset.connected === 'true'",
            "the game's table",
            Duration::from_secs(20),
        )
        .await;
        loop {
            let state = table_state(&anna).await.expect("the table");
            if state.finished {
                break;
            }
            if !state.your_turn {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            if !refused {
                // A cell that is not a legal action now: the prompt says what is decided instead.
                anna.execute(
                    "document.querySelector('#table g.cell:not(.legal)')
                       .dispatchEvent(new MouseEvent('click', { bubbles: true }));",
                    vec![],
                )
                .await
                .expect("click a cell that is not legal");
                let line = text_of(&anna, "#t-prompt .refusal").await;
                assert!(line.starts_with("Not that: "), "{line}");
                assert_eq!(
                    table_state(&anna).await.expect("the table").version,
                    state.version,
                    "a refused click changes nothing"
                );
                refused = true;
            }
            if suggested.is_none() {
                suggested = anna
                    .execute(
                        "const why = document.querySelector('#t-prompt .suggestion-why');
                         const button = document.querySelector('#t-prompt .suggested');
                         return why && button ? [button.textContent, why.textContent] : null;",
                        vec![],
                    )
                    .await
                    .expect("look for a suggestion")
                    .as_array()
                    .map(|pair| {
                        pair.iter()
                            .map(|s| s.as_str().unwrap_or_default().to_string())
                            .collect::<Vec<_>>()
                    });
            }
            let warned = if confirmed {
                serde_json::Value::Null
            } else {
                anna.execute(
                    "const line = document.querySelector('#table .confirm[data-confirm-for]');
                     return line ? line.dataset.confirmFor : null;",
                    vec![],
                )
                .await
                .expect("look for a warning")
            };
            if confirmed && suggested.is_some() {
                break 'games;
            }
            let Some(index) = warned.as_str().map(str::to_string) else {
                click_random_legal(&anna, &mut rng).await;
                wait_for_change(&anna, state.version).await;
                continue;
            };
            let css = format!("#table .confirm[data-confirm-for=\"{index}\"]");
            assert!(!shown(&anna, &css).await, "the warning waits for the click");
            open_decision(&anna, &index).await;
            assert!(shown(&anna, &css).await, "the click asks first");
            let text = text_of(&anna, &css).await;
            assert!(text.starts_with("You still hold "), "{text}");
            assert!(text.contains("buy nothing more this round"), "{text}");
            // Cancel: nothing was sent, the table is as it was.
            anna.find(Locator::Css(&format!("{css} .confirm-cancel")))
                .await
                .expect("the cancel button")
                .click()
                .await
                .expect("cancel");
            assert!(!shown(&anna, &css).await, "cancel closes the line");
            let after = table_state(&anna).await.expect("the table");
            assert_eq!(after.version, state.version, "cancel keeps the state");
            assert!(after.your_turn);
            // Again, and go on: the decision is played.
            open_decision(&anna, &index).await;
            anna.find(Locator::Css(&format!("{css} [data-confirmed]")))
                .await
                .expect("the go-on button")
                .click()
                .await
                .expect("go on");
            wait_for_change(&anna, state.version).await;
            confirmed = true;
        }
    }
    assert!(refused, "a refused click was tried");
    assert!(
        confirmed,
        "no decision that leaves coins unused came up in twelve games"
    );
    // While paying or delivering the prompt suggests a decision and says why in words.
    let [button, why] = <[String; 2]>::try_from(suggested.expect("a suggestion came up"))
        .expect("a button and its reason");
    assert!(button.starts_with("Suggested: "), "{button}");
    assert!(
        ["Make ", "Pay with ", "Buy ", "Deliver ", "The best turn"]
            .iter()
            .any(|start| why.starts_with(start)),
        "{why}"
    );
}
