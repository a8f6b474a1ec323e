//! The game-log writer: one task commits whatever log writes are waiting in one transaction
//! (group commit) and answers each caller only after the commit.
//!
//! Each write is guarded by the version its caller saw: the games row moves from that version
//! to the next, or nothing of the write happens. Writes in a group are taken in game order, so
//! two nodes committing groups at once never wait on each other in a circle.

use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

use super::games::{clock_column, winners_column};
use super::mail_outbox::MailPlanKey;
use super::{LogChange, RowSummary, Store, StoreError, StoreResult};
use crate::domain::clock::Clock;
use crate::domain::mail_event::MailEvent;
use crate::domain::notice::Notice;
use crate::domain::seats::GameStatus;

struct LogWrite {
    game_id: String,
    expected_version: u64,
    change: LogChange,
    summary: RowSummary,
    mail: Option<MailEvent>,
}

/// What the writer tells besides the change itself: other nodes (PostgreSQL), and people by mail.
pub(super) struct Announcing {
    /// Whether notices are sent (PostgreSQL).
    pub postgres: bool,
    /// This node's name in its notices.
    pub node: std::sync::Arc<str>,
    /// Whether writes plan the mails they call for.
    pub plans_mail: bool,
}

pub(super) struct WriteRequest {
    write: LogWrite,
    done: oneshot::Sender<StoreResult<()>>,
}

/// Most writes committed in one transaction.
const MAX_GROUP: usize = 256;

impl Store {
    /// Changes the log of `game_id` from `expected_version` to the next version and waits until
    /// that is committed, with the mail it calls for (if this server sends mail).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the game is no longer at `expected_version` (another request
    /// or node changed it; nothing was written), or a database failure (nothing was written).
    pub async fn change_log(
        &self,
        game_id: &str,
        expected_version: u64,
        change: LogChange,
        summary: RowSummary,
        mail: Option<MailEvent>,
    ) -> StoreResult<()> {
        let (done, answer) = oneshot::channel();
        let closed = || StoreError::Database(sqlx::Error::PoolClosed);
        let write = LogWrite {
            game_id: game_id.to_string(),
            expected_version,
            change,
            summary,
            mail,
        };
        self.writer
            .send(WriteRequest { write, done })
            .await
            .map_err(|_| closed())?;
        answer.await.map_err(|_| closed())?
    }
}

/// Commits waiting log writes in groups: one transaction, one fsync, many actions.
pub(super) async fn write_loop(
    pool: AnyPool,
    mut requests: mpsc::Receiver<WriteRequest>,
    announcing: Announcing,
) {
    let mut batch = Vec::with_capacity(MAX_GROUP);
    while requests.recv_many(&mut batch, MAX_GROUP).await > 0 {
        batch.sort_by(|a, b| a.write.game_id.cmp(&b.write.game_id));
        match commit_group(&pool, &batch, &announcing).await {
            Ok(outcomes) => {
                for (request, outcome) in batch.drain(..).zip(outcomes) {
                    let _ = request.done.send(outcome);
                }
            }
            Err(error) => {
                tracing::error!("game log commit failed: {error}");
                for request in batch.drain(..) {
                    let _ = request
                        .done
                        .send(Err(StoreError::Database(sqlx::Error::WorkerCrashed)));
                }
            }
        }
    }
}

/// Moves a game's row from the version its writer saw to the next, with the row's summary
/// columns; changes one row, or none when the version moved on (or the game is not running).
const CLAIM: &str = "UPDATE games SET version = $1, status = $2, to_move = $3, winners = $4, \
     clock = $7, deadline = $8, forced_step = $9, finished_at = $10 \
     WHERE id = $5 AND version = $6 AND status = 'running'";

/// [`CLAIM`], then the action appended only if the claim changed the row (`changes()` is the
/// count of the statement before): two rows changed, or none.
const CLAIM_AND_APPEND_SQLITE: &str = "UPDATE games SET version = $1, status = $2, to_move = $3, \
     winners = $4, clock = $7, deadline = $8, forced_step = $9, finished_at = $10 \
     WHERE id = $5 AND version = $6 AND status = 'running'; \
     INSERT INTO actions (game_id, idx, seat, action) SELECT $5, $11, $12, $13 WHERE changes() = 1";

