//! The pairing worker: pairs the "play now" pools every tick (`--play-now-tick-ms`) and at
//! once when a person on this node joins one, then seats the tables made
//! (`crate::play_now::tables`). Every node runs one; the database lets one pair at a time.

use std::time::Duration;

use crate::play_now::tables::pair_and_seat;
use crate::state::AppState;

/// Runs until the node stops.
pub async fn pair_pools(app: AppState) {
    let mut ticks =
        tokio::time::interval(Duration::from_millis(app.config.play_now_tick_ms.max(10)));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            () = app.play_now_wake.notified() => {}
        }
        match pair_and_seat(&app).await {
            Ok(created) => {
                if !created.is_empty() {
                    tracing::debug!("play now seated {} tables", created.len());
                }
                crate::live::metrics::worker_looked("play-now", app.store.node());
            }
            Err(error) => tracing::warn!("play-now pairing failed: {error}"),
        }
    }
}
