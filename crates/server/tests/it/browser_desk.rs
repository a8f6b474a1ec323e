//! The game table on a desk, in headless Chromium: games against bots at 1366 × 768 (four and
//! two players) and 1920 × 1080 (three players), measured from the DOM at every decision of the
//! person who plays. The page is never scrolled (`window.scrollY` stays 0: the table fits the
//! screen below the page's header, nothing is brought into view by scrolling the page) and
//! nothing scrolls sideways, neither the page nor a panel. Unscrolled, the prompt, the board
//! (characters, buildings on offer, market, round and score track), the person's own village,
//! the newest line of the log and every highlighted target of the decision are inside the
//! window together, and the own village is the one drawn large whenever it holds a target.
//! Every target is at least 24 × 24 px and uncovered where it is drawn, or, in a village drawn
//! small, once that village is shown large (the table's own way to bring it into view: a click
//! on the small village). Every text of the table is drawn at least 10 px high, but for the
//! exceptions `browser_support::text_size` lists; a village drawn small shows shapes and
//! colours, with its name as a caption. Once a game, in round 2, a click on another village's caption draws it
//! large and the others small, and a click on the own village's caption brings it back. At the
//! end, the final position is drawn as large as during the game with the scores beside it, and
//! the replay's board, step buttons and prompt share the window, a step forward included. The
//! windows are of the sizes named; their pages are 1366 × 625 and 1920 × 937 px. Saves
//! `docs/screenshots/desk-1366-4p.png`, `desk-1366-2p.png` and `desk-1920-3p.png`.
//!
//! At 1366 × 768 the page's header keeps one row in every language for a person with a name of
//! 20 characters while the header counts a game awaiting them, so the table is not pushed down.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    anna_plays_against_bots, board_width, click_random_legal, create_game, end_screen_faults,
    fault_words, game_id, past_round_one, register, replay_faults, screenshot, small_texts,
    table_state, wait_until, Browser, TestServer, SETTLE,
};

/// Everything at this decision that falls short of the desk layout, in words; empty when all is
/// well. The page must show the viewer's turn.
async fn desk_faults(client: &Client, width: u32) -> Vec<String> {
    let faults = client
        .execute(
            &[
                SETTLE,
                "const width = arguments[0];
             const faults = [];
             if (window.innerWidth !== width) faults.push('the window is ' + window.innerWidth + ' px wide, not ' + width);
             if (window.scrollY !== 0 || window.scrollX !== 0)
               faults.push('the page is scrolled to ' + window.scrollX + ',' + window.scrollY);
             if (document.documentElement.scrollWidth > window.innerWidth)
               faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
             const table = document.getElementById('table');
             for (const part of table.querySelectorAll('.panel, .prompt, .log-lines, .end-screen'))
               if (part.scrollWidth > part.clientWidth + 1)
                 faults.push((part.id || part.className) + ' scrolls sideways: ' + part.scrollWidth + ' px in ' + part.clientWidth);
             const name = el => (el.closest('[id]') || el).id + ' ' + (el.getAttribute('aria-label') || el.textContent.trim()).slice(0, 50);
             const box = r => Math.round(r.left) + ',' + Math.round(r.top) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
             const inView = r => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= window.innerHeight + 0.5 && r.right <= window.innerWidth + 0.5;
             const seat = table.dataset.seat;
             const own = document.getElementById('t-village-' + seat);
             const shouldSee = [table.querySelector('.prompt'), own].concat(
               ['t-characters', 't-display', 't-market', 't-status'].map(id => document.getElementById(id)));
             for (const el of shouldSee)
               if (!el || !el.checkVisibility() || !inView(el.getBoundingClientRect()))
                 faults.push('not in view: ' + (el ? el.id + ' at ' + box(el.getBoundingClientRect()) : 'a part of the table is missing'));
             // The newest line of the log, or the line that says it is still empty.
             const lines = table.querySelector('#log .log-lines') || table.querySelector('#log');
             const newest = Array.from(table.querySelectorAll('#log .log-lines p, #log > p')).pop();
             if (!newest) faults.push('the log has no line');
             else {
               const r = newest.getBoundingClientRect(), room = lines.getBoundingClientRect();
               if (!inView(r) || r.top < room.top - 0.5 || r.bottom > room.bottom + 0.5)
                 faults.push('the newest log line is out of view at ' + box(r) + ', the log at ' + box(room));
             }
             const targets = Array.from(table.querySelectorAll('[data-action]:not(.chooser [data-action]), [data-chooser]'))
               .filter(t => t.checkVisibility());
             if (!targets.length) faults.push('no target is shown');
             for (const target of targets)
               if (!inView(target.getBoundingClientRect()))
                 faults.push('a target is out of view: ' + name(target) + ' at ' + box(target.getBoundingClientRect()));
             const holds = village => village.querySelector('[data-action], [data-chooser]');
             if (own && holds(own) && table.dataset.villageShown !== seat)
               faults.push('the own village holds a target but village ' + table.dataset.villageShown + ' is drawn large');
             // Each target as large as a finger or a mouse needs and uncovered, once its village
             // (if it is in one drawn small) is shown large by a click on it.
             const large = table.dataset.villageShown;
             const show = village => village.querySelector('.player-name')
               .dispatchEvent(new MouseEvent('click', { bubbles: true }));
             for (const target of targets) {
               const village = target.closest('.panel.village');
               if (village && village.dataset.village !== table.dataset.villageShown) show(village);
               const r = target.getBoundingClientRect();
               const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
               if (r.width < 23.5 || r.height < 23.5)
                 faults.push('a target is ' + box(r) + ': ' + name(target));
               if (!inView(r)) faults.push('a target shown large is out of view: ' + name(target) + ' at ' + box(r));
               else if (!hit || !target.contains(hit))
                 faults.push('a target is covered at its centre by ' + (hit ? name(hit) : 'nothing') + ': ' + name(target));
               if (window.scrollY !== 0) faults.push('showing a village scrolled the page: ' + name(target));
             }
             if (table.dataset.villageShown !== large)
               show(document.getElementById('t-village-' + large));
             return faults;",
            ]
            .concat(),
            vec![serde_json::json!(width)],
        )
        .await
        .expect("measure the page");
    // Text a person reads is at least 10 px, but for the exceptions listed with the check; a
    // village drawn small shows no text.
    let (small, _) = small_texts(client, 10.0).await;
    fault_words(&faults).into_iter().chain(small).collect()
}