/// [`CLAIM`] and the append as one statement: one row inserted, or none.
const CLAIM_AND_APPEND_POSTGRES: &str = "WITH claimed AS (UPDATE games SET version = $1, \
     status = $2, to_move = $3, winners = $4, clock = $7, deadline = $8, forced_step = $9, \
     finished_at = $10 WHERE id = $5 AND version = $6 AND status = 'running' RETURNING id) \
     INSERT INTO actions (game_id, idx, seat, action) SELECT id, $11, $12, $13 FROM claimed";

/// Binds the claim's parameters `$1`–`$10` for `write`.
fn bind_claim<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    write: &'q LogWrite,
    next_version: u64,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    query
        .bind(next_version as i64)
        .bind(write.summary.status.as_str())
        .bind(write.summary.to_move.map(|seat| i64::from(seat.0)))
        .bind(winners_column(&write.summary))
        .bind(&write.game_id)
        .bind(write.expected_version as i64)
        .bind(clock_column(write.summary.clock.as_ref()))
        .bind(write.summary.clock.as_ref().and_then(Clock::deadline_ms))
        .bind(i64::from(write.summary.forced_step))
        // The update that finishes a game says when (the export pages by it).
        .bind((write.summary.status == GameStatus::Finished).then(crate::domain::time::now))
}

/// Removes the last `count` actions of a game's log, from index `from`.
async fn truncate(
    tx: &mut sqlx::AnyConnection,
    game_id: &str,
    from: u64,
    count: u64,
) -> Result<(), sqlx::Error> {
    let removed = sqlx::query("DELETE FROM actions WHERE game_id = $1 AND idx >= $2")
        .bind(game_id)
        .bind(from as i64)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if removed != count {
        return Err(sqlx::Error::Protocol(format!(
            "game {game_id}: the log does not end with {count} actions from {from}"
        )));
    }
    Ok(())
}

/// Runs one group in a transaction; a write whose version moved on changes nothing and is
/// reported alone.
async fn commit_group(
    pool: &AnyPool,
    batch: &[WriteRequest],
    announcing: &Announcing,
) -> Result<Vec<StoreResult<()>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    for request in batch {
        let write = &request.write;
        let next_version = write.expected_version + 1;
        let claimed = match &write.change {
            LogChange::Append {
                index,
                seat,
                action,
            } => {
                // The claim and the append in one round trip to the database: the append is
                // made only if the claim moved the version (see `CLAIM_AND_APPEND_*`).
                let sql = if announcing.postgres {
                    CLAIM_AND_APPEND_POSTGRES
                } else {
                    CLAIM_AND_APPEND_SQLITE
                };
                let changed = bind_claim(sqlx::query(sql), write, next_version)
                    .bind(*index as i64)
                    .bind(i64::from(seat.0))
                    .bind(serde_json::to_string(action).expect("actions serialize"))
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                match (announcing.postgres, changed) {
                    (_, 0) => false,
                    (true, 1) | (false, 2) => true,
                    _ => {
                        return Err(sqlx::Error::Protocol(format!(
                            "game {}: claiming and appending changed {changed} rows",
                            write.game_id
                        )))
                    }
                }
            }
            LogChange::Truncate { from, count } => {
                let claimed = bind_claim(sqlx::query(CLAIM), write, next_version)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected()
                    == 1;
                // The version matched, so the log is exactly as its writer saw it: its last
                // `count` actions start at `from`. Anything else is a broken database and
                // fails the whole group.
                if claimed {
                    truncate(&mut tx, &write.game_id, *from, *count).await?;
                }
                claimed
            }
        };
        if !claimed {
            outcomes.push(Err(StoreError::Conflict));
            continue;
        }
        let notice = Notice::GameChanged {
            game_id: write.game_id.clone(),
            version: next_version,
        };
        super::announce_within(&mut tx, announcing.postgres, &announcing.node, &notice).await?;
        if let (true, Some(mail)) = (announcing.plans_mail, &write.mail) {
            let key = MailPlanKey::new(&write.game_id, next_version as i64);
            super::mail_outbox::plan_mail(&mut tx, mail, &key).await?;
        }
        outcomes.push(Ok(()));
    }
    tx.commit().await?;
    Ok(outcomes)
}
