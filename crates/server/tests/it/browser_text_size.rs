//! The size of the table's text, in headless Chromium: at a laptop's 1366 × 768 every text a
//! person reads on the table is drawn at least 10 CSS px high, and on a phone's 390 × 844 at least
//! 12, with two, three and four players, at the first decision of the setup, at Anna's first
//! start building to place and at her first decision of round 1, and in a game stored at a
//! later position where a village's ring 1 is full (drawn whole, at its own scale), each
//! village drawn large (on the laptop) or shown (on the phone) in turn. A text's size is its computed font size times
//! the scale its SVG draws it at (the screen's transform). A village drawn small shows shapes
//! and colours only, no text. The few texts left smaller are those `browser_support::text_size`
//! lists, each with its reason; the words of a stack on offer, and those of a building that a
//! village drawn whole words by its product alone, stand whole under it while the keyboard's
//! focus is on it. One server per test; Anna plays on the laptop and a visitor watches the
//! same game on the phone. Saves `docs/screenshots/text-1366-3p.png` (round 1),
//! `text-1366-3p-setup.png` (Anna's start buildings to place), `text-1366-3p-detail.png` (a
//! stack's detail) and `text-1366-ring2.png` (the village grown past ring 1).
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::Client;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::json;

use browser_support::{
    click, click_random_legal, confirm_if_asked, fault_words, game_id, plays_against_bots, press,
    register, screenshot, small_texts, store_game_with_a_full_ring_1, table_state,
    turn_forced_steps_off, wait_until, Browser, TestServer,
};
use fantoccini::Locator;
use helvetia_server::storage::UserRecord;

/// A laptop's window and the smallest text there, in CSS px.
const DESK: (u32, u32, f64) = (1366, 768, 10.0);
/// A phone's window and the smallest text there.
const PHONE: (u32, u32, f64) = (390, 844, 12.0);

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
    holds(
        client,
        "!document.querySelector('#table .start-building-tile, #t-display .panel-subheading')",
    )
    .await
}

/// Whether Anna's own village holds start buildings still to place.
async fn placing(client: &Client) -> bool {
    holds(
        client,
        "!!document.querySelector('#t-village-' + document.getElementById('table').dataset.seat
           + ' .start-building-tile')",
    )
    .await
}

/// Whether `script` (a JavaScript expression) is true in the page now.
async fn holds(client: &Client, script: &str) -> bool {
    let holds = client
        .execute(&format!("return {script};"), vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"));
    holds == json!(true)
}

/// What falls short in the detail of a stack on offer (its words, drawn small, shown whole while
/// the keyboard's focus is on it): shown at least 10 px with the stack's title, and gone with
/// the focus; pictured as `picture` if named. The page must offer a stack (the draft's first
/// decision).
async fn detail_faults(client: &Client, picture: Option<&str>) -> Vec<String> {
    let focused = holds(
        client,
        "(() => { const stack = document.querySelector('#t-display [data-action], #t-display [data-chooser]');
            if (stack) stack.focus();
            return !!stack && document.activeElement === stack; })()",
    )
    .await;
    if !focused {
        return vec!["no stack on offer takes the focus".into()];
    }
    // A key pressed there: the person uses the keyboard.
    press(client, "\u{E008}").await;
    if let Some(name) = picture {
        screenshot(client, name).await;
    }
    let faults = client
        .execute(
            "const faults = [];
             const stack = document.activeElement;
             const detail = document.querySelector('.piece-detail');
             const title = stack.querySelector('g[data-kind] > title').textContent;
             if (!detail || !detail.checkVisibility()) faults.push('no detail with the focus on ' + title);
             else {
               const size = parseFloat(getComputedStyle(detail).fontSize);
               if (size < 10) faults.push('the detail is ' + size + ' px');
               if (detail.textContent !== title) faults.push('the detail says ' + detail.textContent + ', not ' + title);
               const r = detail.getBoundingClientRect();
               if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth)
                 faults.push('the detail is out of the window');
             }
             stack.blur();
             if (detail && detail.checkVisibility()) faults.push('the detail stays without the focus');
             return faults;",
            vec![],
        )
        .await
        .expect("the stack's detail");
    fault_words(&faults)
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
        let picture = (players == 3).then_some("text-1366-3p-detail");
        faults.extend(detail_faults(&anna, picture).await);
        // Anna decides until the villages are set up and round 1 begins.
        let mut decisions = 0;
        let mut placed = false;
        loop {
            if !placed && placing(&anna).await {
                placed = true;
                if players == 3 {
                    screenshot(&anna, "text-1366-3p-setup").await;
                }
                let moment = format!("{players} players, placing");
                faults.extend(check_both(&anna, &visitor, &moment).await);
            }
            let version = table_state(&anna).await.expect("anna's table").version;
            click_random_legal(&anna, &mut rng).await;
            decisions += 1;
            assert!(decisions < 40, "no round 1 after {decisions} decisions");
            if annas_turn(&anna, version + 1).await {
                break;
            }
        }
        assert!(placed, "anna placed no start building");
        if players == 3 {
            screenshot(&anna, "text-1366-3p").await;
        }
        faults.extend(check_both(&anna, &visitor, &format!("{players} players, round 1")).await);
    }
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
    anna.close().await.expect("close anna's browser");
    visitor.close().await.expect("close the visitor's browser");
}

