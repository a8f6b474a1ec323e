//! End-to-end in headless Chromium: a game with a clock shows it counting down on the table, a
//! chat line from one player reaches the other as text, and after the game the leaderboard and
//! a profile with its rating chart, the mail settings. Saves screenshots in `docs/screenshots/`.
//!
//! Needs Debian's `chromium` and `chromium-driver`.

use crate::browser_support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    click, play_until_over, register, screenshot, start_a_game_for_two, table_state, text_of,
    wait_until, Browser, TestServer,
};

async fn choose(client: &Client, select: &str, value: &str) {
    client
        .find(Locator::Css(select))
        .await
        .unwrap_or_else(|e| panic!("no {select}: {e}"))
        .select_by_value(value)
        .await
        .expect("choose");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_counts_a_chat_line_arrives_and_the_result_is_rated() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1400, 1100).await;
    let beat = browser.session(1400, 1100).await;
    register(&anna, &server, "anna").await;
    register(&beat, &server, "beat").await;

    // A live game: five minutes each and ten seconds per turn.
    choose(&anna, "#time_control", "300:0:10").await;
    let id = start_a_game_for_two(&anna, &beat, &server).await;

    // The clock of whoever decides counts down on both tables.
    for client in [&anna, &beat] {
        wait_until(
            client,
            "document.querySelector('#table .clocks .clock.running .clock-left')",
            "a running clock",
            Duration::from_secs(20),
        )
        .await;
    }
    // Every page's title counts the games waiting for you.
    let mover = if table_state(&anna).await.is_some_and(|s| s.your_turn) {
        &anna
    } else {
        &beat
    };
    wait_until(
        mover,
        "document.title.includes('(1) ')",
        "the waiting game counted in the title",
        Duration::from_secs(10),
    )
    .await;
    let before = text_of(&anna, "#table .clock.running .clock-left").await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let after = text_of(&anna, "#table .clock.running .clock-left").await;
    assert_ne!(before, after, "the clock counts down");
    assert!(
        after.starts_with("4:") || after.starts_with("5:"),
        "{before} then {after}"
    );
    assert_eq!(
        anna.find_all(Locator::Css("#table .clocks .clock"))
            .await
            .unwrap()
            .len(),
        2
    );

    anna.execute("window.scrollTo(0, 0)", vec![]).await.unwrap();
    screenshot(&anna, "table-clock").await;

    // Anna writes, with markup in it: Beat reads it as text. He answers with a quick phrase.
    // Beat is at the top of the page, the chat out of view: the chat button counts the line.
    beat.execute("window.scrollTo(0, 0)", vec![]).await.unwrap();
    let said = "Grüezi <b>Beat</b>, viel Glück!";
    let field = anna
        .find(Locator::Css(".chat-form input[name=text]"))
        .await
        .unwrap();
    field.send_keys(said).await.unwrap();
    anna.find(Locator::Css(".chat-form button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &beat,
        "document.querySelector('.chat-lines li .chat-text')",
        "Anna's chat line on Beat's page",
        Duration::from_secs(20),
    )
    .await;
    assert_eq!(text_of(&beat, ".chat-lines li .chat-text").await, said);
    assert!(
        beat.find(Locator::Css(".chat-lines b")).await.is_err(),
        "no markup"
    );
    wait_until(
        &beat,
        "document.querySelector('.chat-jump .chat-unread').textContent === '1' \
         && document.querySelector('.chat-unread-status').textContent.includes('1')",
        "one unread line counted on the chat button and said politely",
        Duration::from_secs(10),
    )
    .await;
    let jump = beat.find(Locator::Css(".chat-jump")).await.unwrap();
    click(&beat, &jump).await;
    wait_until(
        &beat,
        "document.querySelector('.chat-jump .chat-unread').textContent === ''",
        "the count cleared once the chat is seen",
        Duration::from_secs(10),
    )
    .await;
    beat.find(Locator::Css(".chat-phrases [data-phrase=well-played]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &anna,
        "Array.from(document.querySelectorAll('.chat-lines .chat-text')).some(e => e.textContent === 'Well played!')",
        "Beat's quick phrase on Anna's page",
        Duration::from_secs(20),
    )
    .await;
    screenshot(&anna, "chat").await;

    // They play it out; the rated result shows on the end screen, the leaderboard and Anna's
    // profile (her rating, and the game's result among her latest games; the chart of her
    // rating waits for a second rated game).
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    play_until_over(&[&anna, &beat], &mut rng, 2_000, async |_, _| false).await;
    wait_until(
        &anna,
        "document.querySelector('#table .rating-shifts li')",
        "the rating change on the end screen",
        Duration::from_secs(20),
    )
    .await;
    anna.goto(&server.url("/leaderboard?players=2"))
        .await
        .unwrap();
    let board = text_of(&anna, "table.leaderboard").await;
    assert!(board.contains("anna") && board.contains("beat"), "{board}");
    screenshot(&anna, "leaderboard").await;
    anna.goto(&server.url("/players/anna")).await.unwrap();
    wait_until(
        &anna,
        "document.querySelector('.profile-ratings li') && document.querySelector('.games strong.result')",
        "the rating and the game's result",
        Duration::from_secs(10),
    )
    .await;
    let replay_link = format!("/games/{id}/replay");
    assert!(anna
        .find(Locator::Css(&format!("a[href='{replay_link}']")))
        .await
        .is_ok());
    screenshot(&anna, "profile").await;

    // The mail settings: an address, German, no "your turn" mails; saved, and there after a
    // reload. (This server has no --smtp-url, and says so.)
    anna.goto(&server.url("/settings")).await.unwrap();
    assert!(anna.find(Locator::Css("#no-mail")).await.is_ok());
    anna.find(Locator::Css("#email"))
        .await
        .unwrap()
        .send_keys("anna@example.org")
        .await
        .unwrap();
    choose(&anna, "#language", "de").await;
    anna.find(Locator::Css("input[name=your_turn]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    anna.find(Locator::Css("#settings-form button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &anna,
        "!document.querySelector('#settings-form .form-done').hidden",
        "the settings saved",
        Duration::from_secs(10),
    )
    .await;
    screenshot(&anna, "settings").await;
    anna.refresh().await.unwrap();
    let stored = anna
        .execute(
            "const f = document.getElementById('settings-form');\
             return [f.elements.email.value, f.elements.language.value,\
                     f.elements.your_turn.checked, f.elements.game_ended.checked];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        stored,
        serde_json::json!(["anna@example.org", "de", false, true])
    );
}
