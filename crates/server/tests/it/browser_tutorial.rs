//! "Learn by playing" from start to finish in headless Chromium: a visitor opens the tutorial
//! page, registers through its link and comes back, starts the tutorial, and plays it by
//! clicking until the coach says it is complete. It decides as a newcomer who follows the coach
//! (`tutorial_steering`): what serves a lesson still open in the checklist (the character of an
//! open lesson, a tile when one is offered, delivering, marrying, a child...), else the move the
//! prompt suggests, else a legal action from a seeded RNG; it reads the legal actions from the
//! game's API and clicks their pieces on the table. After every decision the coach shows a lesson
//! that fits the decision and lights up what it is about; in the end every lesson was shown and
//! ticked, and the completion is said. The window is a 1366 × 768 laptop's: at every decision the
//! prompt, the coach and the game log (with room for several lines) are in it together. Saves `docs/screenshots/tutorial.png` (mid-tutorial) and
//! `docs/screenshots/tutorial-complete.png`.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;
use crate::tutorial_steering;

use std::collections::BTreeSet;
use std::time::Duration;

use fantoccini::{Client, Locator};
use helvetia_engine::{Action, Position, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;

use browser_support::{
    click, confirm_if_asked, fault_words, fill, screenshot, table_state, turn_forced_steps_off,
    wait_until, Browser, TestServer,
};

/// Whatever the column beside the board falls short of at 1366 × 768, in words: the prompt, the
/// coach and the log are in the window unscrolled, the log with room for four lines (80 px), and
/// nothing scrolls sideways.
async fn column_faults(client: &Client) -> Vec<String> {
    let faults = client
        .execute(
            "window.scrollTo(0, 0);
             const faults = [];
             if (document.documentElement.scrollWidth > window.innerWidth)
               faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
             const box = r => Math.round(r.left) + ',' + Math.round(r.top) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
             const log = document.querySelector('#log .log-lines') || document.querySelector('#log');
             for (const el of [document.querySelector('#t-prompt'), document.querySelector('#t-coach'), log]) {
               const r = el.getBoundingClientRect();
               if (r.top < 0 || r.bottom > window.innerHeight + 0.5 || r.right > window.innerWidth + 0.5)
                 faults.push('out of view: ' + (el.id || el.className) + ' at ' + box(r));
             }
             const room = log.getBoundingClientRect();
             if (room.height < 80) faults.push('the log has ' + Math.round(room.height) + ' px at ' + box(room));
             return faults;",
            vec![],
        )
        .await
        .expect("measure the column");
    fault_words(&faults)
}

/// The lessons of the checklist, by `data-lesson` name.
const LESSONS: [&str; 10] = [
    "start",
    "characters",
    "producing",
    "sleeping",
    "building",
    "delivering",
    "marrying",
    "children",
    "tiles",
    "round-end",
];

/// At most this many of the learner's decisions before the tutorial must be complete: a
/// follower of the coach completes it in the first few rounds, with some fifty decisions.
const MAX_DECISIONS: usize = 200;

/// What the coach shows now.
const COACH: &str = "
    const coach = document.querySelector('#t-coach');
    if (!coach) return null;
    const root = document.querySelector('#table .table-root');
    return {
      moment: coach.dataset.moment,
      lesson: coach.dataset.lesson || null,
      focus: coach.dataset.focus,
      complete: coach.dataset.complete === 'true',
      title: coach.querySelector('.coach-title').textContent.trim(),
      text: coach.querySelector('.coach-text').textContent.trim(),
      marked: document.querySelectorAll('#table .coach-focus').length,
      ticked: Array.from(coach.querySelectorAll('li[data-done=\"true\"]')).map(li => li.dataset.lesson),
      open: Array.from(coach.querySelectorAll('li[data-done=\"false\"]')).map(li => li.dataset.lesson),
      completion: (coach.querySelector('.coach-complete') || {textContent: ''}).textContent.trim(),
      suggested: (() => { const s = document.querySelector('#t-prompt .suggested');
                          return s ? Number(s.dataset.action) : null; })(),
      round: Number(root.dataset.round),
      cost: !!document.querySelector('#t-prompt svg.cost'),
    };";

async fn coach(client: &Client) -> Value {
    client.execute(COACH, vec![]).await.expect("the coach")
}

/// The game of this page as the API gives it to its viewer (the view and their legal actions).
async fn game_from_api(client: &Client) -> Value {
    client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const id = location.pathname.split('/')[2];
             fetch('/api/games/' + id, {credentials: 'same-origin'})
               .then(r => r.json()).then(done, e => done({error: String(e)}));",
            vec![],
        )
        .await
        .expect("the game from the API")
}

