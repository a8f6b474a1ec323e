//! The event worker: follows what the write path publishes and starts what follows from it, a
//! bot's move (or a person's forced step), the rating of a finished rated game, and a look at
//! the tournaments when a game ends. The write path never calls these itself.

use crate::live::events::GameEvent;
use crate::state::AppState;
use crate::workers::{bots, ratings};

/// Runs until the node stops.
pub async fn follow_events(app: AppState) {
    let Some(mut events) = app.events.take_receiver() else {
        tracing::error!("the event worker runs once per node");
        return;
    };
    while let Some(event) = events.recv().await {
        match event {
            GameEvent::Published {
                game,
                bot_next,
                ended,
                finished_rated,
            } => {
                if bot_next {
                    bots::wake(&app, &game);
                }
                if finished_rated {
                    ratings::rate_later(&app, &game);
                }
                if ended {
                    app.tournament_wake.notify_one();
                }
            }
        }
    }
}
