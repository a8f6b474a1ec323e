//! End-to-end tests in headless Chromium: people register, create and join games in the
//! lobby, and play whole games by clicking the highlighted legal targets on the SVG table.
//! They also save the screenshots in `docs/screenshots/`.
//!
//! They need Debian's `chromium` and `chromium-driver` and fail without them.

use crate::browser_support;

use std::time::Duration;

use fantoccini::Locator;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    create_game, decide_with_keyboard, end_screen_text, fill, game_id, page_text, play_until_over,
    register, screenshot, start_a_game_for_two, text_of, undo_if_offered, wait_until, Browser,
    TestServer,
};

/// One browser test at a time: two cores cannot run several Chromiums well.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_create_join_and_play_a_whole_game_by_clicking() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session_in_motion(1400, 1100).await;
    let beat = browser.session_in_motion(1400, 1100).await;

    register(&anna, &server, "anna").await;
    register(&beat, &server, "beat").await;

    start_a_game_for_two(&anna, &beat, &server).await;
    for client in [&anna, &beat] {
        watch_updates(client).await;
    }

    let mut rng = ChaCha8Rng::seed_from_u64(2);
    // Once, when the mover has made a decision this turn, take it back with Undo.
    let mut undone = false;
    let clicks = play_until_over(&[&anna, &beat], &mut rng, 2_000, async |mover, version| {
        if undone || version < 20 {
            return false;
        }
        undone = undo_if_offered([&anna, &beat][mover], version).await;
        undone
    })
    .await;
    assert!(undone, "Undo was offered and used");
    assert!(clicks > 20, "a whole game takes more than {clicks} clicks");

    for client in [&anna, &beat] {
        let watched = client
            .execute(
                "return [window.updateWatch.lost, window.updateWatch.inner,
                   Array.from(document.querySelectorAll('#table svg *'))
                     .filter(e => e.namespaceURI !== 'http://www.w3.org/2000/svg').length];",
                vec![],
            )
            .await
            .expect("what the updates did");
        let [lost, inner, not_svg] = [0, 1, 2].map(|i| watched[i].as_u64().expect("a count"));
        assert_eq!(
            lost, 0,
            "every update applied in place, none needed a new connection"
        );
        assert!(inner > 0, "parts inside panels were replaced on their own");
        assert_eq!(
            not_svg, 0,
            "every element drawn in an SVG is an SVG element"
        );
        let text = end_screen_text(client).await;
        assert!(text.contains("anna") && text.contains("beat"), "{text}");
        assert!(
            client
                .find(Locator::Css(".end-screen a.replay-link"))
                .await
                .is_ok(),
            "a link to the replay"
        );
    }
    anna.execute("window.scrollTo(0, 0);", vec![])
        .await
        .expect("scroll up");
    screenshot(&anna, "end-screen").await;

    // The replay viewer steps back to the start.
    anna.find(Locator::Css(".end-screen a.replay-link"))
        .await
        .expect("the replay link")
        .click()
        .await
        .expect("open the replay");
    wait_until(
        &anna,
        "document.body.dataset.page === 'replay' && document.querySelector('#table .table-root')",
        "the replay page",
        Duration::from_secs(20),
    )
    .await;
    anna.find(Locator::Css("[data-step=first]"))
        .await
        .expect("the first-step button")
        .click()
        .await
        .expect("go to the start");
    wait_until(
        &anna,
        "document.querySelector('#table .table-root').dataset.replayStep === '0'",
        "step 0 of the replay",
        Duration::from_secs(20),
    )
    .await;

    anna.close().await.expect("close Anna's browser");
    beat.close().await.expect("close Beat's browser");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_plays_a_four_player_game_against_three_bots() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let chiara = browser.session(1400, 1100).await;
    register(&chiara, &server, "chiara").await;

    create_game(
        &chiara,
        4,
        &["me", "bot:random", "bot:greedy", "bot:random"],
        2,
    )
    .await;
    wait_until(
        &chiara,
        "location.pathname.startsWith('/games/')",
        "the game page (a game with only bots starts at once)",
        Duration::from_secs(20),
    )
    .await;

    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut pictures_taken = false;
    let mut by_keyboard = None;
    let clicks = play_until_over(&[&chiara], &mut rng, 2_000, async |_, _| {
        // The first decision is made with the keyboard alone.
        if by_keyboard.is_none() {
            by_keyboard = Some(decide_with_keyboard(&chiara).await);
            return true;
        }
        // The first decision of round 2: every village has grown.
        let round = chiara
            .execute(
                "return document.querySelector('#table .table-root').dataset.round;",
                vec![],
            )
            .await
            .expect("the round");
        if !pictures_taken && round.as_str() == Some("2") {
            pictures_taken = true;
            chiara
                .set_window_size(1400, 2300)
                .await
                .expect("a tall window");
            chiara
                .execute("window.scrollTo(0, 0);", vec![])
                .await
                .expect("scroll up");
            screenshot(&chiara, "table-mid-game").await;
            chiara
                .set_window_size(390, 844)
                .await
                .expect("a phone-sized window");
            screenshot(&chiara, "table-phone").await;
            chiara
                .set_window_size(1400, 1100)
                .await
                .expect("back to a desktop window");
        }
        false
    })
    .await;
    assert!(by_keyboard.is_some_and(|label| !label.is_empty()));
    assert!(pictures_taken, "the game reached the middle");
    assert!(clicks > 10, "only {clicks} clicks");
    let text = end_screen_text(&chiara).await;
    assert!(text.contains("chiara"), "{text}");
    chiara.close().await.expect("close the browser");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_language_switch_changes_the_page_text() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let client = browser.session(1200, 900).await;

    client
        .goto(&server.url("/rules?lang=de"))
        .await
        .expect("open the rules in German");
    let german = page_text(&client).await;
    assert!(german.contains("Regeln"), "{german}");
    // The rules' pictures are drawn: one panel each (of one SVG or, for the board, several),
    // with a caption, none of them clickable.
    let pictures = client
        .execute(
            "const pictures = [...document.querySelectorAll('.rules-picture')];
             const drawn = pictures.filter(p => p.querySelectorAll('.panel').length === 1
                 && p.querySelector('.panel svg')
                 && p.querySelector(':scope > figcaption').textContent.length > 0).length;
             const clickable = document.querySelectorAll('.rules-picture [data-action], .rules-picture [tabindex]').length;
             document.querySelector('.rules-picture[data-picture=village]').scrollIntoView({ block: 'end' });
             window.scrollBy(0, 16);
             return [pictures.length, drawn, clickable];",
            vec![],
        )
        .await
        .expect("ask the page");
    assert_eq!(
        pictures,
        serde_json::json!([7, 7, 0]),
        "the rules' pictures"
    );
    screenshot(&client, "rules").await;
    assert_eq!(
        client
            .find(Locator::Css("html"))
            .await
            .unwrap()
            .attr("lang")
            .await
            .unwrap(),
        Some("de".to_string())
    );

    // Open the switch and click "Italiano": the same page, in Italian, and it stays Italian.
    open_language_switch(&client).await;
    client
        .find(Locator::Css(".lang-switch a[data-lang=it]"))
        .await
        .expect("the Italian link")
        .click()
        .await
        .expect("switch to Italian");
    wait_until(
        &client,
        "document.documentElement.lang === 'it'",
        "the Italian page",
        Duration::from_secs(20),
    )
    .await;
    let italian = page_text(&client).await;
    assert!(italian.contains("Regole"), "{italian}");
    assert!(!italian.contains("Die Regeln in Kürze"), "{italian}");
    assert!(client.current_url().await.unwrap().path() == "/rules");

    client
        .goto(&server.url("/"))
        .await
        .expect("open the home page");
    let home = page_text(&client).await;
    assert!(
        home.contains("Gioca") || home.contains("Accedi"),
        "the choice is remembered: {home}"
    );

    for (code, word) in [("zh", "规则"), ("fr", "Règles"), ("en", "Rules")] {
        open_language_switch(&client).await;
        client
            .find(Locator::Css(&format!(".lang-switch a[data-lang={code}]")))
            .await
            .expect("a language link")
            .click()
            .await
            .expect("switch language");
        wait_until(
            &client,
            &format!("document.documentElement.lang === '{code}'"),
            "the switched page",
            Duration::from_secs(20),
        )
        .await;
        let text = page_text(&client).await;
        assert!(text.contains(word), "{code}: {text}");
    }
    client.close().await.expect("close the browser");
}

