//! Games stored before the games row carried its summary (whose decision it is, the winners)
//! get it once, in the background after start, so that the lobby's lists (database queries) show
//! them correctly. Start-up itself reads no game log.

use crate::domain::game_state::GameState;
use crate::storage::Store;

/// Replays each game stored without a summary and stores its summary.
pub async fn fill_in_summaries(store: Store) {
    let ids = match store.games_without_summary().await {
        Ok(ids) => ids,
        Err(error) => {
            tracing::warn!("cannot look for games without a summary: {error}");
            return;
        }
    };
    if ids.is_empty() {
        return;
    }
    tracing::info!("filling in the summary of {} older games", ids.len());
    for id in ids {
        let record = match store.load_game(&id).await {
            Ok(Some(record)) => record,
            Ok(None) => continue,
            Err(error) => {
                tracing::error!(game = %id, "stored game is damaged: {error}");
                continue;
            }
        };
        match GameState::from_record(record) {
            Ok(state) => {
                if let Err(error) = store.store_summary(&id, &state.summary()).await {
                    tracing::warn!(game = %id, "cannot store the summary: {error}");
                }
            }
            Err(error) => tracing::error!(game = %id, "stored game is damaged: {error}"),
        }
    }
}
