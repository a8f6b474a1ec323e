//! Bot accounts and their API tokens. An account becomes a bot once, for good, and only while it
//! has played nothing (no seat in any game, not waiting in a "play now" pool or at a table it
//! made, not entered in a tournament): the guarded update decides, so two requests cannot both
//! slip past the check. A person taken to a seat, a pool or a tournament and the same account
//! becoming a bot do not both succeed either: each locks the account's row first and then
//! looks at it again ([`keep_persons`]), so the second waits for the first and then sees what
//! it wrote (on PostgreSQL a statement sees only what was committed when it began, so the
//! looking again must come after the lock). A token is kept as a hash only;
//! a lookup finds it by that hash, and a revoked token, or one of an account that is no bot,
//! finds nobody, on every node at once (nothing of it is kept in memory).

use sqlx::any::AnyRow;
use sqlx::Row;

use super::account_limits::lock_account;
use super::{Store, StoreError, StoreResult};
use crate::domain::notice::Notice;

/// One API token as its account sees it listed: never the secret, which exists only in the
/// answer that created it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiTokenRow {
    /// Its id (for revoking it).
    pub id: String,
    /// The name its person gave it.
    pub name: String,
    /// When it was created (seconds since the epoch).
    pub created_at: i64,
    /// When it was last used, if ever.
    pub last_used_at: Option<i64>,
    /// When it was revoked, if it was.
    pub revoked_at: Option<i64>,
}

fn token_row(row: &AnyRow) -> StoreResult<ApiTokenRow> {
    Ok(ApiTokenRow {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        created_at: row.try_get(2)?,
        last_used_at: row.try_get(3)?,
        revoked_at: row.try_get(4)?,
    })
}

/// The account `$1` has played nothing: no seat in any game, not waiting in a pool, not among
/// the people of a paired table whose game is still to be made, not entered in a tournament.
const PLAYED_NOTHING: &str = "NOT EXISTS (SELECT 1 FROM seats WHERE user_id = $1) \
     AND NOT EXISTS (SELECT 1 FROM play_now_waiting WHERE user_id = $1) \
     AND NOT EXISTS (SELECT 1 FROM paired_tables \
         WHERE created = 0 AND ',' || people || ',' LIKE '%,' || $1 || ',%') \
     AND NOT EXISTS (SELECT 1 FROM tournament_entries WHERE user_id = $1)";

/// Locks the rows of the accounts `user_ids`, which `tx` is about to seat, pool or enter as
/// people, and refuses with [`StoreError::Conflict`] if one of them has become a bot account.
/// Rows are locked in the order of their ids, so two such transactions cannot wait for each
/// other. The lock is [`lock_account`]'s write that changes nothing, with the check in the same
/// statement (PostgreSQL checks it again on the row as the lock finds it);
/// [`Store::make_bot_account`] takes the lock too before it looks for seats.
pub(super) async fn keep_persons(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_ids: impl IntoIterator<Item = &str>,
) -> StoreResult<()> {
    let mut user_ids: Vec<&str> = user_ids.into_iter().collect();
    user_ids.sort_unstable();
    user_ids.dedup();
    for user_id in user_ids {
        let still_a_person =
            sqlx::query("UPDATE users SET created_at = created_at WHERE id = $1 AND bot = 0")
                .bind(user_id)
                .execute(&mut **tx)
                .await?
                .rows_affected()
                == 1;
        if !still_a_person {
            return Err(StoreError::Conflict);
        }
    }
    Ok(())
}

