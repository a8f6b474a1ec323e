//! The others' last turns in headless Chromium: in a game against a bot, after the bot's turn
//! the pieces it changed glow and a legend names the bot; after the viewer's own next action
//! that highlight is gone. Pieces that move glide and new ones fade in, except for a reader who
//! prefers reduced motion.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;

use browser_support::{
    click_random_legal, create_game, game_id, register, table_state, wait_until, Browser,
    TestServer,
};

/// What the viewer sees highlighted: the legends shown and the glowing pieces (their marking
/// attribute and value).
const HIGHLIGHT: &str = "
    const legends = Array.from(document.querySelectorAll('#table .recent-legend'))
      .filter(l => getComputedStyle(l).display !== 'none').map(l => l.textContent.trim());
    // The glow is the style sheet's, on the pieces the script marked.
    const pieces = Array.from(document.querySelectorAll(
        '#table [data-cell], #table [data-centre], #table [data-coins], #table [data-cube]'))
      .filter(p => getComputedStyle(p).filter.includes('drop-shadow'))
      .map(p => ['data-cell', 'data-centre', 'data-coins', 'data-cube']
        .filter(a => p.hasAttribute(a)).map(a => a + '=' + p.getAttribute(a)).join(' '));
    return {legends, pieces};";

async fn highlight(client: &fantoccini::Client) -> Value {
    client
        .execute(HIGHLIGHT, vec![])
        .await
        .expect("the highlight")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_last_turn_glows_until_the_viewers_next_action() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session_in_motion(1400, 1000).await;
    register(&anna, &server, "anna").await;
    create_game(&anna, 2, &["me", "bot:random"], 3).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/') && document.getElementById('table') \
         && document.getElementById('table').dataset.connected === 'true'",
        "the game page, connected",
        Duration::from_secs(20),
    )
    .await;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut seen_glow, mut seen_gone) = (false, false);
    for _ in 0..400 {
        if seen_glow && seen_gone {
            break;
        }
        wait_until(
            &anna,
            "document.querySelector('#table .table-root').dataset.yourTurn === 'true' \
             || document.querySelector('#table .table-root').dataset.status === 'finished'",
            "anna's turn",
            Duration::from_secs(30),
        )
        .await;
        let state = table_state(&anna).await.expect("the table");
        if state.finished {
            break;
        }
        assert!(state.error.is_empty(), "{}", state.error);
        let shown = highlight(&anna).await;
        let pieces = shown["pieces"].as_array().expect("pieces");
        let legends = shown["legends"].as_array().expect("legends");
        if !pieces.is_empty() {
            // The bot moved since Anna's last action: its turn glows, with its name.
            assert_eq!(legends.len(), 1, "one other player, one legend: {shown}");
            let legend = legends[0].as_str().unwrap();
            assert!(legend.contains("Bot (beginner)'s last turn"), "{legend}");
            for piece in pieces {
                let piece = piece.as_str().unwrap();
                // Coins and cubes are the bot's own (seat 1); cells and centres its doing.
                if piece.starts_with("data-coins") || piece.starts_with("data-cube") {
                    assert!(
                        piece.ends_with("-1"),
                        "only the bot's coins and cubes: {piece}"
                    );
                }
            }
            seen_glow = true;
        }
        click_random_legal(&anna, &mut rng).await;
        wait_until(
            &anna,
            &format!(
                "Number(document.querySelector('#table .table-root').dataset.version) !== {}",
                state.version
            ),
            "the table to change after a click",
            Duration::from_secs(30),
        )
        .await;
        let after = table_state(&anna).await.expect("the table");
        if !pieces.is_empty() && after.your_turn && after.version == state.version + 1 {
            // Anna acted and decides again (nobody else moved): the bot's turn no longer glows.
            let shown = highlight(&anna).await;
            assert_eq!(shown["pieces"], serde_json::json!([]), "{shown}");
            assert_eq!(shown["legends"], serde_json::json!([]), "{shown}");
            seen_gone = true;
        }
    }
    assert!(seen_glow, "the bot's turn was highlighted");
    assert!(seen_gone, "the highlight went with Anna's next action");
    anna.close().await.expect("close the browser");
}