/// Shows village `village` large with a click on its caption, as a person does on a thumbnail, and
/// checks that it is then drawn large, in view, the others small, without the page scrolling.
async fn show_large(client: &Client, village: &str) {
    client
        .find(Locator::Css(&format!(
            "#t-village-{village} .village-caption"
        )))
        .await
        .expect("the village's name")
        .click()
        .await
        .expect("click the village");
    let faults = client
        .execute(
            "const village = arguments[0], table = document.getElementById('table');
             const faults = [];
             if (table.dataset.villageShown !== village)
               faults.push('village ' + table.dataset.villageShown + ' is drawn large, not ' + village);
             if (window.scrollY !== 0) faults.push('the page scrolled to ' + window.scrollY);
             const large = document.getElementById('t-village-' + village).getBoundingClientRect();
             if (large.top < 0 || large.bottom > window.innerHeight || large.right > window.innerWidth)
               faults.push('the village is out of view');
             for (const other of table.querySelectorAll('.panel.village'))
               if (other.dataset.village !== village && other.getBoundingClientRect().width * 2.5 > large.width)
                 faults.push('village ' + other.dataset.village + ' is not drawn small beside it');
             return faults;",
            vec![serde_json::json!(village)],
        )
        .await
        .expect("measure the villages");
    assert_eq!(
        faults,
        serde_json::json!([]),
        "after a click on village {village}"
    );
}

