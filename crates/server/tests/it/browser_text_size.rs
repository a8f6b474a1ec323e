//! The size of the table's text, in headless Chromium: at a laptop's 1366 × 768 every text a
//! person reads on the table is drawn at least 10 CSS px high, and on a phone's 390 × 844 at least
//! 12, with two, three and four players, at the first decision of the setup and at the first of
//! round 1, each village drawn large (on the laptop) or shown (on the phone) in turn. A text's
//! size is its computed font size times the scale its SVG draws it at (the screen's transform).
//! A village drawn small shows shapes and colours only, no text. The few texts left smaller
//! are [`EXCEPTIONS`], each with its reason. One server; Anna plays on the laptop and a visitor
//! watches the same game on the phone. Saves `docs/screenshots/text-1366-3p.png`.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::Client;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::json;

use browser_support::{
    click_random_legal, fault_words, game_id, plays_against_bots, register, screenshot,
    table_state, turn_forced_steps_off, wait_until, Browser, TestServer, SETTLE,
};

/// A laptop's window and the smallest text there, in CSS px.
const DESK: (u32, u32, f64) = (1366, 768, 10.0);
/// A phone's window and the smallest text there.
const PHONE: (u32, u32, f64) = (390, 844, 12.0);

/// Texts drawn smaller than the sizes above, each (a CSS selector of the element or one around
/// it, why).
const EXCEPTIONS: &[(&str, &str)] = &[];

/// The texts of the table drawn smaller than `smallest` px that are not [`EXCEPTIONS`], one
/// line each with its size and where it is; then the number of distinct texts measured. Each
/// village is drawn large (or shown, on a phone) in turn, and the one shown before is shown
/// again after.
async fn small_texts(client: &Client, smallest: f64) -> (Vec<String>, u64) {
    let found = client
        .execute(
            &[
                SETTLE,
                "const [smallest, exceptions] = arguments;
                 const table = document.getElementById('table');
                 const below = new Map(), seen = new Set();
                 const measure = () => {
                   const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
                   for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                     const text = node.textContent.trim().replace(/\\s+/g, ' ');
                     const el = node.parentElement;
                     if (!text || el.closest('title, .visually-hidden')) continue;
                     if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
                     let size = parseFloat(getComputedStyle(el).fontSize);
                     if (el instanceof SVGGraphicsElement) {
                       const m = el.getScreenCTM();
                       size *= Math.hypot(m.a, m.b);
                     }
                     seen.add(text);
                     const village = el.closest('.panel.village');
                     if (village && el.closest('svg') && village.dataset.village !== table.dataset.villageShown) {
                       below.set(text, { size, where: 'drawn in the small village ' + village.id });
                       continue;
                     }
                     if (size >= smallest - 0.05 || exceptions.some(([css]) => el.closest(css))) continue;
                     const where = (el.closest('[id]') || el).id + ' .' + (el.getAttribute('class') || el.tagName);
                     if (!below.has(text) || below.get(text).size > size) below.set(text, { size, where });
                   }
                 };
                 const shown = table.dataset.villageShown;
                 for (const village of table.querySelectorAll('.panel.village')) {
                   table.dataset.villageShown = village.dataset.village;
                   measure();
                 }
                 table.dataset.villageShown = shown;
                 return {
                   below: Array.from(below, ([text, { size, where }]) =>
                     size.toFixed(1) + ' px: ' + text.slice(0, 40) + ' (' + where + ')').sort(),
                   seen: seen.size,
                 };",
            ]
            .concat(),
            vec![json!(smallest), json!(EXCEPTIONS)],
        )
        .await
        .expect("measure the text");
    (
        fault_words(&found["below"]),
        found["seen"].as_u64().expect("a count"),
    )
}

/// Waits until the table in `client` shows Anna's turn (at version `after` or later), then says
/// whether it is set up: the start buildings all placed.
async fn annas_turn(client: &Client, after: u64) -> bool {
    wait_until(
        client,
        &format!(
            "(() => {{ const r = document.querySelector('#table .table-root');
               return r && Number(r.dataset.version) >= {after} && r.dataset.yourTurn === 'true'
                 && !document.getElementById('table').classList.contains('pending'); }})()"
        ),
        "anna's turn",
        Duration::from_secs(30),
    )
    .await;
    let set_up = client
        .execute(
            "return !document.querySelector('#table .start-building-tile, #t-display .panel-subheading');",
            vec![],
        )
        .await
        .expect("the setup");
    set_up.as_bool().expect("a boolean")
}

/// The small texts at this moment on the laptop (Anna's) and on the phone (the visitor's, once
/// it shows the same version), each named by `moment`; their numbers are printed.
async fn check_both(anna: &Client, visitor: &Client, moment: &str) -> Vec<String> {
    let version = table_state(anna).await.expect("anna's table").version;
    wait_until(
        visitor,
        &format!(
            "(() => {{ const r = document.querySelector('#table .table-root');
               return r && Number(r.dataset.version) >= {version}; }})()"
        ),
        "the visitor's table",
        Duration::from_secs(20),
    )
    .await;
    let mut faults = Vec::new();
    for (client, (width, height, smallest)) in [(anna, DESK), (visitor, PHONE)] {
        let (small, seen) = small_texts(client, smallest).await;
        println!(
            "{moment} at {width}x{height}: {} of {seen} distinct texts below {smallest} px",
            small.len()
        );
        faults.extend(
            small
                .into_iter()
                .map(|fault| format!("{moment} at {width}x{height}: {fault}")),
        );
    }
    faults
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tables_text_is_readable_on_a_laptop_and_a_phone() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(DESK.0, DESK.1).await;
    let visitor = browser.session(PHONE.0, PHONE.1).await;
    register(&anna, &server, "anna").await;
    turn_forced_steps_off(&anna).await;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut faults = Vec::new();
    for players in [2u8, 3, 4] {
        anna.goto(&server.url("/lobby?lang=en"))
            .await
            .expect("the lobby");
        plays_against_bots(&anna, players, 1).await;
        let id = game_id(&anna).await;
        visitor
            .goto(&server.url(&format!("/games/{id}?lang=en")))
            .await
            .expect("the game on the phone");
        annas_turn(&anna, 0).await;
        faults.extend(check_both(&anna, &visitor, &format!("{players} players, setup")).await);
        // Anna decides until the villages are set up and round 1 begins.
        let mut decisions = 0;
        loop {
            let version = table_state(&anna).await.expect("anna's table").version;
            click_random_legal(&anna, &mut rng).await;
            decisions += 1;
            assert!(decisions < 40, "no round 1 after {decisions} decisions");
            if annas_turn(&anna, version + 1).await {
                break;
            }
        }
        if players == 3 {
            screenshot(&anna, "text-1366-3p").await;
        }
        faults.extend(check_both(&anna, &visitor, &format!("{players} players, round 1")).await);
    }
    assert!(
        faults.is_empty(),
        "{} texts too small:\n{}",
        faults.len(),
        faults.join("\n")
    );
    anna.close().await.expect("close anna's browser");
    visitor.close().await.expect("close the visitor's browser");
}