/// The host keeps the invitation link in the game's waiting room (with a copy button, after a
/// reload too); a friend without an account follows it, sees who invites to what, registers
/// and comes back to the invitation, takes the seat and is told the host will start; the host's
/// waiting room follows and the start brings both tables to life.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_link_lets_a_friend_join() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1200, 900).await;
    let beat = browser.session(1200, 900).await;
    register(&anna, &server, "anna").await;

    create_game(&anna, 2, &["me", "invite"], 1).await;
    wait_until(
        &anna,
        "document.querySelector('.waiting-room .invite-link input')",
        "the waiting room with the invitation link",
        Duration::from_secs(20),
    )
    .await;
    anna.refresh().await.expect("reload the waiting room");
    let link: String = anna
        .execute(
            "const field = document.querySelector('.waiting-room .invite-link input');
             return field && field.value.startsWith('http') ? field.value : null;",
            vec![],
        )
        .await
        .expect("read the link")
        .as_str()
        .expect("the whole link, kept after a reload")
        .to_string();
    assert!(link.contains("/lobby?invite="), "{link}");
    assert!(anna
        .find(Locator::Css(".waiting-room [data-copy]"))
        .await
        .is_ok());
    assert!(
        anna.find(Locator::Css(".waiting-room [data-start][disabled]"))
            .await
            .is_ok(),
        "the start waits for the invited friend"
    );
    let id = game_id(&anna).await;

    // The invited seat is not open to anyone.
    beat.goto(&server.url("/lobby"))
        .await
        .expect("open the lobby");
    assert!(
        beat.find(Locator::Css("#open-games [data-join]"))
            .await
            .is_err(),
        "an invitation seat is not offered to everyone"
    );

    // Beat has no account yet: the card says who invites to what, and registering comes back.
    beat.goto(&link).await.expect("follow the invitation");
    let card = text_of(&beat, ".invitation").await;
    assert!(card.contains("anna"), "who plays: {card}");
    assert!(card.contains('2'), "how many: {card}");
    beat.find(Locator::Css(".invitation a[href^='/register']"))
        .await
        .expect("a registration link")
        .click()
        .await
        .expect("go and register");
    fill(&beat, "username", "beat").await;
    fill(&beat, "password", "correct horse battery").await;
    beat.find(Locator::Css("#account-form button[type=submit]"))
        .await
        .expect("the submit button")
        .click()
        .await
        .expect("register");
    beat.wait()
        .for_element(Locator::Css(".invitation [data-invite-join]"))
        .await
        .expect("back at the invitation, logged in")
        .click()
        .await
        .expect("accept the invitation");
    wait_until(
        &beat,
        &format!("location.pathname === '/games/{id}' && document.querySelector('.waiting-room')"),
        "the game's waiting room after accepting",
        Duration::from_secs(20),
    )
    .await;
    let waiting = text_of(&beat, ".waiting-room").await;
    assert!(waiting.contains("anna"), "the host will start: {waiting}");
    assert!(
        beat.find(Locator::Css("#table"))
            .await
            .expect("the table")
            .attr("hidden")
            .await
            .expect("attr")
            .is_some(),
        "no prompt to choose a start building before the start"
    );

    anna.wait()
        .for_element(Locator::Css(&format!(
            "[data-start=\"{id}\"]:not([disabled])"
        )))
        .await
        .expect("the waiting room follows: the game is full and can start")
        .click()
        .await
        .expect("start");
    // Both tables come alive: one of them is asked to decide.
    wait_until(
        &beat,
        "document.querySelector('#table .table-root') && !document.getElementById('table').hidden && document.getElementById('table').dataset.connected === 'true'",
        "Beat's live table",
        Duration::from_secs(20),
    )
    .await;
    wait_until(
        &anna,
        "document.querySelector('#table .table-root') && !document.getElementById('table').hidden",
        "Anna's table",
        Duration::from_secs(20),
    )
    .await;
    // The start reaches Beat's open page over the WebSocket: exactly one of them is to move.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let turns = loop {
        let mut turns = 0;
        for client in [&anna, &beat] {
            let state = browser_support::table_state(client).await.expect("a table");
            turns += usize::from(state.your_turn);
        }
        if turns == 1 || std::time::Instant::now() > deadline {
            break turns;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(turns, 1, "exactly one of the two is to move");
    anna.close().await.expect("close");
    beat.close().await.expect("close");
}

