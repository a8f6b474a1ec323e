//! Resignations: a person gives up a running game. It is stored like a stand-in, with a guarded
//! update of the games row (the version the node saw moves to the next), so it takes effect
//! once, on any node, and the other nodes learn of it by the change notice.

use super::game_changes::GameChange;
use super::games::{clock_column, RESIGNED};
use super::stand_ins::claim_next_version;
use super::{Resignation, Store, StoreError, StoreResult};
use crate::domain::mail_event::{MailEvent, MailKind};
use crate::domain::seats::BotLevel;

impl Store {
    /// Stores `resignation` in running game `game_id` at `expected_version`, as the next
    /// version: the seat's resignation and its bot, or the end of the game with its winners
    /// (with the "game ended" mails). Tells the other nodes.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the game is no longer running at `expected_version` (nothing
    /// was written), or a database failure.
    pub async fn resign(
        &self,
        game_id: &str,
        expected_version: u64,
        resignation: &Resignation,
    ) -> StoreResult<()> {
        let next_version = expected_version + 1;
        let clock = resignation.clock.as_ref();
        let mut tx = self.pool.begin().await?;
        let claimed = match &resignation.ends_with_winners {
            Some(winners) => {
                let winners: Vec<String> = winners.iter().map(|seat| seat.0.to_string()).collect();
                sqlx::query(
                    "UPDATE games SET version = $1, clock = $2, deadline = NULL, \
                     status = 'finished', end_reason = $3, to_move = NULL, winners = $4, \
                     finished_at = $7 WHERE id = $5 AND version = $6 AND status = 'running'",
                )
                .bind(next_version as i64)
                .bind(clock_column(clock))
                .bind(RESIGNED)
                .bind((!winners.is_empty()).then(|| winners.join(",")))
                .bind(game_id)
                .bind(expected_version as i64)
                .bind(crate::domain::time::now())
                .execute(&mut *tx)
                .await?
                .rows_affected()
                    == 1
            }
            None => claim_next_version(&mut tx, game_id, expected_version, clock).await?,
        };
        if !claimed {
            return Err(StoreError::Conflict);
        }
        sqlx::query(
            "UPDATE seats SET resigned_at = $1, stand_in = $2 WHERE game_id = $3 AND seat = $4",
        )
        .bind(resignation.at_step as i64)
        .bind(resignation.stand_in.map(BotLevel::as_str))
        .bind(game_id)
        .bind(i64::from(resignation.seat.0))
        .execute(&mut *tx)
        .await?;
        let ended = MailEvent::to_everyone(MailKind::GameEnded, None);
        let change = GameChange {
            game_id,
            version: next_version,
            event: resignation
                .ends_with_winners
                .is_some()
                .then_some((&ended, next_version as i64)),
        };
        self.commit_change(tx, change).await
    }
}