/// Adds up, from now on, the pieces the table says moved and appeared in each change.
const COUNT_MOTION: &str = "
    const table = document.getElementById('table');
    window.motion = { moved: 0, turned: 0, appeared: 0, changes: 0 };
    new MutationObserver(function () {
      window.motion.moved += Number(table.dataset.moved || 0);
      window.motion.turned += Number(table.dataset.turned || 0);
      window.motion.appeared += Number(table.dataset.appeared || 0);
      window.motion.changes += 1;
    }).observe(table, { attributes: true, attributeFilter: ['data-appeared'], subtree: false });";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moving_pieces_glide_unless_the_reader_prefers_reduced_motion() {
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session_in_motion(1400, 1000).await;
    // A spectator without an account, whose system asks for reduced motion.
    let still = browser
        .session_with(1400, 1000, &["--force-prefers-reduced-motion"])
        .await;
    register(&anna, &server, "anna").await;
    create_game(&anna, 2, &["me", "bot:random"], 3).await;
    let connected = "location.pathname.startsWith('/games/') && document.getElementById('table') \
         && document.getElementById('table').dataset.connected === 'true'";
    wait_until(&anna, connected, "the game page", Duration::from_secs(20)).await;
    let id = game_id(&anna).await;
    still
        .goto(&server.url(&format!("/games/{id}")))
        .await
        .expect("watch the game");
    wait_until(
        &still,
        connected,
        "the spectator's table",
        Duration::from_secs(20),
    )
    .await;
    for client in [&anna, &still] {
        client
            .execute(COUNT_MOTION, vec![])
            .await
            .expect("count motion");
    }
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    // Until the moving reader has seen a glide, a turn and a fade, and twice the changes the
    // still one must see (asserted below; its page may take two updates in one), for at most
    // 60 decisions.
    let all_seen = "window.motion.moved > 0 && window.motion.turned > 0 \
                    && window.motion.appeared > 0 && window.motion.changes > 20";
    for _ in 0..60 {
        if anna
            .execute(&format!("return {all_seen};"), vec![])
            .await
            .expect("the motion counts")
            == true
        {
            break;
        }
        wait_until(
            &anna,
            "(document.querySelector('#table .table-root').dataset.yourTurn === 'true' \
              && document.querySelector('#table [data-action]')) \
             || document.querySelector('#table .table-root').dataset.status === 'finished'",
            "anna's turn",
            Duration::from_secs(30),
        )
        .await;
        let state = table_state(&anna).await.expect("the table");
        if state.finished {
            break;
        }
        click_random_legal(&anna, &mut rng).await;
        wait_until(
            &anna,
            &format!(
                "Number(document.querySelector('#table .table-root').dataset.version) !== {}",
                state.version
            ),
            "the table to change after a click",
            Duration::from_secs(30),
        )
        .await;
    }
    let version = table_state(&anna).await.expect("the table").version;
    wait_until(
        &still,
        &format!(
            "Number(document.querySelector('#table .table-root').dataset.version) >= {version}"
        ),
        "the spectator to follow",
        Duration::from_secs(30),
    )
    .await;
    let motion = |client: &fantoccini::Client| {
        let client = client.clone();
        async move {
            client
                .execute("return window.motion;", vec![])
                .await
                .expect("the motion counts")
        }
    };
    let (moving, kept_still) = (motion(&anna).await, motion(&still).await);
    assert!(
        moving["moved"].as_u64().unwrap() > 0,
        "pieces glided: {moving}"
    );
    assert!(
        moving["turned"].as_u64().unwrap() > 0,
        "villagers lay down or stood up: {moving}"
    );
    assert!(
        moving["appeared"].as_u64().unwrap() > 0,
        "pieces faded in: {moving}"
    );
    assert!(
        kept_still["changes"].as_u64().unwrap() > 10,
        "the spectator saw the changes: {kept_still}"
    );
    assert_eq!(
        kept_still["moved"], 0,
        "nothing moves with reduced motion: {kept_still}"
    );
    assert_eq!(
        kept_still["turned"], 0,
        "nobody turns with reduced motion: {kept_still}"
    );
    assert_eq!(
        kept_still["appeared"], 0,
        "nothing fades with reduced motion: {kept_still}"
    );
    anna.close().await.expect("close anna's browser");
    still.close().await.expect("close the spectator's browser");
}
