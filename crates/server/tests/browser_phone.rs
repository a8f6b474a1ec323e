//! The game page on a 390 × 844 phone in headless Chromium: a four-player game against three
//! bots, measured from the DOM. The prompt stays on screen with a choice, every tap target is at
//! least 44 × 44 px, the panels' text is at least 12 px, the village tabs show one village and
//! keep it across table updates, and decisions are made by tapping.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

mod browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    click_random_legal, create_game, game_id, register, table_state, wait_until, Browser,
    TestServer,
};

const PHONE: (u32, u32) = (390, 844);

/// Everything on the page that falls short on a phone, in words; empty when all is well.
/// The page must show the viewer's turn.
async fn phone_faults(client: &Client) -> Vec<String> {
    let faults = client
        .execute(
            "const faults = [];
             const seen = el => el.checkVisibility() && el.getBoundingClientRect().width > 0
               && el.getBoundingClientRect().right > 0;
             const name = el => el.tagName + '.' + (el.getAttribute('class') || '') + ' '
               + (el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30));
             const targets = '#table [data-action]:not(.chooser [data-action]), #table [data-chooser]';
             for (const el of document.querySelectorAll('button, a, select, ' + targets)) {
               if (!seen(el)) continue;
               const r = el.getBoundingClientRect();
               // 44 px, the smallest a finger hits, with room for rounding.
               if (r.width < 43.5 || r.height < 43.5)
                 faults.push('tap target ' + Math.round(r.width) + 'x' + Math.round(r.height) + ': ' + name(el));
             }
             for (const text of document.querySelectorAll('#table .panel svg text, #table .prompt svg text')) {
               if (!seen(text) || !text.textContent.trim()) continue;
               const m = text.getScreenCTM();
               const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(m.a, m.b);
               if (size < 11.95) faults.push('text ' + size.toFixed(1) + ' px: ' + name(text));
             }
             for (const village of document.querySelectorAll('#table .panel.village')) {
               const tab = document.querySelector('#table [data-village-tab=\"' + village.dataset.village + '\"]');
               if (village.querySelector(targets) && getComputedStyle(tab).outlineStyle === 'none')
                 faults.push('the tab of a village with a target is not marked: ' + name(tab));
             }
             const header = document.querySelector('.site-header').getBoundingClientRect();
             if (header.height > 60) faults.push('the header is ' + header.height + ' px tall');
             const inView = el => { const r = el.getBoundingClientRect();
               return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth; };
             const prompt = document.querySelector('#table .prompt');
             window.scrollTo(0, document.documentElement.scrollHeight);
             if (!inView(prompt)) faults.push('the prompt leaves the screen at the page end');
             window.scrollTo(0, 0);
             if (!inView(prompt)) faults.push('the prompt is off the screen at the page top');
             const choices = Array.from(document.querySelectorAll(targets)).filter(seen);
             const onScreen = choices.find(choice => {
               choice.scrollIntoView({block: 'center', inline: 'center'});
               const r = choice.getBoundingClientRect();
               const x = r.left + r.width / 2, y = r.top + r.height / 2;
               return x >= 0 && x <= window.innerWidth && y >= 0 && y <= window.innerHeight
                 && choice.contains(document.elementFromPoint(x, y)) && inView(prompt);
             });
             if (!onScreen) faults.push('no choice can be seen and tapped together with the prompt');
             window.scrollTo(0, 0);
             return faults;",
            vec![],
        )
        .await
        .expect("measure the page");
    faults
        .as_array()
        .expect("a list")
        .iter()
        .map(|f| f.as_str().unwrap_or_default().to_string())
        .collect()
}

/// The villages shown in `client`'s table, by index.
async fn shown_villages(client: &Client) -> Vec<u64> {
    let shown = client
        .execute(
            "return Array.from(document.querySelectorAll('#table .panel.village'))
               .filter(v => v.checkVisibility()).map(v => Number(v.dataset.village));",
            vec![],
        )
        .await
        .expect("the shown villages");
    shown
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_u64().expect("an index"))
        .collect()
}

/// Taps the tab of village `index`.
async fn tap_tab(client: &Client, index: u64) {
    client
        .find(Locator::Css(&format!(
            "#table [data-village-tab=\"{index}\"]"
        )))
        .await
        .expect("the village's tab")
        .click()
        .await
        .expect("tap the tab");
}

