//! The game-log writer: one task commits whatever log writes are waiting in one transaction
//! (group commit) and answers each caller only after the commit.
//!
//! Each write is guarded by the version its caller saw: the games row moves from that version
//! to the next, or nothing of the write happens. A group holds one write per game (a game's
//! next write waits for the next group), taken in game order, so two nodes committing groups at
//! once never wait on each other in a circle.
//!
//! On SQLite every statement is a round trip to the connection's own thread, and a group of
//! single writes spent most of its time on those trips: there a group with more than one append
//! claims them with one statement per kind of claim and appends them with one more, whatever
//! their number. A lone append keeps its one statement string (claim and append), which is one
//! round trip fewer than the grouped pair. PostgreSQL locks the rows a statement changes in the
//! order it meets them, so there each write stays one statement, in game order.
//!
//! On SQLite the actions go to the log's newest rows, which the writer moves into the log's
//! table every [`log_compaction::MOVE_AT`] actions, after answering the group that reached it.

use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

use super::claim::{Claim, ClaimRow};
use super::game_changes::{GameChange, Telling};
use super::group_writes::{self, AppendRow};
use super::log_compaction;
use super::{LogChange, RowSummary, Store, StoreError, StoreResult};
use crate::domain::mail_event::MailEvent;

struct LogWrite {
    game_id: String,
    expected_version: u64,
    change: LogChange,
    summary: RowSummary,
    mail: Option<MailEvent>,
}

pub(super) struct WriteRequest {
    write: LogWrite,
    done: oneshot::Sender<StoreResult<()>>,
}

/// Most writes committed in one transaction.
const MAX_GROUP: usize = group_writes::MOST_ROWS;

