//! Rating finished games (people's ratings, or the bot ladder, where the built-in levels are
//! anchors of fixed rating): when a rated game ends, the node that stored its last move rates it;
//! a game whose node stopped before that is rated at the next start. The database makes rating
//! happen once ([`crate::storage::Store::rate_game`]); the table then shows the changes.

use std::sync::Arc;

use crate::domain::rating::{anchor, Rater};
use crate::domain::seats::{all_people_or_all_bots, GameStatus, Occupant};
use crate::domain::time::now;
use crate::live::cache::{find, LiveGame};
use crate::state::AppState;

/// Rates `live` in the background if it is a finished rated game not rated yet.
pub fn rate_later(app: &AppState, live: &Arc<LiveGame>) {
    let (app, live) = (app.clone(), live.clone());
    tokio::spawn(async move { rate(&app, &live).await });
}

/// Rates the finished rated games that were not rated yet (at start).
pub async fn rate_unrated(app: AppState) {
    let ids = match app.store.games_to_rate().await {
        Ok(ids) => ids,
        Err(error) => {
            tracing::warn!("cannot look for games to rate: {error}");
            return;
        }
    };
    for id in ids {
        match find(&app, &id).await {
            Ok(live) => rate(&app, &live).await,
            Err(error) => tracing::warn!(game = %id, "not rated: {}", error.to_string()),
        }
    }
}

async fn rate(app: &AppState, live: &Arc<LiveGame>) {
    let players = {
        let state = live.lock().await;
        if state.status != GameStatus::Finished || !state.rated || !state.rating_changes.is_empty()
        {
            return;
        }
        // A seat a bot account declined opens to anyone: a person who took it leaves the game
        // unrated.
        if !all_people_or_all_bots(&state.seats) {
            return;
        }
        let Some(standings) = state.standings() else {
            return;
        };
        let players: Option<Vec<_>> = standings
            .iter()
            .map(
                |standing| match &state.seats[standing.seat.index()].occupant {
                    Occupant::Human { user_id, .. } => Some((
                        standing.seat,
                        Rater::Account(user_id.clone()),
                        standing.rank,
                    )),
                    // Only a game of bots (the bot ladder) is rated with a built-in bot seated.
                    Occupant::Bot { level } => Some((
                        standing.seat,
                        Rater::Anchor(anchor(f64::from(level.ladder().rating))),
                        standing.rank,
                    )),
                    _ => None,
                },
            )
            .collect();
        let Some(mut players) = players else {
            return;
        };
        players.sort_by_key(|(seat, ..)| seat.0);
        players
    };
    let changes = match app.store.rate_game(&live.id, &players, now()).await {
        Ok(changes) => changes,
        Err(error) => {
            tracing::warn!(game = %live.id, "not rated now (again at the next start): {error}");
            return;
        }
    };
    if changes.is_empty() {
        return;
    }
    let mut state = live.lock().await;
    state.rating_changes = changes;
    live.publish(&state);
}