/// When no legal target can be seen (they are all in a village not shown), taps the tab of a
/// village that holds one, as its outline asks.
async fn show_targets(client: &Client) {
    let village = client
        .execute(
            "const targets = '[data-action]:not(.chooser [data-action]), [data-chooser]';
             if (Array.from(document.querySelectorAll('#table ' + targets)).some(t => t.checkVisibility()))
               return null;
             const holder = Array.from(document.querySelectorAll('#table .panel.village'))
               .find(v => v.querySelector(targets));
             return holder ? Number(holder.dataset.village) : null;",
            vec![],
        )
        .await
        .expect("look for targets");
    if let Some(index) = village.as_u64() {
        tap_tab(client, index).await;
    }
}

async fn wait_for_turn(client: &Client) {
    wait_until(
        client,
        "(() => { const r = document.querySelector('#table .table-root');
           return r && (r.dataset.yourTurn === 'true' || r.dataset.status === 'finished'); })()",
        "anna's turn",
        Duration::from_secs(60),
    )
    .await;
}

/// Taps one decision in `client`'s table and waits for the table it leads to.
async fn tap_a_decision(client: &Client, rng: &mut ChaCha8Rng) {
    wait_for_turn(client).await;
    let before = table_state(client).await.expect("the table").version;
    show_targets(client).await;
    click_random_legal(client, rng).await;
    wait_until(
        client,
        &format!("Number(document.querySelector('#table .table-root').dataset.version) > {before}"),
        "the table after a tap",
        Duration::from_secs(30),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_game_works_on_a_phone() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(PHONE.0, PHONE.1).await;
    register(&anna, &server, "anna").await;
    create_game(
        &anna,
        4,
        &["me", "bot:random", "bot:random", "bot:random"],
        2,
    )
    .await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/') && document.getElementById('table')
           && document.getElementById('table').dataset.connected === 'true'",
        "the game page",
        Duration::from_secs(30),
    )
    .await;
    let id = game_id(&anna).await;
    wait_for_turn(&anna).await;

    // The viewer's own village comes first, alone.
    let seat: u64 = anna
        .execute(
            "return Number(document.getElementById('table').dataset.seat);",
            vec![],
        )
        .await
        .expect("anna's seat")
        .as_u64()
        .expect("a seat");
    assert_eq!(
        shown_villages(&anna).await,
        vec![seat],
        "her own village first"
    );

    let faults = phone_faults(&anna).await;
    assert!(faults.is_empty(), "on a phone:\n{}", faults.join("\n"));

    // A visitor watching on a phone picks another village; it stays through the next table.
    let watcher = browser.session(PHONE.0, PHONE.1).await;
    watcher
        .goto(&server.url(&format!("/games/{id}")))
        .await
        .expect("open the game");
    wait_until(
        &watcher,
        "document.getElementById('table') && document.getElementById('table').dataset.connected === 'true'
           && document.querySelector('#table .table-root')",
        "the watcher's table",
        Duration::from_secs(30),
    )
    .await;
    let other = (seat + 2) % 4;
    tap_tab(&watcher, other).await;
    assert_eq!(shown_villages(&watcher).await, vec![other], "after the tap");
    let seen = table_state(&watcher).await.expect("the table").version;

    let mut rng = ChaCha8Rng::seed_from_u64(390);
    tap_a_decision(&anna, &mut rng).await;
    wait_until(
        &watcher,
        &format!("Number(document.querySelector('#table .table-root').dataset.version) > {seen}"),
        "the watcher's next table",
        Duration::from_secs(30),
    )
    .await;
    assert_eq!(
        shown_villages(&watcher).await,
        vec![other],
        "the chosen village after an update"
    );
    let pressed = watcher
        .find(Locator::Css(&format!(
            "#table [data-village-tab=\"{other}\"]"
        )))
        .await
        .expect("the tab")
        .attr("aria-pressed")
        .await
        .expect("its state");
    assert_eq!(pressed.as_deref(), Some("true"));
    watcher.close().await.expect("close the watcher");

    // A few more decisions by tapping, each measured first.
    for _ in 0..6 {
        wait_for_turn(&anna).await;
        if table_state(&anna).await.expect("the table").finished {
            break;
        }
        show_targets(&anna).await;
        let faults = phone_faults(&anna).await;
        assert!(faults.is_empty(), "on a phone:\n{}", faults.join("\n"));
        tap_a_decision(&anna, &mut rng).await;
    }
    anna.close().await.expect("close the browser");
}
