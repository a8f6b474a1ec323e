//! A finished game's two pages measured in the window as a person first sees them: the table
//! with its end screen, and the replay with its step buttons. On a desk the final position is
//! drawn as large as during the game, with the scores beside it, and the replay's board, its
//! step buttons and the step shown share the window; on a phone the scores and the step buttons
//! open the page; on either nothing scrolls sideways, and a step forward changes the board and
//! the step shown in view.

use std::time::Duration;

use fantoccini::{Client, Locator};

use super::{screenshot, wait_until, SETTLE};

/// The parts of the table a finished game must show on a desk, unscrolled: the board's panels
/// and every village.
const BOARD: &str = "['t-characters', 't-display', 't-market', 't-status']
   .map(id => document.getElementById(id))
   .concat(Array.from(document.querySelectorAll('#table .panel.village')))";

/// The script's helpers: whether a box is in the window, and how to name an element.
const MEASURE: &str = "const inView = el => { const r = el.getBoundingClientRect();
     return r.width > 0 && r.top >= -0.5 && r.left >= -0.5
       && r.bottom <= window.innerHeight + 0.5 && r.right <= window.innerWidth + 0.5; };
   const box = el => { const r = el.getBoundingClientRect();
     return Math.round(r.left) + ',' + Math.round(r.top) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height); };
   const name = el => el ? (el.id || el.className.baseVal || el.className || el.tagName) : 'nothing';
   const faults = [];
   if (document.documentElement.scrollWidth > window.innerWidth)
     faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide in ' + window.innerWidth);
   for (const part of document.querySelectorAll('#table .panel, #table .prompt, #table .end-screen, .replay-controls'))
     if (part.checkVisibility() && part.scrollWidth > part.clientWidth + 1)
       faults.push(name(part) + ' scrolls sideways: ' + part.scrollWidth + ' px in ' + part.clientWidth);
   ";

/// The width of the characters' panel, which the board's scale sets: its smallest during the
/// game is what the end screen's board must keep.
pub async fn board_width(client: &Client) -> f64 {
    client
        .execute(
            "return document.getElementById('t-characters').getBoundingClientRect().width;",
            vec![],
        )
        .await
        .expect("the board's width")
        .as_f64()
        .expect("a width")
}

/// Everything the finished game's table, loaded anew, falls short of, in words; the board was
/// at least `running_width` px wide (its characters' panel) during the game. Saves
/// `NAME-end.png`.
pub async fn end_screen_faults(
    client: &Client,
    desk: bool,
    running_width: f64,
    name: &str,
) -> Vec<String> {
    // Opened anew (a reload would keep the place the page was scrolled to).
    let url = client.current_url().await.expect("the game's address");
    client
        .goto(url.as_str())
        .await
        .expect("open the finished game");
    wait_until(
        client,
        "document.querySelector('#table .end-screen .standings')",
        "the end screen",
        Duration::from_secs(20),
    )
    .await;
    let faults = client
        .execute(
            &[
                SETTLE,
                MEASURE,
                "const [desk, running] = arguments;
                 const scores = document.querySelector('#table .end-screen .standings');
                 if (!inView(scores)) faults.push('the scores are out of view at ' + box(scores));
                 if (desk) {
                   if (window.scrollY !== 0) faults.push('the page is scrolled to ' + window.scrollY);
                   for (const part of ",
                BOARD,
                ") {
                     if (!inView(part)) { faults.push('not in view: ' + name(part) + ' at ' + box(part)); continue; }
                     // Nothing covers it: the chat, the end screen.
                     const r = part.getBoundingClientRect();
                     const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                     if (!hit || !part.contains(hit)) faults.push(name(part) + ' is covered by ' + name(hit));
                   }
                   const width = document.getElementById('t-characters').getBoundingClientRect().width;
                   if (width < running * 0.9)
                     faults.push('the board is drawn ' + Math.round(width) + ' px wide, during the game ' + Math.round(running));
                 }
                 return faults;",
            ]
            .concat(),
            vec![serde_json::json!(desk), serde_json::json!(running_width)],
        )
        .await
        .expect("measure the end screen");
    screenshot(client, &format!("{name}-end")).await;
    fault_words(&faults)
}