/// The id of the game stored with a village grown past ring 1.
const GROWN: &str = "ab12cd34ef56";

/// Whether the page draws `village` whole: the free cells of its ring 2 (the grid's outer
/// ring) are drawn, as they are once ring 1 is full.
async fn drawn_whole(client: &Client, village: usize) -> bool {
    holds(
        client,
        &format!("document.querySelectorAll('#t-village-{village} .free-cell.ring2').length > 0"),
    )
    .await
}

/// What falls short in the detail of a building worded by its product alone (in a village
/// drawn whole): once Anna has taken the Trader and chooses a building to work in, the first
/// such building's words (its title: name and product) stand whole in the detail while the
/// keyboard's focus is on it.
async fn building_detail_faults(client: &Client) -> Vec<String> {
    let version = table_state(client).await.expect("anna's table").version;
    let trader = client
        .find(Locator::Css(
            "#t-characters [data-action][aria-label*='Trader']",
        ))
        .await
        .expect("the Trader on offer");
    click(client, &trader).await;
    confirm_if_asked(client).await;
    annas_turn(client, version + 1).await;
    let focused = holds(
        client,
        "(() => { const cell = Array.from(document.querySelectorAll('.panel.village [data-action]'))
                    .find(el => el.querySelector('g[data-words=product]'));
            if (cell) cell.focus();
            return !!cell && document.activeElement === cell; })()",
    )
    .await;
    if !focused {
        return vec!["no building worded by its product takes the focus".into()];
    }
    // A key pressed there: the person uses the keyboard.
    press(client, "\u{E008}").await;
    let faults = client
        .execute(
            "const faults = [];
             const cell = document.activeElement;
             const detail = document.querySelector('.piece-detail');
             const title = cell.querySelector('g[data-words=product] > title').textContent;
             if (!detail || !detail.checkVisibility()) faults.push('no detail with the focus on ' + title);
             else if (detail.textContent !== title) faults.push('the detail says ' + detail.textContent + ', not ' + title);
             return faults;",
            vec![],
        )
        .await
        .expect("the building's detail");
    fault_words(&faults)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_village_grown_past_ring_1_is_readable_on_a_laptop_and_a_phone() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(DESK.0, DESK.1).await;
    let visitor = browser.session(PHONE.0, PHONE.1).await;
    register(&anna, &server, "anna").await;
    let store = &server.nodes[0].state.store;
    let annas = store.user_by_name("anna").await.unwrap().expect("anna");
    let beat = UserRecord {
        id: "beat-account".into(),
        username: "beat".into(),
        password_hash: "x".into(),
        bot: false,
    };
    store.create_user(&beat, "en", 0).await.unwrap();
    let village = store_game_with_a_full_ring_1(store, GROWN, 5, [&annas, &beat]).await;
    let village = village.index();
    for client in [&anna, &visitor] {
        client
            .goto(&server.url(&format!("/games/{GROWN}?lang=en")))
            .await
            .expect("the game");
        wait_until(
            client,
            "document.querySelector('#table .table-root') && !document.getElementById('table').classList.contains('pending')",
            "the table",
            Duration::from_secs(30),
        )
        .await;
        assert!(
            drawn_whole(client, village).await,
            "village {village} is drawn whole"
        );
    }
    // The grown village drawn large on the laptop, as a click on its thumbnail shows it.
    holds(
        &anna,
        &format!(
            "(document.getElementById('table').dataset.villageShown = '{village}') === '{village}'"
        ),
    )
    .await;
    screenshot(&anna, "text-1366-ring2").await;
    let mut faults = check_both(&anna, &visitor, "ring 1 full").await;
    faults.extend(building_detail_faults(&anna).await);
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
    anna.close().await.expect("close anna's browser");
    visitor.close().await.expect("close the visitor's browser");
}