impl Store {
    /// Changes the log of `game_id` from `expected_version` to the next version and waits until
    /// that is committed, with the event it tells people of (by mail, by webhook).
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
    telling: Telling,
) {
    let mut batch = Vec::with_capacity(MAX_GROUP);
    let mut next_group = Vec::new();
    // On SQLite, the actions appended to the log's newest rows and not moved yet.
    let mut recent = if telling.postgres {
        0
    } else {
        log_compaction::waiting(&pool)
            .await
            .unwrap_or_else(|error| {
                tracing::error!("counting the log's newest actions failed: {error}");
                0
            })
    };
    loop {
        batch.append(&mut next_group);
        if batch.is_empty() {
            if requests.recv_many(&mut batch, MAX_GROUP).await == 0 {
                return;
            }
        } else {
            // Writes held back from the last group go now, with whatever else waits.
            while batch.len() < MAX_GROUP {
                match requests.try_recv() {
                    Ok(request) => batch.push(request),
                    Err(_) => break,
                }
            }
        }
        hold_back_second_writes(&mut batch, &mut next_group);
        match commit_group(&pool, &batch, &telling).await {
            Ok(outcomes) => {
                for (request, outcome) in batch.drain(..).zip(outcomes) {
                    let appended = matches!(request.write.change, LogChange::Append { .. });
                    recent += u64::from(appended && outcome.is_ok());
                    let _ = request.done.send(outcome);
                }
                if !telling.postgres && recent >= log_compaction::MOVE_AT {
                    recent = 0;
                    let started = std::time::Instant::now();
                    match log_compaction::move_recent(&pool).await {
                        Ok(moved) => tracing::debug!(
                            "moved the log's {moved} newest actions in {:?}",
                            started.elapsed()
                        ),
                        Err(error) => {
                            tracing::error!("moving the log's newest actions failed: {error}");
                        }
                    }
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

/// Sorts `batch` by game and moves every write after a game's first (in the order they came) to
/// `held_back`: a group changes each game once.
fn hold_back_second_writes(batch: &mut Vec<WriteRequest>, held_back: &mut Vec<WriteRequest>) {
    // Stable: a game's writes keep the order they came in.
    batch.sort_by(|a, b| a.write.game_id.cmp(&b.write.game_id));
    let mut group = Vec::with_capacity(batch.len());
    for request in batch.drain(..) {
        let repeat = group
            .last()
            .is_some_and(|last: &WriteRequest| last.write.game_id == request.write.game_id);
        if repeat {
            held_back.push(request);
        } else {
            group.push(request);
        }
    }
    *batch = group;
}

/// Removes the last `count` actions of a game's log, from index `from`.
async fn truncate(
    tx: &mut sqlx::AnyConnection,
    game_id: &str,
    from: u64,
    count: u64,
) -> Result<(), sqlx::Error> {
    let mut removed = 0;
    // Wherever they are: the newest rows on SQLite, or moved into the log's table already.
    for table in ["actions", "recent_actions"] {
        removed += sqlx::query(&format!(
            "DELETE FROM {table} WHERE game_id = $1 AND idx >= $2"
        ))
        .bind(game_id)
        .bind(from as i64)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    }
    if removed != count {
        return Err(sqlx::Error::Protocol(format!(
            "game {game_id}: the log does not end with {count} actions from {from}"
        )));
    }
    Ok(())
}

/// Runs one group in a transaction on a connection of `pool`, and gives the connection back
/// before answering. Given back here rather than on drop: a dropped connection goes back to the
/// pool in a task of its own, which waits behind every answer the commit woke, and the next
/// group (and every other statement) waits for it.
async fn commit_group(
    pool: &AnyPool,
    batch: &[WriteRequest],
    telling: &Telling,
) -> Result<Vec<StoreResult<()>>, sqlx::Error> {
    let mut connection = pool.acquire().await?;
    let outcome = commit_group_on(&mut connection, batch, telling).await;
    connection.return_to_pool().await;
    outcome
}

/// Runs one group in a transaction on `connection`; a write whose version moved on changes
/// nothing and is reported alone.
async fn commit_group_on(
    connection: &mut sqlx::AnyConnection,
    batch: &[WriteRequest],
    telling: &Telling,
) -> Result<Vec<StoreResult<()>>, sqlx::Error> {
    let appends = batch
        .iter()
        .filter(|request| matches!(request.write.change, LogChange::Append { .. }))
        .count();
    if !telling.postgres && appends > 1 {
        let mut tx = sqlx::Connection::begin(&mut *connection).await?;
        if claim_and_append_together(&mut tx, batch).await? {
            return commit_writes(tx, batch, telling, Appended::Together).await;
        }
        // A claim found its game moved on (it is at another version than its writer saw):
        // nothing of the group stays, and the group goes again a write at a time, which tells
        // whose it was.
        tx.rollback().await?;
    }
    let tx = sqlx::Connection::begin(&mut *connection).await?;
    commit_writes(tx, batch, telling, Appended::OneByOne).await
}

/// How a group's appends are made.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Appended {
    /// Every one of them is claimed and made already ([`claim_and_append_together`]).
    Together,
    /// Each with its claim, in the group's order.
    OneByOne,
}

/// Makes each write of `batch` in `tx` (its appends already made if `appended` says so), tells
/// the changes made (their notices and events, [`Telling::all_within`]), and commits.
async fn commit_writes(
    mut tx: sqlx::Transaction<'_, sqlx::Any>,
    batch: &[WriteRequest],
    telling: &Telling,
    appended: Appended,
) -> Result<Vec<StoreResult<()>>, sqlx::Error> {
    let mut outcomes = Vec::with_capacity(batch.len());
    let mut changes = Vec::with_capacity(batch.len());
    for request in batch {
        let write = &request.write;
        let next_version = write.expected_version + 1;
        let claim = Claim::of(&write.summary);
        let row = || ClaimRow::of(&write.game_id, write.expected_version, &write.summary);
        let claimed = match &write.change {
            LogChange::Append { .. } if appended == Appended::Together => true,
            LogChange::Append {
                index,
                seat,
                action,
            } => {
                // The claim and the append in one round trip: the append is made only if the
                // claim moved the version.
                let sql = claim.with_append_sql(telling.postgres);
                let changed = claim
                    .bind(sqlx::query(sql), row())
                    .bind(*index as i64)
                    .bind(i64::from(seat.0))
                    .bind(serde_json::to_string(action).expect("actions serialize"))
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                match (telling.postgres, changed) {
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
                let claimed = claim
                    .bind(sqlx::query(claim.sql()), row())
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
        changes.push(GameChange {
            game_id: &write.game_id,
            version: next_version,
            event: write
                .mail
                .as_ref()
                .map(|event| (event, next_version as i64)),
        });
        outcomes.push(Ok(()));
    }
    telling.all_within(&mut tx, &changes).await?;
    tx.commit().await?;
    Ok(outcomes)
}

/// SQLite: claims the rows of every append in `batch` (one game each), one statement per kind
/// of claim, then appends their actions in one more. Answers whether every claim was made (and
/// with it every append); if not, the caller rolls the transaction back.
///
/// The claims are counted, not returned row by row: SQLite's thread hands each returned row to
/// the runtime on its own, which woke the writer once per write of the group.
async fn claim_and_append_together(
    tx: &mut sqlx::AnyConnection,
    batch: &[WriteRequest],
) -> Result<bool, sqlx::Error> {
    // The claims of the batch's appends by kind, and the appends.
    let mut of_kind: [Vec<ClaimRow>; Claim::ALL.len()] = Default::default();
    let mut appends = Vec::with_capacity(batch.len());
    for request in batch {
        let write = &request.write;
        let LogChange::Append {
            index,
            seat,
            action,
        } = &write.change
        else {
            continue;
        };
        let claim = ClaimRow::of(&write.game_id, write.expected_version, &write.summary);
        of_kind[Claim::of(&write.summary) as usize].push(claim);
        appends.push(AppendRow {
            id: &write.game_id,
            idx: *index as i64,
            seat: i64::from(seat.0),
            action: serde_json::to_string(action).expect("actions serialize"),
        });
    }
    for (kind, rows) in Claim::ALL.into_iter().zip(of_kind) {
        if rows.is_empty() {
            continue;
        }
        let count = rows.len() as u64;
        let claimed = group_writes::claims(kind, rows)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if claimed != count {
            return Ok(false);
        }
    }
    let count = appends.len() as u64;
    let inserted = group_writes::appends(appends)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if inserted != count {
        return Err(sqlx::Error::Protocol(format!(
            "{count} actions claimed, {inserted} appended"
        )));
    }
    Ok(true)
}