/// Everything the replay of game `id` falls short of, in words, at its last step and after the
/// first step and a step forward (a click on Forward and the right arrow key). Saves
/// `NAME-replay.png` after the step forward.
pub async fn replay_faults(
    client: &Client,
    base: &str,
    id: &str,
    desk: bool,
    name: &str,
) -> Vec<String> {
    client
        .goto(&format!("{base}/games/{id}/replay"))
        .await
        .expect("the replay page");
    wait_until(
        client,
        "document.querySelector('#table .table-root') && document.querySelector('.replay-controls')",
        "the replay",
        Duration::from_secs(20),
    )
    .await;
    let mut faults = replay_layout_faults(client, desk).await;
    client
        .find(Locator::Css(".replay-controls [data-step=first]"))
        .await
        .expect("the first-step button")
        .click()
        .await
        .expect("to the first step");
    wait_until(
        client,
        "document.querySelector('#table .table-root').dataset.replayStep === '0'",
        "the first step",
        Duration::from_secs(10),
    )
    .await;
    let before = shown(client).await;
    client
        .find(Locator::Css(".replay-controls [data-step=next]"))
        .await
        .expect("the forward button")
        .click()
        .await
        .expect("a step forward");
    wait_until(
        client,
        "document.querySelector('#table .table-root').dataset.replayStep === '1'",
        "the table after a step forward",
        Duration::from_secs(10),
    )
    .await;
    let after = shown(client).await;
    if after[1] == before[1] {
        faults.push("a step forward changes nothing on the board".into());
    }
    if after[0] == before[0] {
        faults.push(format!(
            "a step forward leaves the prompt as it was: {}",
            after[0]
        ));
    }
    faults.extend(replay_layout_faults(client, desk).await);
    screenshot(client, &format!("{name}-replay")).await;
    // The right arrow key steps forward too.
    client
        .execute(
            "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));",
            vec![],
        )
        .await
        .expect("press the right arrow");
    wait_until(
        client,
        "document.querySelector('#table .table-root').dataset.replayStep === '2'",
        "the table after the right arrow key",
        Duration::from_secs(10),
    )
    .await;
    faults.extend(replay_layout_faults(client, desk).await);
    faults
}

/// The replay's step as the prompt says it, and the board's drawing.
async fn shown(client: &Client) -> [String; 2] {
    let shown = client
        .execute(
            "return [document.querySelector('#table .prompt').textContent,
                     document.querySelector('#table .panels').innerHTML];",
            vec![],
        )
        .await
        .expect("the step shown");
    [0, 1].map(|i| shown[i].as_str().unwrap_or_default().to_string())
}

/// The replay's layout at the step shown: the step buttons and the prompt (which says the step)
/// in view, and on a desk the whole board unscrolled.
async fn replay_layout_faults(client: &Client, desk: bool) -> Vec<String> {
    let faults = client
        .execute(
            &[
                SETTLE,
                MEASURE,
                "const [desk] = arguments;
                 for (const el of Array.from(document.querySelectorAll('.replay-controls button'))
                        .concat([document.querySelector('#table .prompt')]))
                   if (!inView(el)) faults.push('not in view: ' + (el.textContent.trim() || name(el)) + ' at ' + box(el));
                 if (desk) {
                   if (window.scrollY !== 0) faults.push('the page is scrolled to ' + window.scrollY);
                   for (const part of ",
                BOARD,
                ")
                     if (!inView(part)) faults.push('not in view: ' + name(part) + ' at ' + box(part));
                 }
                 return faults;",
            ]
            .concat(),
            vec![serde_json::json!(desk)],
        )
        .await
        .expect("measure the replay");
    fault_words(&faults)
}

/// A list of faults a script measured in the page, as words.
pub fn fault_words(faults: &serde_json::Value) -> Vec<String> {
    faults
        .as_array()
        .expect("a list")
        .iter()
        .map(|f| f.as_str().unwrap_or_default().to_string())
        .collect()
}
