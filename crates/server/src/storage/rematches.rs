//! The game that follows a finished one ("play again with the same players"): linked once, so
//! that players asking at the same moment, on any nodes, end up in the same new game.

use sqlx::Row;

use super::account_limits::{within_cap, AccountCap};
use super::bot_accounts::keep_persons;
use super::game_changes::GameChange;
use super::games::persons_of;
use super::{GameRecordRow, Store, StoreError, StoreResult};
use crate::domain::mail_event::{MailEvent, MailKind};

impl Store {
    /// The game that follows `game_id`, if someone asked for one.
    ///
    /// # Errors
    /// Database failure.
    pub async fn rematch_of(&self, game_id: &str) -> StoreResult<Option<String>> {
        let row = sqlx::query("SELECT rematch_id FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(row) => Ok(row.try_get(0)?),
            None => Ok(None),
        }
    }

    /// Stores `next` as the game that follows finished game `game_id`, in one transaction with
    /// the link and the invitation it makes for the other people of `game_id` (told as a change
    /// of that game, where they take their seats), unless another request linked one first.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if `game_id` already has its rematch (nothing was written), or
    /// a database failure.
    pub async fn create_rematch(
        &self,
        game_id: &str,
        next: &GameRecordRow,
        cap: &AccountCap,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        let linked = sqlx::query(
            "UPDATE games SET rematch_id = $1 \
             WHERE id = $2 AND rematch_id IS NULL AND status = 'finished'",
        )
        .bind(&next.id)
        .bind(game_id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !linked {
            return Err(StoreError::Conflict);
        }
        keep_persons(&mut tx, persons_of(next)).await?;
        within_cap(&mut tx, cap).await?;
        self.insert_game(&mut tx, next).await?;
        let invitation = MailEvent::to_everyone(MailKind::Rematch, Some(&next.creator_id));
        let linked = GameChange {
            event: Some((&invitation, 0)),
            ..GameChange::quiet(game_id, 0)
        };
        self.telling().within(&mut tx, &linked).await?;
        self.commit_change(tx, GameChange::quiet(&next.id, 0)).await
    }
}
