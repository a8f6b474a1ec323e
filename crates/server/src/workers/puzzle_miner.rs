//! The puzzle miner: finished games are searched for puzzles (`helvetia_ai::puzzles`), one game
//! at a time, the oldest first, each by one node. The search is costly and nobody waits for it,
//! so it runs on a thread apart from the server's and rests after each game long enough that it
//! takes at most `--puzzle-mining-share` of one core on this node.

use std::time::{Duration, Instant};

use helvetia_ai::puzzles::puzzles_in;
use helvetia_engine::GameRecord;

use crate::domain::time::now;
use crate::state::AppState;

/// Runs until the node stops; does nothing when the share is 0.
pub async fn mine_puzzles(app: AppState) {
    let share = app.config.puzzle_mining_share.min(1.0);
    if share <= 0.0 {
        return;
    }
    let idle = Duration::from_millis(app.config.puzzle_idle_ms.max(10));
    loop {
        let started = Instant::now();
        match mine_one(&app).await {
            Ok(true) => {
                crate::live::metrics::worker_looked("puzzles", app.store.node());
                // Resting `spent × (1 / share − 1)` keeps the mining to `share` of a core.
                tokio::time::sleep(started.elapsed().mul_f64(1.0 / share - 1.0)).await;
            }
            Ok(false) => {
                crate::live::metrics::worker_looked("puzzles", app.store.node());
                tokio::time::sleep(idle).await;
            }
            Err(error) => {
                tracing::warn!("puzzles not mined: {error}");
                tokio::time::sleep(idle).await;
            }
        }
    }
}

/// Mines the next finished game, if there is one: its puzzles are stored. A node that stops
/// while mining leaves that game unmined.
async fn mine_one(app: &AppState) -> Result<bool, String> {
    let store = &app.store;
    let Some(id) = store.game_to_mine().await.map_err(|e| e.to_string())? else {
        return Ok(false);
    };
    let Some(row) = store.load_game(&id).await.map_err(|e| e.to_string())? else {
        return Ok(true);
    };
    let record = GameRecord {
        options: row.options,
        seed: row.seed,
        actions: row.actions.iter().map(|&(_, action)| action).collect(),
    };
    let settings = app.config.puzzle_settings;
    let source = Some(id.clone());
    // Seeded by the game's id (not its deal, which the search must not know of): mining a
    // game twice finds the same puzzles.
    let seed = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    let found = tokio::task::spawn_blocking(move || puzzles_in(&record, source, &settings, seed))
        .await
        .map_err(|e| format!("the search stopped: {e}"))?;
    let added = store
        .add_puzzles(&found, now())
        .await
        .map_err(|e| e.to_string())?;
    tracing::debug!(game = %id, found = found.len(), added, "mined for puzzles");
    Ok(true)
}
