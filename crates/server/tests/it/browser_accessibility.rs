//! The pages for every kind of reader, in headless Chromium: axe-core finds no violation on
//! the site's pages in every language, nor on a game's table at its decisions (a chooser open
//! included, and the table in every language), its replay with the analysis, a waiting room
//! and a tutorial game's table with its coach, each in every language.
//!
//! It needs Debian's `chromium` and `chromium-driver`, and `npm` (for axe-core); it fails
//! without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    axe_violations, click_random_legal, create_game, fill, play_until_over, register, table_state,
    wait_until, Browser, TestServer, LANGUAGES,
};

/// Opens `path` and checks it.
async fn check_page(client: &Client, server: &TestServer, path: &str, problems: &mut Vec<String>) {
    client.goto(&server.url(path)).await.expect("open the page");
    wait_until(
        client,
        "document.readyState === 'complete'",
        "the page to load",
        Duration::from_secs(20),
    )
    .await;
    check_now(client, path, problems).await;
}

/// Checks the page as it is now, noting what is wrong under `what`.
async fn check_now(client: &Client, what: &str, problems: &mut Vec<String>) {
    for violation in axe_violations(client).await {
        problems.push(format!("{what}: {violation}"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_finds_nothing_on_the_pages_and_the_table_in_every_language() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1366, 800).await;
    register(&anna, &server, "anna").await;
    let mut problems = Vec::new();
    for lang in LANGUAGES {
        for page in [
            "/",
            "/lobby",
            "/rules",
            "/tutorial",
            "/leaderboard",
            "/tournaments",
            "/players/anna",
            "/settings",
        ] {
            let path = format!("{page}?lang={lang}");
            check_page(&anna, &server, &path, &mut problems).await;
        }
    }
    // A tournament made with its page's form (the script sends it and opens its page), then
    // that page with anna entered, in every language.
    check_page(&anna, &server, "/tournaments?lang=en", &mut problems).await;
    fill(&anna, "tournament-name", "Autumn cup").await;
    let submit = anna
        .find(Locator::Css("#tournament-form button[type=submit]"))
        .await
        .expect("the form's button");
    browser_support::click(&anna, &submit).await;
    wait_until(
        &anna,
        "/^\\/tournaments\\/[^/]+$/.test(location.pathname) && document.querySelector('[data-tournament-action=\"enter\"]')",
        "the new tournament's page",
        Duration::from_secs(20),
    )
    .await;
    let enter = anna
        .find(Locator::Css("[data-tournament-action=enter]"))
        .await
        .expect("the enter button");
    browser_support::click(&anna, &enter).await;
    wait_until(
        &anna,
        "document.querySelector('[data-tournament-action=\"withdraw\"]')",
        "anna to be entered",
        Duration::from_secs(20),
    )
    .await;
    let tournament_path = current_path(&anna).await;
    check_in_every_language(&anna, &server, &tournament_path, &mut problems).await;
    // A game against a bot, in English: the table at each of its first decisions, and a
    // chooser when one opens.
    check_page(&anna, &server, "/lobby?lang=en", &mut problems).await;
    create_game(&anna, 2, &["me", "bot:random"], 1).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/')",
        "the game's page",
        Duration::from_secs(20),
    )
    .await;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for decision in 0..12 {
        wait_until(
            &anna,
            "document.querySelector('#table .table-root[data-your-turn=\"true\"]')",
            "anna's turn",
            Duration::from_secs(30),
        )
        .await;
        check_now(
            &anna,
            &format!("the table at decision {decision}"),
            &mut problems,
        )
        .await;
        let before = table_state(&anna).await.expect("a table").version;
        click_random_legal(&anna, &mut rng).await;
        wait_until(
            &anna,
            &format!(
                "Number(document.querySelector('#table .table-root').dataset.version) > {before}"
            ),
            "the table to change",
            Duration::from_secs(30),
        )
        .await;
    }
    // A chooser open.
    if let Ok(piece) = anna.find(Locator::Css("#table [data-chooser]")).await {
        browser_support::click(&anna, &piece).await;
        check_now(&anna, "the table with a chooser open", &mut problems).await;
    }
    // The same table in the other four languages.
    let game = current_path(&anna).await;
    let others = LANGUAGES.iter().filter(|&&lang| lang != "en");
    for lang in others {
        check_table(
            &anna,
            &server,
            &format!("{game}?lang={lang}"),
            &mut problems,
        )
        .await;
    }
    // The game played to its end (one round): its replay with the analysis, in every language.
    play_until_over(&[&anna], &mut rng, 400, async |_, _| false).await;
    anna.goto(&server.url(&format!("{game}/replay?lang=en")))
        .await
        .expect("the replay");
    let ask = anna
        .wait()
        .for_element(Locator::Css("[data-analysis-ask]"))
        .await
        .expect("a button to ask for the analysis");
    browser_support::click(&anna, &ask).await;
    wait_until(
        &anna,
        "document.querySelector('.analysis[data-state=\"done\"]') !== null",
        "the finished analysis",
        Duration::from_secs(60),
    )
    .await;
    check_in_every_language(&anna, &server, &format!("{game}/replay"), &mut problems).await;
    // The waiting room of a game with an open seat, in every language.
    check_page(&anna, &server, "/lobby?lang=en", &mut problems).await;
    create_game(&anna, 2, &["me", "open"], 1).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/') && document.querySelector('.waiting-room')",
        "the waiting room",
        Duration::from_secs(20),
    )
    .await;
    let waiting = current_path(&anna).await;
    check_in_every_language(&anna, &server, &waiting, &mut problems).await;
    // A tutorial game's table, its coach showing, in every language.
    check_page(&anna, &server, "/tutorial?lang=en", &mut problems).await;
    let start = anna
        .find(Locator::Css("#tutorial-form button[type=submit]"))
        .await
        .expect("the tutorial's start button");
    browser_support::click(&anna, &start).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/')",
        "the tutorial game",
        Duration::from_secs(20),
    )
    .await;
    let tutorial = current_path(&anna).await;
    for lang in LANGUAGES {
        check_table(
            &anna,
            &server,
            &format!("{tutorial}?lang={lang}"),
            &mut problems,
        )
        .await;
    }
    assert!(problems.is_empty(), "axe-core: {problems:#?}");
}

/// Checks the page `path` in each of the site's languages.
async fn check_in_every_language(
    client: &Client,
    server: &TestServer,
    path: &str,
    problems: &mut Vec<String>,
) {
    for lang in LANGUAGES {
        check_page(client, server, &format!("{path}?lang={lang}"), problems).await;
    }
}

/// The path of the page `client` shows.
async fn current_path(client: &Client) -> String {
    client
        .execute("return location.pathname", vec![])
        .await
        .expect("the path")
        .as_str()
        .expect("a string")
        .to_string()
}

/// Opens the game page `path` and checks it once its table is drawn.
async fn check_table(client: &Client, server: &TestServer, path: &str, problems: &mut Vec<String>) {
    client.goto(&server.url(path)).await.expect("open the game");
    wait_until(
        client,
        "document.querySelector('#table .table-root') \
         && document.getElementById('table').dataset.connected === 'true'",
        "the table",
        Duration::from_secs(20),
    )
    .await;
    check_now(client, path, problems).await;
}
