//! Rating finished games (people's ratings, or the bot ladder, where the built-in levels are
//! anchors of fixed rating): when a rated game ends, the node that stored its last move rates it;
//! a game whose node stopped before that is rated at the next start. The database makes rating
//! happen once ([`crate::storage::Store::rate_game`]); the table then shows the changes.

use std::sync::Arc;

use helvetia_engine::Seat;

use crate::domain::game_state::GameState;
use crate::domain::rating::{anchor, Rater};
use crate::domain::seats::{all_people_or_all_bots, GameStatus, Occupant};
use crate::domain::time::now;
use crate::live::announce::ChangeKind;
use crate::live::cache::find;
use crate::live::error::LiveError;
use crate::live::live_game::LiveGame;
use crate::live::write_path::commit;
use crate::state::AppState;
use crate::storage::StoreError;

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

/// Rates `live` through the write path's [`commit`]: decided on the finished game under the
/// writer's lock, stored once (the database refuses a second rating), then applied, published
/// and told to the workers as any change is.
async fn rate(app: &AppState, live: &Arc<LiveGame>) {
    let mut state = live.lock().await;
    let Some(players) = raters(&state) else {
        return;
    };
    let stored = async {
        let changes = app.store.rate_game(&live.id, &players, now()).await?;
        // None: another node rated it first, and the game is read again from the database.
        if changes.is_empty() {
            return Err(StoreError::Conflict);
        }
        Ok(changes)
    };
    let rated = commit(
        app,
        live,
        &mut state,
        ChangeKind::Rating,
        stored,
        |state, changes| {
            state.rating_changes = changes;
        },
    )
    .await;
    match rated {
        Ok(()) | Err(LiveError::ChangedMeanwhile) => {}
        Err(error) => {
            tracing::warn!(game = %live.id, "not rated now (again at the next start): {error}");
        }
    }
}

/// The players of `state` to rate, in seat order, with their places: none unless it is a
/// finished rated game not rated yet, among people only or bots only.
fn raters(state: &GameState) -> Option<Vec<(Seat, Rater, u8)>> {
    if state.status != GameStatus::Finished
        || !state.settings.rated
        || !state.rating_changes.is_empty()
    {
        return None;
    }
    // A seat a bot account declined opens to anyone: a person who took it leaves the game
    // unrated.
    if !all_people_or_all_bots(&state.seats) {
        return None;
    }
    let standings = state.standings()?;
    let mut players = standings
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
        .collect::<Option<Vec<_>>>()?;
    players.sort_by_key(|(seat, ..)| seat.0);
    Some(players)
}
