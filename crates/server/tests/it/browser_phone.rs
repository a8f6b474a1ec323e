//! The game page on phones in headless Chromium, measured from the DOM: whole games against
//! bots (two players on a 390 × 844 phone, three on a 360 × 740 one) measured at every decision
//! of the person who taps. The table itself brings a target of each decision on screen above
//! the prompt (showing the village that holds it). The prompt stays on screen with a choice,
//! every tap target is at least 44 × 44 px, the panels' text is at least 12 px (11 px on the
//! narrower phone: the same drawing at its width), the log and chat buttons stand inside the
//! prompt's margin, nothing is wider than the screen (neither
//! the page nor a panel: a village comes three cells wide), and decisions are made by tapping.
//! In a four-player game the village tabs show one village and keep it across table updates. A
//! tutorial game on a phone: the coach is on screen, readable, clear of the prompt, and the
//! pieces it lights up can be brought on screen. Saves `docs/screenshots/phone-390-2p.png` and
//! `phone-360-3p.png` (the village on view, in round 2) and `phone-tutorial.png`.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    anna_plays_against_bots, click_random_legal, confirm_if_asked, end_screen_faults, fault_words,
    game_id, past_round_one, register, replay_faults, screenshot, table_state, wait_until, Browser,
    TestServer, SETTLE,
};

const PHONE: (u32, u32) = (390, 844);
/// A narrower phone: the table is drawn at its width, so its text is 360 / 390 as large.
const SMALL_PHONE: (u32, u32) = (360, 740);