impl Store {
    /// Turns the account `user_id` into a bot account if it has played nothing yet. Tells
    /// whether it is a bot account now (true also when it was one already). A bot decides
    /// every step itself: forced steps are no longer played for it (its settings may turn
    /// them on again), so that the server never moves while its program thinks.
    ///
    /// # Errors
    /// Database failure.
    pub async fn make_bot_account(&self, user_id: &str) -> StoreResult<bool> {
        let mut tx = self.pool.begin().await?;
        // The lock first, the decision in a statement of its own: a seat, pool or entry whose
        // transaction held the lock is committed by then, and this statement sees it.
        lock_account(&mut tx, user_id).await?;
        sqlx::query(&format!(
            "UPDATE users SET bot = 1, play_forced_steps = 0 \
             WHERE id = $1 AND bot = 0 AND {PLAYED_NOTHING}"
        ))
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        let bot: Option<i64> = sqlx::query_scalar("SELECT bot FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(bot.is_some_and(|bot| bot != 0))
    }

    /// Whether the person's account `user_id` may still become a bot account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn may_become_bot(&self, user_id: &str) -> StoreResult<bool> {
        let fresh: Option<i64> = sqlx::query_scalar(&format!(
            "SELECT 1 FROM users WHERE id = $1 AND bot = 0 AND {PLAYED_NOTHING}"
        ))
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(fresh.is_some())
    }

    /// Whether `user_id` is a bot account; `None` if there is no such account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn is_bot_account(&self, user_id: &str) -> StoreResult<Option<bool>> {
        let bot: Option<i64> = sqlx::query_scalar("SELECT bot FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(bot.map(|bot| bot != 0))
    }

    /// Stores a new token of the bot account `user_id` by its hash.
    ///
    /// # Errors
    /// Database failure.
    pub async fn create_api_token(
        &self,
        user_id: &str,
        token: &ApiTokenRow,
        token_hash: &str,
    ) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO api_tokens (id, user_id, name, token_hash, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&token.id)
        .bind(user_id)
        .bind(&token.name)
        .bind(token_hash)
        .bind(token.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The tokens of `user_id`, newest first, revoked ones included.
    ///
    /// # Errors
    /// Database failure.
    pub async fn api_tokens(&self, user_id: &str) -> StoreResult<Vec<ApiTokenRow>> {
        let rows = sqlx::query(
            "SELECT id, name, created_at, last_used_at, revoked_at FROM api_tokens \
             WHERE user_id = $1 ORDER BY created_at DESC, id",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(token_row).collect()
    }

    /// Revokes the token `id` of `user_id` at `now`. Tells whether it was live until now.
    ///
    /// # Errors
    /// Database failure.
    pub async fn revoke_api_token(&self, user_id: &str, id: &str, now: i64) -> StoreResult<bool> {
        let revoked = sqlx::query(
            "UPDATE api_tokens SET revoked_at = $1 \
             WHERE id = $2 AND user_id = $3 AND revoked_at IS NULL",
        )
        .bind(now)
        .bind(id)
        .bind(user_id)
        .execute(&self.pool)
        .await?;
        let revoked = revoked.rows_affected() == 1;
        if revoked {
            self.announce(&Notice::TokenRevoked {
                token_id: id.to_string(),
            })
            .await?;
        }
        Ok(revoked)
    }

    /// The bot account (id and name) a live token of hash `token_hash` belongs to, noting the
    /// use at `now`.
    ///
    /// # Errors
    /// Database failure.
    pub async fn bot_by_api_token(
        &self,
        token_hash: &str,
        now: i64,
    ) -> StoreResult<Option<(String, String, String)>> {
        let row = sqlx::query(
            "SELECT u.id, u.username, t.id, t.last_used_at FROM api_tokens t \
             JOIN users u ON u.id = t.user_id \
             WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND u.bot = 1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        // The time of last use is kept to the minute: no write for every request.
        let last_used: Option<i64> = row.try_get(3)?;
        let token_id: String = row.try_get(2)?;
        if last_used.is_none_or(|last| now - last >= 60) {
            sqlx::query("UPDATE api_tokens SET last_used_at = $1 WHERE id = $2")
                .bind(now)
                .bind(&token_id)
                .execute(&self.pool)
                .await?;
        }
        Ok(Some((row.try_get(0)?, row.try_get(1)?, token_id)))
    }
}