/// Counts, from now on, how often `client`'s table lost its connection (a message that did not
/// apply makes the page reconnect) and how many parts inside panels (a village's cell, a
/// character) were replaced on their own.
async fn watch_updates(client: &fantoccini::Client) {
    client
        .execute(
            "const table = document.getElementById('table');
             window.updateWatch = { lost: 0, inner: 0 };
             new MutationObserver(function (records) {
               records.forEach(function (record) {
                 if (record.type === 'attributes' && table.dataset.connected === 'false') {
                   window.updateWatch.lost += 1;
                 }
                 record.addedNodes.forEach(function (node) {
                   if (/^t-(village-[0-9]+|characters|market|display|status)-/.test(node.id || '')) {
                     window.updateWatch.inner += 1;
                   }
                 });
               });
             }).observe(table, { attributes: true, attributeFilter: ['data-connected'],
                                 childList: true, subtree: true });",
            vec![],
        )
        .await
        .expect("watch the table's updates");
}

/// Opens the header's language switch, which folds the languages behind the current one.
async fn open_language_switch(client: &fantoccini::Client) {
    client
        .find(Locator::Css(".lang-switch summary"))
        .await
        .expect("the language switch")
        .click()
        .await
        .expect("open the language switch");
    wait_until(
        client,
        "document.querySelector('.lang-switch').open",
        "the languages listed",
        Duration::from_secs(5),
    )
    .await;
}
