//! The browser through the reverse proxy of `docs/deploy.md`: two nodes on one PostgreSQL
//! database behind Debian's nginx, which spreads every page, request and WebSocket over both.
//! Two people create, join and play a whole game by clicking; half-way, one node is stopped
//! gracefully, its browsers reconnect through nginx to the other node, and the game goes on.
//!
//! Needs Debian's `chromium`, `chromium-driver` and `nginx`, and PostgreSQL
//! (`HELVETIA_TEST_POSTGRES`, set by the test command); without them it fails, it never skips,
//! unless PostgreSQL was opted out (`HELVETIA_TEST_POSTGRES=skip`).

use crate::browser_support;
use crate::common;

use std::time::Duration;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use browser_support::{
    end_screen_text, play_until_over, register, start_a_game_for_two, wait_until, Browser,
    TestServer,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_through_nginx_while_a_node_stops() {
    // Two nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = common::Database::postgres(&admin).await;
    let mut server = TestServer::behind_proxy(&database.url).await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1400, 1100).await;
    let beat = browser.session(1400, 1100).await;
    register(&anna, &server, "anna").await;
    register(&beat, &server, "beat").await;
    start_a_game_for_two(&anna, &beat, &server).await;

    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut stopping = Some(server.nodes.remove(0));
    let clicks = play_until_over(&[&anna, &beat], &mut rng, 2_000, async |_, version| {
        if version >= 20 {
            if let Some(node) = stopping.take() {
                // Readiness fails, browsers are told to reconnect, commits finish.
                node.shutdown().await;
                // The browsers that were on the stopped node reconnect through nginx (after
                // half a second); nobody clicks before they are back, as a person would not
                // while the page says the connection is lost.
                tokio::time::sleep(Duration::from_millis(1500)).await;
                for client in [&anna, &beat] {
                    wait_until(
                        client,
                        "document.getElementById('table').dataset.connected === 'true'",
                        "the browser to reconnect through nginx",
                        Duration::from_secs(20),
                    )
                    .await;
                }
            }
        }
        false
    })
    .await;
    assert!(stopping.is_none(), "a node was stopped half-way");
    assert!(clicks > 20, "a whole game takes more than {clicks} clicks");
    for client in [&anna, &beat] {
        let text = end_screen_text(client).await;
        assert!(text.contains("anna") && text.contains("beat"), "{text}");
    }
    anna.close().await.expect("close Anna's browser");
    beat.close().await.expect("close Beat's browser");
}