/// Plays legal action `index` by clicking its piece on the table, or the piece that opens the
/// chooser holding it and then its button.
async fn click_action(client: &Client, index: usize) {
    let direct = format!("#table [data-action=\"{index}\"]:not(.chooser [data-action])");
    for _ in 0..10 {
        for target in client
            .find_all(Locator::Css(&direct))
            .await
            .expect("the targets")
        {
            if target.is_displayed().await.unwrap_or(false) {
                click(client, &target).await;
                confirm_if_asked(client).await;
                return;
            }
        }
        let chooser = client
            .execute(
                &format!(
                    "const b = document.querySelector('#table .chooser [data-action=\"{index}\"]');
                     return b ? b.closest('.chooser').id : null;"
                ),
                vec![],
            )
            .await
            .expect("the chooser of the action");
        if let Some(id) = chooser.as_str() {
            let opener = client
                .find(Locator::Css(&format!("#table [data-chooser=\"{id}\"]")))
                .await
                .expect("the piece that opens the chooser");
            if opener.is_displayed().await.unwrap_or(false) {
                click(client, &opener).await;
                wait_until(
                    client,
                    &format!("!document.getElementById('{id}').hidden"),
                    "the chooser to open",
                    Duration::from_secs(5),
                )
                .await;
                let button = client
                    .find(Locator::Css(&format!(
                        "#{id} button[data-action=\"{index}\"]"
                    )))
                    .await
                    .expect("the chooser's button");
                click(client, &button).await;
                confirm_if_asked(client).await;
                return;
            }
        }
        // A piece still gliding into place can count as not shown: a key ends the motion.
        client
            .execute(
                "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));",
                vec![],
            )
            .await
            .expect("end the motion");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no piece on the table plays legal action {index}");
}

/// Clicks the element matching `css`, scrolled to the middle of the window first.
async fn click_css(client: &Client, css: &str) -> bool {
    let Ok(element) = client.find(Locator::Css(css)).await else {
        return false;
    };
    client
        .execute(
            "arguments[0].scrollIntoView({block: 'center', inline: 'center'});",
            vec![serde_json::to_value(&element).expect("an element reference")],
        )
        .await
        .expect("scroll into view");
    element.click().await.expect("click");
    confirm_if_asked(client).await;
    true
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list of lessons")
        .iter()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_who_follows_the_coach_plays_the_tutorial_to_its_end() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1366, 768).await;

    // A visitor is led to register, and comes back to the tutorial page.
    anna.goto(&server.url("/tutorial?lang=en"))
        .await
        .expect("the tutorial page");
    assert!(
        click_css(&anna, "a[href^='/register?next=/tutorial']").await,
        "a link to register that comes back"
    );
    fill(&anna, "username", "anna").await;
    fill(&anna, "password", "correct horse battery").await;
    click_css(&anna, "#account-form button[type=submit]").await;
    wait_until(
        &anna,
        "location.pathname === '/tutorial' && !!document.getElementById('tutorial-form')",
        "the tutorial page again, logged in",
        Duration::from_secs(20),
    )
    .await;
    // The test clicks every decision itself: forced steps are not played for it.
    turn_forced_steps_off(&anna).await;

    click_css(&anna, "#tutorial-form button[type=submit]").await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/') && document.getElementById('table') \
         && document.getElementById('table').dataset.connected === 'true'",
        "the tutorial game, connected",
        Duration::from_secs(20),
    )
    .await;

    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut shown: BTreeSet<String> = BTreeSet::new();
    let mut moments: BTreeSet<String> = BTreeSet::new();
    let mut screenshot_taken = false;
    let mut decisions = 0;
    let finished = loop {
        wait_until(
            &anna,
            "document.querySelector('#table .table-root').dataset.yourTurn === 'true' \
             || document.querySelector('#table .table-root').dataset.status === 'finished'",
            "anna's decision",
            Duration::from_secs(30),
        )
        .await;
        let state = table_state(&anna).await.expect("the table");
        assert!(state.error.is_empty(), "{}", state.error);
        let now = coach(&anna).await;
        assert!(now.is_object(), "a tutorial table has the coach");
        assert!(
            !now["title"].as_str().unwrap_or_default().is_empty()
                && !now["text"].as_str().unwrap_or_default().is_empty(),
            "the coach says something: {now}"
        );
        if now["complete"] == true {
            break now;
        }
        let open = names(&now["open"]);
        let round = &now["round"];
        assert!(
            !state.finished,
            "the game ended at round {round} before the tutorial was complete; \
             lessons left: {open:?}; shown: {shown:?}"
        );
        assert!(
            decisions < MAX_DECISIONS,
            "{decisions} decisions, round {round}, and the tutorial is not complete; \
             lessons left: {open:?}; shown: {shown:?}"
        );
        let moment = now["moment"].as_str().unwrap().to_string();
        // It is the learner's decision: the coach teaches it, and lights up what it is about.
        let lesson = now["lesson"]
            .as_str()
            .unwrap_or_else(|| panic!("a lesson at the learner's decision: {now}"))
            .to_string();
        assert!(
            now["marked"].as_u64().unwrap() > 0,
            "the pieces of the lesson are lit up: {now}"
        );
        if moment == "pay" {
            assert!(now["cost"].as_bool().unwrap(), "paying shows the cost");
        }
        let faults = column_faults(&anna).await;
        assert!(
            faults.is_empty(),
            "the coach at {moment} at 1366x768:\n{}",
            faults.join("\n")
        );
        shown.insert(lesson);
        moments.insert(moment.clone());
        // Mid-tutorial: the first good made or building paid for, with its pieces lit up.
        if !screenshot_taken && (moment == "produce" || moment == "pay") {
            anna.execute("window.scrollTo(0, 0);", vec![])
                .await
                .expect("scroll to the top");
            screenshot(&anna, "tutorial").await;
            screenshot_taken = true;
        }
        // Decide from the legal actions the API gives Anna, at the version the table shows.
        let game = game_from_api(&anna).await;
        assert_eq!(
            game["version"].as_u64(),
            Some(state.version),
            "the API and the table show the same moment"
        );
        let legal: Vec<Action> =
            serde_json::from_value(game["legal"].clone()).expect("the legal actions");
        let position: Position =
            serde_json::from_value(game["view"]["position"].clone()).expect("the position");
        let learner = Seat(game["your_seat"].as_u64().expect("anna's seat") as u8);
        let suggestion = now["suggested"].as_u64().map(|i| i as usize);
        let index =
            tutorial_steering::choose(&position, learner, &legal, &open, suggestion, &mut rng);
        let before = state.version;
        click_action(&anna, index).await;
        decisions += 1;
        wait_until(
            &anna,
            &format!(
                "(() => {{ const r = document.querySelector('#table .table-root');
                   const b = document.querySelector('.error-banner');
                   return Number(r.dataset.version) !== {before} || (b && !b.hidden); }})()"
            ),
            "the decision to be played",
            Duration::from_secs(30),
        )
        .await;
    };
    // The coach says the tutorial is complete, with every lesson shown on the way and ticked.
    let round = &finished["round"];
    assert_eq!(
        names(&finished["ticked"]),
        LESSONS,
        "every lesson ticked (round {round}, {decisions} decisions)"
    );
    assert!(
        names(&finished["open"]).is_empty(),
        "no lesson left: {finished}"
    );
    for lesson in LESSONS {
        assert!(
            shown.contains(lesson),
            "the coach taught {lesson} at a decision on the way: {shown:?} {moments:?}"
        );
    }
    assert!(
        finished["completion"]
            .as_str()
            .unwrap()
            .starts_with("Tutorial complete!"),
        "the completion is said: {finished}"
    );
    assert!(
        anna.find(Locator::Css("#t-coach .coach-complete a[href='/lobby']"))
            .await
            .is_ok(),
        "the coach leads on to the lobby"
    );
    anna.execute("window.scrollTo(0, 0);", vec![])
        .await
        .expect("scroll to the top");
    screenshot(&anna, "tutorial-complete").await;
    assert!(
        screenshot_taken,
        "a good made or a building paid for, for the screenshot: {moments:?}"
    );
}
