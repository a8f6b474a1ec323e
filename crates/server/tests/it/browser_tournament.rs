//! End-to-end in headless Chromium: Anna makes a one-round tournament for tables of two, she
//! and Beat enter it from its page, the server seats them at one table, and when Beat resigns
//! that game, Anna's tournament page (open all along, never reloaded) shows the table's
//! result, her 3 points above Beat's 0 in the standings, and the tournament over. Anna's window
//! is a 1366 × 768 desk, Beat's a 390 × 844 phone: on both, in English and German, the
//! tournament's page and the list of tournaments fit the window's width. Saves
//! `docs/screenshots/tournament.png`, `tournament-phone.png` and `tournaments-phone.png`.
//!
//! Needs Debian's `chromium` and `chromium-driver`.

use crate::browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::json;

use browser_support::{
    create_tournament_from_page, fault_words, post_from_page, register, screenshot, wait_until,
    Browser, TestServer,
};

/// Seconds from the tournament's creation to its start: time enough for both to enter.
const LEAD_SECONDS: u64 = 12;

/// Opens the tournament's page and presses Enter on it.
async fn enter_from_the_page(client: &Client, server: &TestServer, path: &str) {
    client
        .goto(&server.url(&format!("{path}?lang=en")))
        .await
        .expect("open the tournament's page");
    let enter = client
        .wait()
        .for_element(Locator::Css("[data-tournament-action=enter]"))
        .await
        .expect("the enter button");
    browser_support::click(client, &enter).await;
    wait_until(
        client,
        "document.querySelector('[data-tournament-action=\"withdraw\"]')",
        "the page to say the person has entered",
        Duration::from_secs(20),
    )
    .await;
}

/// Whatever on the page at `url` is wider than the window or cut off at its right edge, in words:
/// the page itself, and each of its tables' cells.
async fn sideways_faults(client: &Client, url: &str) -> Vec<String> {
    client.goto(url).await.expect("open the page");
    let faults = client
        .execute(
            "const faults = [];
             if (document.documentElement.scrollWidth > window.innerWidth)
               faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide in ' + window.innerWidth);
             if (!document.querySelector('main table')) faults.push('no table on the page');
             for (const cell of document.querySelectorAll('main th, main td')) {
               const r = cell.getBoundingClientRect();
               if (r.width > 0 && (r.left < -0.5 || r.right > window.innerWidth + 0.5))
                 faults.push('cut off at ' + Math.round(r.left) + '..' + Math.round(r.right) + ': ' + cell.textContent.trim());
             }
             return faults;",
            vec![],
        )
        .await
        .expect("measure the page");
    fault_words(&faults)
}

/// The text of the page's live part (facts, standings, rounds, entrants).
async fn live_text(client: &Client) -> String {
    client
        .execute(
            "return document.getElementById('tournament-live').innerText;",
            vec![],
        )
        .await
        .expect("the page's live part")
        .as_str()
        .expect("its text")
        .to_string()
}