/// Plays a game of `players` (the person and bots) in a `width` × `height` window with a
/// round limit of `rounds`, measuring every decision of the person; saves a screenshot as
/// `name` at the first decision of round 2.
async fn play_on_a_desk(players: u8, (width, height): (u32, u32), rounds: u16, name: &str) {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(width, height).await;
    anna_plays_against_bots(&anna, &server, players, rounds).await;

    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(width) + u64::from(players));
    let mut decisions = 0;
    let mut pictured = false;
    let mut running_width = f64::INFINITY;
    loop {
        wait_until(
            &anna,
            "(() => { const r = document.querySelector('#table .table-root');
               return r && (r.dataset.yourTurn === 'true' || r.dataset.status === 'finished')
                 && !document.getElementById('table').classList.contains('pending'); })()",
            "anna's turn or the end",
            Duration::from_secs(60),
        )
        .await;
        let state = table_state(&anna).await.expect("the table");
        assert!(
            state.error.is_empty(),
            "the server refused: {}",
            state.error
        );
        if state.finished {
            break;
        }
        let faults = desk_faults(&anna, width).await;
        assert!(
            faults.is_empty(),
            "{players} players at {width}x{height}, decision {decisions}:\n{}",
            faults.join("\n")
        );
        // The board's smallest scale in the game (the more buildings on offer, the smaller).
        running_width = running_width.min(board_width(&anna).await);
        if !pictured && past_round_one(&anna).await {
            pictured = true;
            screenshot(&anna, name).await;
            // Another village is shown large with a click, and the own one again.
            let seat = anna
                .execute(
                    "return document.getElementById('table').dataset.seat;",
                    vec![],
                )
                .await
                .expect("the seat");
            let seat = seat.as_str().expect("a seat").to_string();
            let other = if seat == "0" { "1" } else { "0" };
            show_large(&anna, other).await;
            show_large(&anna, &seat).await;
        }
        click_random_legal(&anna, &mut rng).await;
        decisions += 1;
        assert!(decisions < 400, "no end after {decisions} decisions");
        wait_until(
            &anna,
            &format!(
                "(() => {{ const r = document.querySelector('#table .table-root');
                   const b = document.querySelector('.error-banner');
                   return (r && Number(r.dataset.version) > {}) || (b && !b.hidden); }})()",
                state.version
            ),
            "the table after a decision",
            Duration::from_secs(30),
        )
        .await;
    }
    assert!(pictured, "the game reached round 2");
    assert!(decisions >= 10, "only {decisions} decisions");
    // The end: the final position as large as during the game, the scores beside it; then the
    // replay, its board under the step buttons.
    let faults = end_screen_faults(&anna, true, running_width, name).await;
    assert!(
        faults.is_empty(),
        "the end screen at {width}x{height}:\n{}",
        faults.join("\n")
    );
    let id = game_id(&anna).await;
    let faults = replay_faults(&anna, &server.base, &id, true, name).await;
    assert!(
        faults.is_empty(),
        "the replay at {width}x{height}:\n{}",
        faults.join("\n")
    );
    anna.close().await.expect("close the browser");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_decision_of_a_four_player_game_fits_a_1366_by_768_screen() {
    play_on_a_desk(4, (1366, 768), 2, "desk-1366-4p").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_decision_of_a_two_player_game_fits_a_1366_by_768_screen() {
    play_on_a_desk(2, (1366, 768), 2, "desk-1366-2p").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_decision_of_a_three_player_game_fits_a_1920_by_1080_screen() {
    play_on_a_desk(3, (1920, 1080), 2, "desk-1920-3p").await;
}

/// A person with a name of 20 characters, a game awaiting them: at 1366 × 768 the header holds
/// the brand, every link and button of the navigation, the count of games awaiting them and the
/// language switch on one row, in each of the five languages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_header_keeps_one_row_at_1366_px_in_every_language() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let client = browser.session(1366, 768).await;
    let name = "Wilhelmina_Tellmann2";
    assert_eq!(name.chars().count(), 20);
    register(&client, &server, name).await;
    create_game(&client, 2, &["me", "bot:random"], 2).await;
    wait_until(
        &client,
        "location.pathname.startsWith('/games/') && document.getElementById('table')",
        "the game page",
        Duration::from_secs(30),
    )
    .await;
    let id = game_id(&client).await;
    for lang in ["en", "de", "fr", "it", "zh"] {
        client
            .goto(&server.url(&format!("/games/{id}?lang={lang}")))
            .await
            .expect("open the game");
        wait_until(
            &client,
            &format!(
                "document.documentElement.lang === '{lang}'
                 && !document.querySelector('.site-header .awaiting').hidden"
            ),
            "the header counting the game awaiting the person",
            Duration::from_secs(60),
        )
        .await;
        let faults = client
            .execute(
                &[
                    SETTLE,
                    "const header = document.querySelector('.site-header');
                     const shown = el => el.getClientRects().length > 0;
                     const items = [header.querySelector('.brand')]
                       .concat(Array.from(header.querySelectorAll('.main-nav > *')))
                       .concat(Array.from(header.querySelectorAll('.lang-switch')))
                       .filter(shown);
                     const faults = [];
                     const brand = items[0].getBoundingClientRect();
                     const text = el => (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
                     for (const item of items) {
                       const r = item.getBoundingClientRect();
                       const middle = (r.top + r.bottom) / 2;
                       if (middle < brand.top || middle > brand.bottom)
                         faults.push(text(item) + ' stands on another row: ' + Math.round(r.left) + ',' + Math.round(r.top));
                       if (r.right > window.innerWidth + 0.5)
                         faults.push(text(item) + ' ends at ' + Math.round(r.right) + ' px');
                     }
                     if (!items.some(el => el.classList.contains('user')))
                       faults.push('the name is not shown');
                     if (document.documentElement.scrollWidth > window.innerWidth)
                       faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
                     return faults;",
                ]
                .concat(),
                vec![],
            )
            .await
            .expect("measure the header");
        let faults = fault_words(&faults);
        assert!(
            faults.is_empty(),
            "the header in {lang} at 1366 px:\n{}",
            faults.join("\n")
        );
    }
    client.close().await.expect("close the browser");
}