/// Everything on the page that falls short on a phone `width` px wide, in words; empty when all
/// is well. The page must show the viewer's turn.
async fn phone_faults(client: &Client, width: u32) -> Vec<String> {
    let faults = client
        .execute(
            &[
                SETTLE,
                "const [width] = arguments;
             const faults = [];
             if (window.innerWidth !== width) faults.push('the screen is ' + window.innerWidth + ' px wide, not ' + width);
             // 12 px on a 390 px phone; a narrower one shows the same drawing smaller.
             const smallest = 12 * Math.min(1, width / 390) - 0.05;
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
               if (size < smallest) faults.push('text ' + size.toFixed(1) + ' px: ' + name(text));
             }
             for (const village of document.querySelectorAll('#table .panel.village')) {
               const tab = document.querySelector('#table [data-village-tab=\"' + village.dataset.village + '\"]');
               if (village.querySelector(targets) && getComputedStyle(tab).outlineStyle === 'none')
                 faults.push('the tab of a village with a target is not marked: ' + name(tab));
             }
             // Nothing is wider than the screen: not the page, not a panel (a village comes
             // three cells wide on a phone).
             if (document.documentElement.scrollWidth > window.innerWidth)
               faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide on a '
                 + window.innerWidth + ' px screen');
             for (const panel of document.querySelectorAll('#table .panel')) {
               if (seen(panel) && panel.scrollWidth > panel.clientWidth + 1)
                 faults.push('panel ' + panel.id + ' is ' + panel.scrollWidth + ' px wide in '
                   + panel.clientWidth + ' px');
             }
             // A board panel's views are drawn at the style sheet's scale (12 px over the size of
             // the panel's smallest text, between 1.2 and 1.5 px a unit on a 390 px phone, as much
             // smaller as a narrower phone is), not stretched to the panel.
             // A village is drawn three cells wide (the narrow layout) across its panel.
             for (const view of document.querySelectorAll('#table .panel.village > svg')) {
               if (!seen(view)) continue;
               if (view.viewBox.baseVal.width !== 200)
                 faults.push('village ' + view.closest('.panel').id + ' drawn ' + view.viewBox.baseVal.width + ' units wide');
             }
             for (const view of document.querySelectorAll('#table .panel svg.view:not(.spacer)')) {
               const scale = view.getBoundingClientRect().width / view.viewBox.baseVal.width;
               if (scale < 1.2 * Math.min(1, width / 390) - 0.005 || scale > 1.5)
                 faults.push('a view of ' + view.closest('.panel').id + ' drawn at ' + scale.toFixed(2) + ' px a unit');
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
             // The log and chat buttons stand in the prompt's margin, not over its edge or the board.
             for (const button of document.querySelectorAll('.log-toggle, .chat-jump')) {
               if (!seen(button)) continue;
               const b = button.getBoundingClientRect(), p = prompt.getBoundingClientRect();
               if (b.top < p.top) faults.push(name(button) + ' stands ' + Math.round(p.top - b.top) + ' px over the prompt');
             }
             // A stack of tiles on offer (start buildings in the draft, buildings on display) is
             // outlined as a target on its front tile, drawn last, not on a tile behind it.
             for (const stack of document.querySelectorAll('#table g.legal > g')) {
               const tiles = Array.from(stack.querySelectorAll(':scope > rect:is(.display-tile, .pool-tile)'));
               if (tiles.length < 2) continue;
               const outlined = tiles.filter(tile => parseFloat(getComputedStyle(tile).strokeWidth) >= 3);
               if (outlined.length !== 1 || outlined[0] !== tiles[tiles.length - 1])
                 faults.push('a stack of ' + tiles.length + ' is outlined on tiles '
                   + outlined.map(tile => tiles.indexOf(tile) + 1).join(', ') + ' of ' + name(stack.parentNode));
             }
             const choices = Array.from(document.querySelectorAll(targets)).filter(seen);
             const onScreen = choices.find(choice => {
               choice.scrollIntoView({block: 'center', inline: 'center'});
               const r = choice.getBoundingClientRect();
               const x = r.left + r.width / 2, y = r.top + r.height / 2;
               return x >= 0 && x <= window.innerWidth && y >= 0 && y <= window.innerHeight
                 && choice.contains(document.elementFromPoint(x, y)) && inView(prompt);
             });
             if (!onScreen) faults.push('no choice can be seen and tapped together with the prompt: '
               + choices.slice(0, 6).map(choice => {
                   choice.scrollIntoView({block: 'center', inline: 'center'});
                   const r = choice.getBoundingClientRect();
                   const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                   const panel = el => el && el.closest('.panel') ? el.closest('.panel').id : 'no panel';
                   return name(choice) + ' in ' + panel(choice) + ' at ' + Math.round(r.left) + ',' + Math.round(r.top) + ' '
                     + Math.round(r.width) + 'x' + Math.round(r.height) + ' under '
                     + (hit ? name(hit) + ' in ' + panel(hit) : 'nothing') + (inView(prompt) ? '' : ', prompt out of view');
                 }).join('; '));
             // Bringing a choice on screen scrolls the page and the village, never a drawing:
             // each choice stays inside the view that shows it.
             for (const choice of choices) {
               choice.scrollIntoView({block: 'center', inline: 'center'});
               const view = choice.closest('svg');
               if (!view) continue;
               const r = choice.getBoundingClientRect(), v = view.getBoundingClientRect();
               const x = r.left + r.width / 2, y = r.top + r.height / 2;
               if (x < v.left || x > v.right || y < v.top || y > v.bottom)
                 faults.push('a choice is drawn outside its view after being scrolled to: ' + name(choice));
             }
             window.scrollTo(0, 0);
             return faults;",
            ]
            .concat(),
            vec![width.into()],
        )
        .await
        .expect("measure the page");
    fault_words(&faults)
}

