//! Vacation changes whose games have not all learnt of them: a request brings a person's
//! games up to date before it answers, but a node that stopped half-way leaves the change
//! marked in the database. Every node looks for such marks every `interval` and finishes the
//! work (`crate::vacations::clocks::sync_games_of`); doing it twice changes nothing.

use std::time::Duration;

use crate::state::AppState;
use crate::vacations::clocks::sync_games_of;

/// Most people brought up to date in one look.
const BATCH: i64 = 50;

/// Every `interval`: brings up to date the games of the people with a vacation change marked.
pub async fn keep_clocks_up_to_date(app: AppState, interval: Duration) {
    let mut ticks = tokio::time::interval(interval);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let marked = match app.store.vacation_changes_to_sync(BATCH).await {
            Ok(marked) => marked,
            Err(error) => {
                tracing::warn!("cannot look for vacation changes: {error}");
                continue;
            }
        };
        let mut without_failure = true;
        for (user_id, _) in marked {
            if let Err(error) = sync_games_of(&app, &user_id).await {
                tracing::warn!("games not yet up to date with a vacation: {error}");
                without_failure = false;
            }
        }
        if without_failure {
            crate::live::metrics::worker_looked("vacations", app.store.node());
        }
    }
}
