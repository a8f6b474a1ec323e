//! The table's two layouts over a real socket: a phone asks for villages three cells wide
//! (`layout=narrow`) and gets them, may switch on the same socket (a watcher too), and a replay
//! frame comes in the layout asked for; an unknown layout is refused before the socket opens.

use crate::common;

use common::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The widths of the village drawings (their `viewBox`es) in a table update's HTML: a
/// two-player game has three villages.
fn village_widths(update: &Value) -> Vec<&str> {
    let html = update["html"].as_str().expect("a table");
    html.match_indices("<figure class=\"panel village")
        .map(|(at, _)| {
            // The village's own drawing, not the colour swatch of its caption.
            let drawing = "<svg viewBox=\"0 0 ";
            let view_box = &html[at..][html[at..].find(drawing).unwrap() + drawing.len()..];
            &view_box[..view_box.find(' ').unwrap()]
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_gets_villages_three_cells_wide_and_may_switch_on_the_same_socket() {
    let server = TestServer::start(Database::sqlite()).await;
    let (id, mut anna, mut beat) = two_player_game(&server, Some(1)).await;
    let narrow_path = format!("/api/games/{id}/ws?format=html&layout=narrow");

    let mut phone = anna
        .ws_at(&narrow_path, &[])
        .await
        .expect("a phone's socket");
    let table = phone.update_at(0).await;
    assert_eq!(village_widths(&table), ["200"; 3]);
    // The window grows past a phone's width: the whole table again, as on a desk.
    phone
        .send(json!({"type": "layout", "layout": "wide"}))
        .await;
    let table = phone.update_at(0).await;
    assert_eq!(village_widths(&table), ["380"; 3]);

    // A watcher without a log-in may change its layout too: no refusal, the table again.
    let watcher = server.client().await;
    let mut watching = watcher.ws_html(&id).await;
    let table = watching.update_at(0).await;
    assert_eq!(village_widths(&table), ["380"; 3]);
    watching
        .send(json!({"type": "layout", "layout": "narrow"}))
        .await;
    let table = watching.next().await;
    assert_eq!(table["type"], "update", "{table}");
    assert_eq!(village_widths(&table), ["200"; 3]);

    // Phones and desks get their own tables after a move, each sent as changes.
    let mut desk = beat.ws_html(&id).await;
    desk.update_at(0).await;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let played = play_http(&id, &mut [&mut anna, &mut beat], 5000, |n| {
        (rng.next_u64() % n as u64) as usize
    })
    .await;
    let on_phone = watching.update_at(played as u64).await;
    assert_eq!(on_phone["status"], "finished");
    assert_eq!(village_widths(&on_phone), ["200"; 3]);
    let on_desk = desk.update_at(played as u64).await;
    assert_eq!(village_widths(&on_desk), ["380"; 3]);

    // A replay frame in either layout, and the same game in both.
    let frame = |layout: &'static str| {
        let watcher = &watcher;
        let path = format!("/api/games/{id}/replay/{played}?layout={layout}");
        async move { watcher.clone_get(&path).await }
    };
    let (status, narrow) = frame("narrow").await;
    assert_eq!(status, StatusCode::OK, "{narrow}");
    let (status, wide) = frame("wide").await;
    assert_eq!(status, StatusCode::OK, "{wide}");
    assert_eq!(narrow["view"], wide["view"]);
    assert_eq!(village_widths(&narrow), ["200"; 3]);
    assert_eq!(village_widths(&wide), ["380"; 3]);
    let (status, refused) = frame("sideways").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");

    // An unknown layout is refused before the socket opens.
    let refused = anna
        .ws_at(
            &format!("/api/games/{id}/ws?format=html&layout=sideways"),
            &[],
        )
        .await;
    let error = refused.err().expect("the socket is refused");
    assert!(error.contains("400"), "{error}");
}
