//! The screens around the table, measured in headless Chromium at a laptop's 1366 × 768 and a
//! phone's 390 × 844 as a person first sees them: a finished game's end screen and its replay,
//! the tutorial's first decisions, the lobby, and a running tournament's page with the list of
//! tournaments (English and German). On each nothing scrolls sideways; the end screen and the
//! replay keep the board and their controls in the window on the laptop, and there a step
//! forward in the replay changes something drawn inside the window. One server and one game per
//! test. Saves `docs/screenshots/screens-*.png`.
//!
//! Needs Debian's `chromium` and `chromium-driver`.

use crate::browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::json;

use browser_support::{
    anna_plays_against_bots, board_width, click_random_legal, create_tournament_from_page,
    end_screen_faults, fault_words, game_id, play_until_over, post_from_page, register,
    replay_faults, screenshot, table_state, wait_until, Browser, TestServer, SETTLE,
};

/// A laptop's window.
const DESK: (u32, u32) = (1366, 768);
/// A phone's window.
const PHONE: (u32, u32) = (390, 844);

/// The page wider than the window, and any box on it that sticks out past the window's sides or
/// scrolls sideways within itself; then `check`'s own faults (a script that pushes to `faults`).
/// The window's width is the layout's (`clientWidth`, without a scroll bar): a phone's browser
/// zooms out to show a page wider than the phone, and `innerWidth` grows with it.
const SIDEWAYS: &str = "const faults = [];
   const name = el => el.id || (el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className) || el.tagName;
   const width = document.documentElement.clientWidth;
   if (document.documentElement.scrollWidth > width || window.innerWidth > width + 20)
     faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide in ' + width
       + ', shown ' + window.innerWidth + ' px wide');
   for (const el of document.querySelectorAll('main *')) {
     if (!el.checkVisibility() || el.closest('svg, .table-root .village-caption')) continue;
     const r = el.getBoundingClientRect();
     if (r.width > 0 && (r.left < -0.5 || r.right > width + 0.5))
       faults.push(name(el) + ' sticks out at ' + Math.round(r.left) + '..' + Math.round(r.right) + ': ' + el.textContent.trim().slice(0, 40));
     const style = getComputedStyle(el);
     if (el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(style.overflowX))
       faults.push(name(el) + ' scrolls sideways: ' + el.scrollWidth + ' px in ' + el.clientWidth);
   }
   ";

/// What the page falls short of sideways (see [`SIDEWAYS`]), after the script `check` (which
/// may push to `faults`) has run.
async fn sideways_faults(client: &Client, check: &str) -> Vec<String> {
    let faults = client
        .execute(
            &[SETTLE, SIDEWAYS, check, "return faults;"].concat(),
            vec![],
        )
        .await
        .expect("measure the page");
    fault_words(&faults)
}

