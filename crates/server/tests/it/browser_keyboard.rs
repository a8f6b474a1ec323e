//! The table with the keyboard alone, in headless Chromium, a whole game against a bot: after
//! every move the focus is on the next thing to decide, Tab goes on to the next piece, Enter
//! decides, a chooser is a modal dialog (the focus goes round
//! its buttons, Escape closes it and gives the focus back to its piece), and the bot's moves
//! are read out through the page's live region.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::key::Key;
use fantoccini::Client;
use serde_json::Value;

use browser_support::{create_game, register, table_state, wait_until, Browser, TestServer};

/// Presses `key` on whatever has the focus.
async fn press(client: &Client, key: Key) {
    client
        .active_element()
        .await
        .expect("something has the focus")
        .send_keys(&char::from(key).to_string())
        .await
        .expect("press the key");
}

/// What has the focus: "target" (a piece of the board), "prompt" (a button of the prompt),
/// "dialog" (a button of an open chooser), "confirm" or "elsewhere: …".
async fn focus(client: &Client) -> String {
    let value = client
        .execute(
            "const e = document.activeElement;
             if (e.closest('.chooser:not([hidden])')) return 'dialog';
             if (e.closest('.confirm:not([hidden])')) return 'confirm';
             if (e.closest('#table .panels') && e.matches('[data-action], [data-chooser]')) return 'target';
             if (e.closest('#t-prompt') && e.tagName === 'BUTTON') return 'prompt';
             return 'elsewhere: ' + e.tagName + '.' + e.className;",
            vec![],
        )
        .await
        .expect("ask the page");
    value.as_str().unwrap_or_default().to_string()
}

async fn eval(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.expect("ask the page")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_with_the_keyboard_and_the_bots_moves_are_read_out() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1366, 800).await;
    register(&anna, &server, "anna").await;
    create_game(&anna, 2, &["me", "bot:random"], 1).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/')",
        "the game's page",
        Duration::from_secs(20),
    )
    .await;
    let mut dialogs = 0;
    let mut decisions = 0;
    let mut tabbed = 0;
    let mut finished = false;
    // The whole game, to its end.
    while decisions < 400 {
        wait_until(
            &anna,
            "(() => { const r = document.querySelector('#table .table-root');
                      return r && (r.dataset.yourTurn === 'true' || r.dataset.status === 'finished'); })()",
            "anna's turn or the end",
            Duration::from_secs(30),
        )
        .await;
        let state = table_state(&anna).await.expect("a table");
        if state.finished {
            finished = true;
            break;
        }
        let at = focus(&anna).await;
        assert!(
            at == "target" || at == "prompt",
            "decision {decisions}: the focus is not on the next decision but {at}"
        );
        // Every other decision, Tab goes on to the next piece of the board that decides, as a
        // person choosing among them would, when there is one after the focused piece.
        let further = eval(
            &anna,
            "const order = Array.from(document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]'))
               .filter(el => el.tabIndex >= 0 && !el.disabled && el.getBoundingClientRect().width > 0);
             const next = order[order.indexOf(document.activeElement) + 1];
             return next && next.closest('#table .panels') && next.matches('[data-action], [data-chooser]')
               && document.activeElement.closest('#table .panels')
               ? next.getAttribute('aria-label') : null;",
        )
        .await;
        if let (Some(next), true) = (further.as_str(), decisions % 2 == 1) {
            press(&anna, Key::Tab).await;
            let label = eval(
                &anna,
                "return document.activeElement.getAttribute('aria-label');",
            )
            .await;
            assert_eq!(
                label.as_str(),
                Some(next),
                "Tab goes on to the next piece that decides"
            );
            tabbed += 1;
        }
        press(&anna, Key::Enter).await;
        match focus(&anna).await.as_str() {
            "dialog" => {
                dialogs += 1;
                // Round the dialog's buttons and past them: the focus stays inside.
                let buttons = eval(
                    &anna,
                    "return document.querySelectorAll('.chooser:not([hidden]) button').length;",
                )
                .await
                .as_u64()
                .expect("a count");
                for _ in 0..=buttons {
                    press(&anna, Key::Tab).await;
                    assert_eq!(focus(&anna).await, "dialog", "Tab left the dialog");
                }
                press(&anna, Key::Escape).await;
                assert_eq!(
                    eval(
                        &anna,
                        "return !!document.querySelector('.chooser:not([hidden])');"
                    )
                    .await,
                    Value::Bool(false),
                    "Escape closes the dialog"
                );
                assert_eq!(
                    focus(&anna).await,
                    "target",
                    "the focus goes back to the piece"
                );
                press(&anna, Key::Enter).await;
                assert_eq!(focus(&anna).await, "dialog");
                press(&anna, Key::Enter).await;
            }
            "confirm" => press(&anna, Key::Enter).await,
            _ => {}
        }
        wait_until(
            &anna,
            &format!(
                "Number(document.querySelector('#table .table-root').dataset.version) > {}",
                state.version
            ),
            "the table to change after Enter",
            Duration::from_secs(30),
        )
        .await;
        decisions += 1;
    }
    assert!(finished, "no end after {decisions} decisions");
    assert!(decisions >= 10, "only {decisions} decisions");
    assert!(tabbed > 0, "Tab never chose another piece");
    assert!(dialogs > 0, "no chooser came up in {decisions} decisions");
    let said = eval(
        &anna,
        "return document.getElementById('announcer').textContent;",
    )
    .await;
    let said = said.as_str().unwrap_or_default();
    assert!(
        said.contains("Bot (beginner): "),
        "the live region says: {said}"
    );
}