/// What falls short in the coach of a tutorial game on a phone, in words; empty when all is
/// well. The coach must be shown, its text at least 12 px, clear of the fixed prompt when
/// scrolled to, and every piece it lights up must come on screen above the prompt (after its
/// village's tab is tapped when it is in a village not shown).
async fn coach_faults(client: &Client) -> Vec<String> {
    let faults = client
        .execute(
            &[
                SETTLE,
                "const faults = [];
             const coach = document.querySelector('#t-coach');
             if (!coach || !coach.checkVisibility() || coach.getBoundingClientRect().height === 0)
               return ['the coach is not shown'];
             const promptTop = () => document.querySelector('#table .prompt').getBoundingClientRect().top;
             const walker = document.createTreeWalker(coach, NodeFilter.SHOW_TEXT);
             while (walker.nextNode()) {
               const el = walker.currentNode.parentElement;
               if (!walker.currentNode.textContent.trim() || !el.checkVisibility()) continue;
               const size = parseFloat(getComputedStyle(el).fontSize);
               if (size < 11.95) faults.push('coach text ' + size.toFixed(1) + ' px: ' + el.textContent.trim().slice(0, 30));
             }
             coach.scrollIntoView({block: 'start'});
             for (const line of coach.querySelectorAll('.coach-title, .coach-text')) {
               const r = line.getBoundingClientRect();
               if (r.top < 0 || r.bottom > promptTop() || r.left < 0 || r.right > window.innerWidth)
                 faults.push(line.className + ' is not in view above the prompt ('
                   + Math.round(r.top) + '..' + Math.round(r.bottom) + ', prompt at ' + Math.round(promptTop()) + ')');
             }
             const lit = Array.from(document.querySelectorAll('#table .coach-focus'));
             if (!lit.length) faults.push('nothing is lit up for ' + coach.dataset.focus);
             for (const piece of lit) {
               const village = piece.closest('.panel.village');
               if (village && !village.checkVisibility())
                 document.querySelector('#table [data-village-tab=\"' + village.dataset.village + '\"]').click();
               piece.scrollIntoView({block: 'start', inline: 'nearest'});
               window.scrollBy(0, -8);
               const r = piece.getBoundingClientRect();
               const room = promptTop();
               // A piece that fits above the prompt is seen whole; a larger one (a panel) at least
               // a tap's height of it.
               const shown = r.height <= room - 8 ? r.top >= 0 && r.bottom <= room : r.top >= 0 && r.top <= room - 44;
               if (!piece.checkVisibility() || !shown || r.left < -1 || r.right > window.innerWidth + 1)
                 faults.push('a lit piece cannot be brought on screen above the prompt: '
                   + (piece.id || piece.getAttribute('class')) + ' at ' + Math.round(r.left) + ',' + Math.round(r.top)
                   + ' ' + Math.round(r.width) + 'x' + Math.round(r.height) + ', prompt at ' + Math.round(room));
             }
             window.scrollTo(0, 0);
             return faults;",
            ]
            .concat(),
            vec![],
        )
        .await
        .expect("measure the coach");
    fault_words(&faults)
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

/// Waits for the person's decision or the game's end, in a table that came over the socket (the
/// page's own is drawn wide; the socket's, asked for by a phone, three cells wide).
async fn wait_for_turn(client: &Client) {
    wait_until(
        client,
        "(() => { const r = document.querySelector('#table .table-root');
           const v = document.querySelector('#table .panel.village > svg');
           return r && (r.dataset.yourTurn === 'true' || r.dataset.status === 'finished')
             && v && v.viewBox.baseVal.width === 200; })()",
        "anna's turn",
        Duration::from_secs(60),
    )
    .await;
}

/// Whether the table brought a target of the person's decision on screen by itself (the page
/// as the table left it: in the village its tabs show, above the prompt fixed at the bottom,
/// and tappable there); `None` when it did or the prompt's buttons are the only choices, else
/// what is wrong in words.
async fn target_not_brought_on_screen(client: &Client) -> Option<String> {
    let fault = client
        .execute(
            &[
                SETTLE,
                "const pieces = Array.from(document.querySelectorAll(
                   '#table .panels [data-action]:not(.chooser [data-action]), #table .panels [data-chooser]'));
                 const shown = pieces.filter(el => el.checkVisibility() && el.getBoundingClientRect().width > 0);
                 if (!shown.length)
                   return pieces.length ? 'the targets are all in villages not shown' : null;
                 const bottom = document.querySelector('#table .prompt').getBoundingClientRect().top;
                 const tappable = shown.find(el => {
                   const r = el.getBoundingClientRect();
                   const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                   return r.top >= 0 && r.bottom <= bottom && el.contains(hit);
                 });
                 if (tappable) return null;
                 const r = shown[0].getBoundingClientRect();
                 return 'no target on screen above the prompt (at ' + Math.round(bottom) + ' px): the first, '
                   + (shown[0].getAttribute('aria-label') || '') + ', at ' + Math.round(r.top) + ' px';",
            ]
            .concat(),
            vec![],
        )
        .await
        .expect("look for a target on screen");
    fault.as_str().map(str::to_string)
}

/// Taps one decision in `client`'s table and waits for the table it leads to.
async fn tap_a_decision(client: &Client, rng: &mut ChaCha8Rng) {
    wait_for_turn(client).await;
    let before = table_state(client).await.expect("the table").version;
    show_targets(client).await;
    let suggested = client
        .find(Locator::Css("#table .prompt .suggested"))
        .await
        .ok();
    match suggested {
        // A tutorial's prompt suggests the move of the lesson.
        Some(button) => {
            button.click().await.expect("tap the suggestion");
            confirm_if_asked(client).await;
        }
        None => {
            click_random_legal(client, rng).await;
        }
    }
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
    anna_plays_against_bots(&anna, &server, 4, 2).await;
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

    let faults = phone_faults(&anna, PHONE.0).await;
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
    anna.close().await.expect("close the browser");
}

