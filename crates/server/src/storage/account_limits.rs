//! The per-account caps, checked inside the transaction that would go past them: the account's
//! row is locked first, so two requests of one account (on one node or on several) count one
//! after the other and cannot both slip under a cap.

use sqlx::{Row, Transaction};

use super::{StoreError, StoreResult};

/// What an account may hold at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapKind {
    /// Games it created that wait for players.
    OpenGames,
    /// Running games it created with a bot in a seat: the games whose searches it starts.
    BotGames,
    /// Webhooks.
    Webhooks,
}

/// A cap of one account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountCap {
    /// The account.
    pub user_id: String,
    /// What is counted.
    pub kind: CapKind,
    /// How many it may hold.
    pub limit: u32,
}

impl CapKind {
    fn count_query(self) -> &'static str {
        match self {
            CapKind::OpenGames => {
                "SELECT COUNT(*) FROM games WHERE creator_id = $1 AND status = 'open'"
            }
            CapKind::BotGames => {
                "SELECT COUNT(*) FROM games g WHERE g.creator_id = $1 AND g.status = 'running' \
                 AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'bot')"
            }
            CapKind::Webhooks => "SELECT COUNT(*) FROM webhooks WHERE user_id = $1",
        }
    }
}

/// Locks the row of the account `user_id` until `tx` ends: a write that changes nothing, which
/// takes the row's lock in PostgreSQL. SQLite is used through one connection, so its
/// transactions already run one after another: there the lock would be one more round trip to
/// that connection, which every other statement waits behind, and is left out.
pub(super) async fn lock_account(
    tx: &mut Transaction<'_, sqlx::Any>,
    user_id: &str,
) -> StoreResult<()> {
    if tx.backend_name() == "SQLite" {
        return Ok(());
    }
    // A column that no other table refers to, so that the write locks the row and touches
    // nothing else.
    sqlx::query("UPDATE users SET created_at = created_at WHERE id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Locks the account's row until `tx` ends and refuses with [`StoreError::OverLimit`] if it
/// already holds as many as `cap` allows (nothing is written then).
///
/// # Errors
/// [`StoreError::OverLimit`] at the cap, or a database failure.
pub(super) async fn within_cap(
    tx: &mut Transaction<'_, sqlx::Any>,
    cap: &AccountCap,
) -> StoreResult<()> {
    lock_account(tx, &cap.user_id).await?;
    let held: i64 = sqlx::query(cap.kind.count_query())
        .bind(&cap.user_id)
        .fetch_one(&mut **tx)
        .await?
        .try_get(0)?;
    if held >= i64::from(cap.limit) {
        return Err(StoreError::OverLimit(cap.clone()));
    }
    Ok(())
}