/// The standings as the page shows them: (name, points) per row, best first.
async fn standings(client: &Client) -> Vec<(String, String)> {
    let rows = client
        .execute(
            "return [...document.querySelectorAll('table.standings tbody tr')]
               .map(row => [row.cells[1].textContent.trim(), row.cells[2].textContent.trim()]);",
            vec![],
        )
        .await
        .expect("the standings");
    rows.as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            (
                row[0].as_str().unwrap().to_string(),
                row[1].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_page_follows_its_round_from_the_seating_to_the_final_standings() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1366, 768).await;
    let beat = browser.session(390, 844).await;
    register(&anna, &server, "anna").await;
    register(&beat, &server, "beat").await;

    // Anna makes the tournament. The form (tried in the accessibility test) chooses start times
    // to the minute; this one starts a few seconds from now, so it is sent as the form sends it.
    anna.goto(&server.url("/tournaments?lang=en"))
        .await
        .expect("open the tournaments page");
    let path = create_tournament_from_page(&anna, "Evening cup", 1, LEAD_SECONDS).await;

    enter_from_the_page(&beat, &server, &path).await;
    enter_from_the_page(&anna, &server, &path).await;
    // From here on the test only watches Anna's page; a reload would lose this mark.
    anna.execute("window.neverReloaded = true;", vec![])
        .await
        .expect("mark the page");
    assert!(
        live_text(&anna).await.contains("2 entrants"),
        "both entrants listed"
    );

    // The start: the page finds its table by itself and says so.
    wait_until(
        &anna,
        "document.querySelector('#tournament-live .notice a[href^=\"/games/\"]')",
        "Anna's page to announce her table",
        Duration::from_secs(LEAD_SECONDS + 45),
    )
    .await;
    let at_start = standings(&anna).await;
    assert_eq!(at_start.len(), 2, "{at_start:?}");
    assert!(
        at_start.iter().all(|(_, points)| points == "0"),
        "nobody has points before a table ends: {at_start:?}"
    );
    let game: String = anna
        .execute(
            "return document.querySelector('#tournament-live .notice a').getAttribute('href');",
            vec![],
        )
        .await
        .expect("the table's link")
        .as_str()
        .expect("a path")
        .to_string();
    assert!(
        live_text(&anna).await.contains("Round 1 of 1"),
        "the status names the round"
    );

    // Beat resigns his game at the table; with one person left it ends, Anna first.
    beat.goto(&server.url(&game)).await.expect("Beat's table");
    let (status, answer) = post_from_page(&beat, &format!("/api{game}/resign"), json!(null)).await;
    assert_eq!(status, 200, "{answer}");

    wait_until(
        &anna,
        "[...document.querySelectorAll('#tournament-live dd')].some(d => d.textContent.trim() === 'Finished')",
        "Anna's page to show the tournament over",
        Duration::from_secs(45),
    )
    .await;
    assert_eq!(
        standings(&anna).await,
        vec![
            ("anna".to_string(), "3".to_string()),
            ("beat".into(), "0".into())
        ],
        "the winner's 3 points, then the other's 0"
    );
    let text = live_text(&anna).await;
    assert!(
        text.contains("anna – won with"),
        "the table's result: {text}"
    );
    assert!(
        text.contains("Replay"),
        "a link to the game's replay: {text}"
    );
    assert!(
        !text.contains("Your table is ready"),
        "no table is announced once it is over"
    );
    let stayed = anna
        .execute("return window.neverReloaded === true;", vec![])
        .await
        .expect("the mark");
    assert_eq!(
        stayed,
        json!(true),
        "the page updated itself without a reload"
    );
    screenshot(&anna, "tournament").await;

    // The finished tournament's page and the list of tournaments on a desk and on a phone, in
    // English and German: nothing is cut off or scrolls sideways.
    for (client, screen) in [(&anna, "desk"), (&beat, "phone")] {
        for lang in ["en", "de"] {
            for page in [path.as_str(), "/tournaments"] {
                let faults =
                    sideways_faults(client, &server.url(&format!("{page}?lang={lang}"))).await;
                assert!(
                    faults.is_empty(),
                    "{page} on a {screen} in {lang}:\n{}",
                    faults.join("\n")
                );
            }
        }
    }
    beat.goto(&server.url("/tournaments?lang=en"))
        .await
        .expect("the list of tournaments");
    beat.execute(
        "document.querySelector('table.tournaments').scrollIntoView();",
        vec![],
    )
    .await
    .expect("show the finished tournament");
    screenshot(&beat, "tournaments-phone").await;
    beat.goto(&server.url(&format!("{path}?lang=en")))
        .await
        .expect("the tournament's page");
    screenshot(&beat, "tournament-phone").await;

    anna.close().await.expect("close Anna's browser");
    beat.close().await.expect("close Beat's browser");
}