/// Plays a game of `players` (the person and bots) on a phone of `width` × `height` px with a
/// round limit of `rounds`, measuring every decision of the person after showing the village
/// that holds its targets; saves a screenshot as `name` at the first decision of round 2.
async fn play_on_a_phone(players: u8, (width, height): (u32, u32), rounds: u16, name: &str) {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(width, height).await;
    anna_plays_against_bots(&anna, &server, players, rounds).await;
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(width) + u64::from(players));
    let mut decisions = 0;
    let mut pictured = false;
    loop {
        wait_for_turn(&anna).await;
        let state = table_state(&anna).await.expect("the table");
        assert!(
            state.error.is_empty(),
            "the server refused: {}",
            state.error
        );
        if state.finished {
            break;
        }
        if let Some(fault) = target_not_brought_on_screen(&anna).await {
            panic!("{players} players at {width}x{height}, decision {decisions}: {fault}");
        }
        show_targets(&anna).await;
        let faults = phone_faults(&anna, width).await;
        assert!(
            faults.is_empty(),
            "{players} players at {width}x{height}, decision {decisions}:\n{}",
            faults.join("\n")
        );
        if !pictured && past_round_one(&anna).await {
            pictured = true;
            // The picture shows the village on view, three cells wide, from its top.
            anna.execute(
                "Array.from(document.querySelectorAll('#table .panel.village'))
                   .find(v => v.checkVisibility()).scrollIntoView({block: 'start'});",
                vec![],
            )
            .await
            .expect("show the village");
            screenshot(&anna, name).await;
        }
        tap_a_decision(&anna, &mut rng).await;
        decisions += 1;
        assert!(decisions < 400, "no end after {decisions} decisions");
    }
    assert!(pictured, "the game reached round 2");
    assert!(decisions >= 10, "only {decisions} decisions");
    // The end screen's scores open the page, and the replay's step buttons.
    let faults = end_screen_faults(&anna, false, 0.0, name).await;
    assert!(
        faults.is_empty(),
        "the end screen at {width}x{height}:\n{}",
        faults.join("\n")
    );
    let id = game_id(&anna).await;
    let faults = replay_faults(&anna, &server.base, &id, false, name).await;
    assert!(
        faults.is_empty(),
        "the replay at {width}x{height}:\n{}",
        faults.join("\n")
    );
    anna.close().await.expect("close the browser");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_decision_of_a_two_player_game_works_on_a_390_by_844_phone() {
    play_on_a_phone(2, PHONE, 2, "phone-390-2p").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_decision_of_a_three_player_game_works_on_a_360_by_740_phone() {
    play_on_a_phone(3, SMALL_PHONE, 2, "phone-360-3p").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tutorials_coach_works_on_a_phone() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(PHONE.0, PHONE.1).await;
    register(&anna, &server, "anna").await;
    anna.goto(&server.url("/tutorial?lang=en"))
        .await
        .expect("the tutorial page");
    anna.find(Locator::Css("#tutorial-form button[type=submit]"))
        .await
        .expect("the tutorial's start button")
        .click()
        .await
        .expect("start the tutorial");
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/') && document.getElementById('table')
           && document.getElementById('table').dataset.connected === 'true'
           && document.querySelector('#t-coach')",
        "the tutorial game with its coach",
        Duration::from_secs(30),
    )
    .await;

    let mut rng = ChaCha8Rng::seed_from_u64(844);
    let mut moments = Vec::new();
    for decision in 0..6 {
        wait_for_turn(&anna).await;
        if table_state(&anna).await.expect("the table").finished {
            break;
        }
        let moment = anna
            .execute(
                "return document.querySelector('#t-coach').dataset.moment;",
                vec![],
            )
            .await
            .expect("the coach's moment");
        moments.push(moment.as_str().unwrap_or_default().to_string());
        let mut faults = coach_faults(&anna).await;
        faults.extend(phone_faults(&anna, PHONE.0).await);
        assert!(
            faults.is_empty(),
            "the coach at {moments:?} on a phone:\n{}",
            faults.join("\n")
        );
        if decision == 0 {
            screenshot(&anna, "phone-tutorial").await;
        }
        tap_a_decision(&anna, &mut rng).await;
    }
    assert!(moments.len() >= 3, "a few decisions: {moments:?}");
    anna.close().await.expect("close the browser");
}
