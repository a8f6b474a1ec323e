//! Clocks that ran out: every node looks for due deadlines in the database every second and
//! hands those seats to their stand-in bots (`crate::play::stand_in::run_out`); the guarded
//! write lets exactly one node's stand-in take effect.

use std::time::Duration;

use crate::domain::clock::now_ms;
use crate::live::cache::find;
use crate::live::write_path::detached;
use crate::play::stand_in::run_out;
use crate::state::AppState;
use crate::storage::DUE_DEADLINES_BATCH;

/// Every `interval`: hands the seats whose clock ran out to their stand-in bots.
pub async fn watch_deadlines(app: AppState, interval: Duration) {
    let mut ticks = tokio::time::interval(interval);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let due = match app.store.due_deadlines(now_ms()).await {
            Ok(due) => due,
            Err(error) => {
                tracing::warn!("cannot look for clocks that ran out: {error}");
                continue;
            }
        };
        // A full batch may have left due deadlines for the next look.
        let saw_all_due = due.len() < DUE_DEADLINES_BATCH;
        let mut without_failure = true;
        for id in due {
            let live = match find(&app, &id).await {
                Ok(live) => live,
                Err(error) => {
                    tracing::warn!(game = %id, "clock not handled: {}", error.to_string());
                    without_failure = false;
                    continue;
                }
            };
            let worker = (app.clone(), live.clone());
            let ran_out = detached(&app.in_flight, async move {
                run_out(&worker.0, &worker.1).await
            })
            .await;
            if let Err(error) = ran_out {
                tracing::warn!(game = %id, "clock not handled: {}", error.to_string());
                without_failure = false;
            }
        }
        if without_failure && saw_all_due {
            crate::live::metrics::worker_looked("deadlines", app.store.node());
        }
    }
}
