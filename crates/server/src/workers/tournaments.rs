//! The tournament worker: every tick (`--tournament-tick-ms`), and at once when a game this
//! node holds ends or a tournament is created here, it takes each due tournament's next step
//! (`crate::tournaments::rounds`). Every node runs one; a tournament's turn in the database
//! lets one node change it at a time.

use std::time::Duration;

use crate::domain::clock::now_ms;
use crate::state::AppState;
use crate::tournaments::rounds::advance;

/// Runs until the node stops.
pub async fn play_rounds(app: AppState) {
    let mut ticks =
        tokio::time::interval(Duration::from_millis(app.config.tournament_tick_ms.max(10)));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            () = app.tournament_wake.notified() => {}
        }
        let due = match app.store.tournaments_to_advance(now_ms()).await {
            Ok(due) => due,
            Err(error) => {
                tracing::warn!("tournaments not read: {error}");
                continue;
            }
        };
        for id in due {
            match advance(&app, &id).await {
                Ok(step) => tracing::debug!(tournament = %id, "tournament step: {step:?}"),
                Err(error) => tracing::warn!(tournament = %id, "tournament not advanced: {error}"),
            }
        }
    }
}