/// The board's smallest drawn pieces inside the window, each as its tag, attributes, text and
/// place: what a person sees of the board where the window shows it.
async fn drawn_in_view(client: &Client) -> Vec<String> {
    let drawn = client
        .execute(
            &[
                SETTLE,
                "const drawn = [];
                 for (const el of document.querySelectorAll('#table .panels *')) {
                   if (el.children.length || !el.checkVisibility()) continue;
                   const r = el.getBoundingClientRect();
                   if (r.width === 0 && r.height === 0) continue;
                   if (r.bottom <= 0 || r.right <= 0 || r.top >= window.innerHeight || r.left >= window.innerWidth) continue;
                   const attributes = Array.from(el.attributes).map(a => a.name + '=' + a.value).join(' ');
                   drawn.push(el.tagName + ' ' + attributes + ' ' + el.textContent.trim() + ' @'
                     + Math.round(r.left) + ',' + Math.round(r.top) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
                 }
                 return drawn.sort();",
            ]
            .concat(),
            vec![],
        )
        .await
        .expect("the board in the window");
    fault_words(&drawn)
}

/// The replay's step now shown.
async fn replay_step(client: &Client) -> u64 {
    let step = client
        .execute(
            "return Number(document.querySelector('#table .table-root').dataset.replayStep);",
            vec![],
        )
        .await
        .expect("the step shown");
    step.as_u64().expect("a step")
}

/// Whether a click on Forward in the replay changes something drawn on the board inside the
/// window, at each of the first `steps` steps after the one shown; the faults in words.
async fn forward_faults(client: &Client, steps: u64) -> Vec<String> {
    let mut faults = Vec::new();
    for _ in 0..steps {
        let step = replay_step(client).await;
        let before = drawn_in_view(client).await;
        client
            .find(Locator::Css(".replay-controls [data-step=next]"))
            .await
            .expect("the forward button")
            .click()
            .await
            .expect("a step forward");
        wait_until(
            client,
            &format!(
                "document.querySelector('#table .table-root').dataset.replayStep === '{}'",
                step + 1
            ),
            "the table after a step forward",
            Duration::from_secs(10),
        )
        .await;
        if drawn_in_view(client).await == before {
            faults.push(format!(
                "forward from step {step} changes nothing drawn inside the window"
            ));
        }
    }
    faults
}

/// The faults found on `screen`, each named with it.
fn on(screen: &str, faults: Vec<Vec<String>>) -> Vec<String> {
    faults
        .concat()
        .into_iter()
        .map(|fault| format!("{screen}: {fault}"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_end_screen_and_replay_fit_a_laptop_and_a_phone() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(DESK.0, DESK.1).await;
    anna_plays_against_bots(&anna, &server, 2, 1).await;
    let id = game_id(&anna).await;
    let mut rng = ChaCha8Rng::seed_from_u64(57);
    let mut running_width = f64::INFINITY;
    play_until_over(&[&anna], &mut rng, 400, async |_, _| {
        running_width = running_width.min(board_width(&anna).await);
        false
    })
    .await;

    // The laptop, in German: the final position as large as during the game, the scores beside
    // it, nothing covered; the replay's board under its step buttons.
    anna.goto(&server.url(&format!("/games/{id}?lang=de")))
        .await
        .expect("the finished game in German");
    let mut faults = on(
        "the end screen at 1366x768",
        vec![
            end_screen_faults(&anna, true, running_width, "screens-desk").await,
            sideways_faults(&anna, "").await,
        ],
    );
    faults.extend(on(
        "the replay at 1366x768",
        vec![
            replay_faults(&anna, &server.base, &id, true, "screens-desk").await,
            forward_faults(&anna, 3).await,
            sideways_faults(&anna, "").await,
        ],
    ));

    // The phone, a visitor in English: the scores and the step buttons open the page.
    let visitor = browser.session(PHONE.0, PHONE.1).await;
    visitor
        .goto(&server.url(&format!("/games/{id}?lang=en")))
        .await
        .expect("the finished game on a phone");
    faults.extend(on(
        "the end screen at 390x844",
        vec![
            end_screen_faults(&visitor, false, 0.0, "screens-phone").await,
            sideways_faults(&visitor, "").await,
        ],
    ));
    // (A phone shows one village at a time: a step's change may be in another, so only its
    // board and prompt are compared, by `replay_faults`.)
    faults.extend(on(
        "the replay at 390x844",
        vec![
            replay_faults(&visitor, &server.base, &id, false, "screens-phone").await,
            sideways_faults(&visitor, "").await,
        ],
    ));
    assert!(faults.is_empty(), "{}", faults.join("\n"));

    anna.close().await.expect("close Anna's browser");
    visitor.close().await.expect("close the visitor's browser");
}

/// Starts the tutorial in German for the person logged in on `client` and waits for their
/// first decision with the coach beside it.
async fn start_the_tutorial(client: &Client, server: &TestServer) {
    client
        .goto(&server.url("/tutorial?lang=de"))
        .await
        .expect("the tutorial page");
    client
        .find(Locator::Css("#tutorial-form button[type=submit]"))
        .await
        .expect("the tutorial's start button")
        .click()
        .await
        .expect("start the tutorial");
    wait_until(
        client,
        "location.pathname.startsWith('/games/') && document.querySelector('#t-coach')
           && document.querySelector('#table .table-root').dataset.yourTurn === 'true'",
        "the tutorial's first decision with its coach",
        Duration::from_secs(30),
    )
    .await;
}

/// How many of the learner's decisions the tutorial's screens are measured at.
const DECISIONS: usize = 5;

/// The column beside the board on a laptop: the prompt, the coach and the log unscrolled in the
/// window, the log with room for four lines (80 px), and the board's corners.
const COLUMN: &str = "window.scrollTo(0, 0);
   const log = document.querySelector('#log .log-lines') || document.querySelector('#log');
   for (const el of [document.querySelector('#t-prompt'), document.querySelector('#t-coach'), log,
                     document.getElementById('t-characters'), document.getElementById('t-status')]) {
     const r = el.getBoundingClientRect();
     if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5)
       faults.push('out of view: ' + name(el) + ' at ' + Math.round(r.top) + '..' + Math.round(r.bottom));
   }
   const room = log.getBoundingClientRect().height;
   if (room < 80) faults.push('the log has ' + Math.round(room) + ' px');";

/// The coach on a phone: scrolled to, its words stand above the fixed prompt.
const COACH_ABOVE_PROMPT: &str = "const coach = document.querySelector('#t-coach');
   coach.scrollIntoView({block: 'start'});
   const prompt = document.querySelector('#table .prompt').getBoundingClientRect();
   const words = coach.querySelector('.coach-text').getBoundingClientRect();
   if (words.top < 0 || words.top > prompt.top - 40)
     faults.push('the coach\\'s words at ' + Math.round(words.top) + ', the prompt at ' + Math.round(prompt.top));";

/// Makes one of the learner's decisions (a legal one at random) and waits for the next.
async fn decide(client: &Client, rng: &mut ChaCha8Rng) {
    let before = table_state(client).await.expect("the table").version;
    click_random_legal(client, rng).await;
    wait_until(
        client,
        &format!(
            "(() => {{ const r = document.querySelector('#table .table-root');
               return r && Number(r.dataset.version) !== {before}
                 && (r.dataset.yourTurn === 'true' || r.dataset.status === 'finished'); }})()"
        ),
        "the learner's next decision",
        Duration::from_secs(30),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tutorial_fits_a_laptop_and_a_phone() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(DESK.0, DESK.1).await;
    let beat = browser.session(PHONE.0, PHONE.1).await;
    register(&anna, &server, "anna").await;
    register(&beat, &server, "beat").await;
    start_the_tutorial(&anna, &server).await;
    start_the_tutorial(&beat, &server).await;

    // The first few decisions of each, the log filling: on the laptop the prompt, the coach and
    // the game log (room for four lines) share the window beside the board; on the phone the
    // coach's words come on screen above the fixed prompt.
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut faults = Vec::new();
    for decision in 0..DECISIONS {
        faults.extend(on(
            &format!("the tutorial at 1366x768, decision {decision}"),
            vec![sideways_faults(&anna, COLUMN).await],
        ));
        faults.extend(on(
            &format!("the tutorial at 390x844, decision {decision}"),
            vec![sideways_faults(&beat, COACH_ABOVE_PROMPT).await],
        ));
        if decision + 1 == DECISIONS {
            break;
        }
        for client in [&anna, &beat] {
            decide(client, &mut rng).await;
        }
    }
    anna.execute("window.scrollTo(0, 0);", vec![])
        .await
        .expect("scroll to the top");
    screenshot(&anna, "screens-tutorial-desk").await;
    screenshot(&beat, "screens-tutorial-phone").await;
    assert!(faults.is_empty(), "{}", faults.join("\n"));

    anna.close().await.expect("close Anna's browser");
    beat.close().await.expect("close Beat's browser");
}

/// The lobby's form for a new game: every field inside its card; the filters' labels capitalised.
const LOBBY: &str = "const form = document.getElementById('create-game');
   const card = form.closest('.card').getBoundingClientRect();
   for (const field of form.querySelectorAll('input, select, button, fieldset')) {
     const r = field.getBoundingClientRect();
     if (field.checkVisibility() && (r.left < card.left - 0.5 || r.right > card.right + 0.5))
       faults.push(name(field) + ' ' + (field.name || '') + ' sticks out of its card: '
         + Math.round(r.left) + '..' + Math.round(r.right) + ' in ' + Math.round(card.left) + '..' + Math.round(card.right));
   }
   for (const label of document.querySelectorAll('.lobby-filters label')) {
     const word = label.textContent.trim();
     if (word[0] !== word[0].toLocaleUpperCase()) faults.push('a filter label in lower case: ' + word);
   }";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_and_a_running_tournaments_pages_fit_a_laptop_and_a_phone() {
    let server = TestServer::start_with(|mut config| {
        config.tournament_tick_ms = 100;
        config
    })
    .await;
    let mut browser = Browser::start().await;
    let anna = browser.session(DESK.0, DESK.1).await;
    let beat = browser.session(PHONE.0, PHONE.1).await;
    register(&anna, &server, "anna").await;
    register(&beat, &server, "beat").await;

    // The lobby, where registering leads: the new game's fields keep to their card, and the
    // filters' labels begin as words do.
    for (client, screen) in [(&anna, "laptop"), (&beat, "phone")] {
        for lang in ["en", "de"] {
            client
                .goto(&server.url(&format!("/lobby?lang={lang}")))
                .await
                .expect("the lobby");
            let faults = sideways_faults(client, LOBBY).await;
            assert!(
                faults.is_empty(),
                "the lobby on a {screen} in {lang}:\n{}",
                faults.join("\n")
            );
        }
    }

    // A tournament for tables of two that starts as soon as both have entered.
    let path =
        create_tournament_from_page(&anna, "Abendturnier der Hochgebirgsgemeinden", 2, 5).await;
    for client in [&anna, &beat] {
        let (status, answer) =
            post_from_page(client, &format!("/api{path}/enter"), json!(null)).await;
        assert_eq!(status, 200, "{answer}");
    }
    beat.goto(&server.url(&format!("{path}?lang=de")))
        .await
        .expect("the tournament's page");
    wait_until(
        &beat,
        "document.querySelector('#tournament-live .notice a[href^=\"/games/\"]') \
         && document.querySelector('table.standings')",
        "the round seated, with its standings",
        Duration::from_secs(30),
    )
    .await;

    // The tournament's page (standings, the round's tables, the seat) and the list, in both
    // languages and windows: no table cut off, nothing sideways.
    let cells = "if (!document.querySelector('main table')) faults.push('no table on the page');";
    for (client, screen) in [(&anna, "laptop"), (&beat, "phone")] {
        for lang in ["en", "de"] {
            for page in [path.as_str(), "/tournaments"] {
                client
                    .goto(&server.url(&format!("{page}?lang={lang}")))
                    .await
                    .expect("open the page");
                let faults = sideways_faults(client, cells).await;
                assert!(
                    faults.is_empty(),
                    "{page} on a {screen} in {lang}:\n{}",
                    faults.join("\n")
                );
            }
        }
    }
    beat.goto(&server.url(&format!("{path}?lang=de")))
        .await
        .expect("the tournament's page");
    beat.execute(
        "document.querySelector('table.standings').scrollIntoView();",
        vec![],
    )
    .await
    .expect("show the standings");
    screenshot(&beat, "screens-tournament-phone").await;
    beat.goto(&server.url("/tournaments?lang=de"))
        .await
        .expect("the list of tournaments");
    screenshot(&beat, "screens-tournaments-phone").await;

    anna.close().await.expect("close Anna's browser");
    beat.close().await.expect("close Beat's browser");
}
