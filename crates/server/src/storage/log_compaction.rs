//! The log's newest actions on SQLite: appended to `recent_actions`, a table without an index,
//! and moved into `actions` about a thousand at a time.
//!
//! An action appended to `actions` changes its game's page of the key `(game_id, idx)`, and a
//! commit holds an action of most running games: a hundred pages of the write-ahead log a
//! commit, written and synced, for about as many actions. Appended to `recent_actions` a
//! commit's actions share a page or two; moved sorted by game, each game's page of the key
//! changes once for all its actions since the last move. Every read of a game's log reads both
//! tables (the newest table holds about a thousand rows, read whole). PostgreSQL appends
//! to `actions` and leaves `recent_actions` empty.

use sqlx::{AnyPool, Connection, Row};

/// Actions appended to `recent_actions` after which the log writer moves them into `actions`
/// (and a group's more at most: a read of a game's log reads about this many rows beside its
/// own). A move holds the one connection: 4,096 at a time took about 20 ms a move, which every
/// write waiting then waited out, and raised the closed loop's slowest hundredth; 1,024 gained
/// as much.
pub const MOVE_AT: u64 = 1024;

/// Actions in `recent_actions` now (after a restart, the ones the last run left there).
pub(super) async fn waiting(pool: &AnyPool) -> Result<u64, sqlx::Error> {
    let count: i64 = sqlx::query("SELECT COUNT(*) FROM recent_actions")
        .fetch_one(pool)
        .await?
        .try_get(0)?;
    Ok(count as u64)
}

/// Moves every action of `recent_actions` into `actions` in one transaction, sorted by game;
/// answers how many. Nothing moves if any fails (the reads find them where they were).
pub(super) async fn move_recent(pool: &AnyPool) -> Result<u64, sqlx::Error> {
    let mut connection = pool.acquire().await?;
    let mut tx = connection.begin().await?;
    let moved = sqlx::query(
        "INSERT INTO actions (game_id, idx, seat, action) \
         SELECT game_id, idx, seat, action FROM recent_actions ORDER BY game_id, idx",
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    sqlx::query("DELETE FROM recent_actions")
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    connection.return_to_pool().await;
    Ok(moved)
}
