//! "Learn by playing" from start to finish in headless Chromium: a visitor opens the tutorial
//! page, registers through its link and comes back, starts the tutorial, and plays by clicking
//! (the suggested move when the prompt offers one, otherwise a legal target, choosing the
//! Trader and the Builder while their lessons are still to come). After every decision the
//! coach shows a lesson that fits the decision and lights up what it is about; on the way it
//! shows producing, building and the end of a round, and ticks them in its checklist. Saves
//! `docs/screenshots/tutorial.png`.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

mod browser_support;

use std::collections::BTreeSet;
use std::time::Duration;

use fantoccini::{Client, Locator};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;

use browser_support::{
    click_random_legal, confirm_if_asked, fill, screenshot, table_state, wait_until, Browser,
    TestServer,
};

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
      round: Number(root.dataset.round),
      cost: !!document.querySelector('#t-prompt svg.cost'),
    };";

async fn coach(client: &Client) -> Value {
    client.execute(COACH, vec![]).await.expect("the coach")
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_plays_the_tutorial_with_the_coach_beside_the_board() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1400, 1000).await;

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
    let stored = anna
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const csrf = decodeURIComponent((document.cookie.match(/helvetia_csrf=([^;]*)/) || [])[1] || '');
             fetch('/api/settings/forced-steps', {method: 'POST', credentials: 'same-origin',
               headers: {'content-type': 'application/json', 'x-csrf-token': csrf},
               body: JSON.stringify({play_forced_steps: false})}).then(r => done(r.status));",
            vec![],
        )
        .await
        .expect("turn forced steps off");
    assert_eq!(stored, 200);

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
    let mut ended = "";
    while decisions < 400 {
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
        if state.finished {
            assert_eq!(now["moment"], "game-over");
            ended = "the game ended";
            break;
        }
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
        shown.insert(lesson.clone());
        moments.insert(moment.clone());
        if now["complete"] == true {
            ended = "the tutorial is complete";
            break;
        }
        let core_shown = ["producing", "building", "round-end"]
            .iter()
            .all(|lesson| shown.contains(*lesson));
        if core_shown && now["round"].as_u64().unwrap() >= 3 {
            ended = "round 3 began with the core lessons shown";
            break;
        }
        // Mid-tutorial: the first good made or building paid for, with its pieces lit up.
        if !screenshot_taken && (moment == "produce" || moment == "pay") {
            anna.execute("window.scrollTo(0, 0);", vec![])
                .await
                .expect("scroll to the top");
            screenshot(&anna, "tutorial").await;
            screenshot_taken = true;
        }
        let before = state.version;
        // The suggested move when there is one; the Trader and the Builder while their lessons
        // are still to come; otherwise any legal target.
        let clicked = click_css(&anna, "#t-prompt .suggested").await
            || (moment == "choose"
                && !shown.contains("producing")
                && click_css(&anna, "#t-characters-1 [data-action]").await)
            || (moment == "choose"
                && !shown.contains("building")
                && click_css(&anna, "#t-characters-0 [data-action]").await);
        if !clicked {
            click_random_legal(&anna, &mut rng).await;
        }
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
    }
    assert!(!ended.is_empty(), "no end after {decisions} decisions");
    for lesson in ["start", "characters", "producing", "building", "round-end"] {
        assert!(
            shown.contains(lesson),
            "the lesson {lesson} was shown ({ended}): {shown:?} {moments:?}"
        );
    }
    assert!(
        screenshot_taken,
        "a good made or a building paid for, for the screenshot ({ended}): {moments:?}"
    );
    // The checklist ticked what Anna did.
    let now = coach(&anna).await;
    let ticked: Vec<&str> = now["ticked"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for lesson in ["start", "characters", "building", "round-end"] {
        assert!(ticked.contains(&lesson), "{lesson} ticked: {ticked:?}");
    }
}
