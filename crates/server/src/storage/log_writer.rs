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

use std::collections::HashSet;

use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

use super::claim::{AppendRow, Claim, ClaimRow, APPEND_MANY_SQLITE};
use super::mail_outbox::MailPlanKey;
use super::{LogChange, RowSummary, Store, StoreError, StoreResult};
use crate::domain::mail_event::MailEvent;
use crate::domain::notice::Notice;

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
    let mut next_group = Vec::new();
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
    let appends = batch
        .iter()
        .filter(|request| matches!(request.write.change, LogChange::Append { .. }))
        .count();
    let together = !announcing.postgres && appends > 1;
    let appended_together = if together {
        claim_and_append_together(&mut tx, batch).await?
    } else {
        Vec::new()
    };
    let mut outcomes = Vec::with_capacity(batch.len());
    for (n, request) in batch.iter().enumerate() {
        let write = &request.write;
        let next_version = write.expected_version + 1;
        let claim = Claim::of(&write.summary);
        let row = || ClaimRow::of(&write.game_id, write.expected_version, &write.summary);
        let claimed = match &write.change {
            LogChange::Append { .. } if together => appended_together[n],
            LogChange::Append {
                index,
                seat,
                action,
            } => {
                // The claim and the append in one round trip: the append is made only if the
                // claim moved the version.
                let sql = claim.with_append_sql(announcing.postgres);
                let changed = claim
                    .bind(sqlx::query(sql), row())
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

/// SQLite: claims the rows of every append in `batch` (one game each), one statement per kind
/// of claim, then appends the actions of those claimed in one more. Answers, for each write of
/// the batch, whether it was an append that was claimed and made.
async fn claim_and_append_together(
    tx: &mut sqlx::AnyConnection,
    batch: &[WriteRequest],
) -> Result<Vec<bool>, sqlx::Error> {
    // Each append of the batch: its place, its kind of claim, the claim and the append.
    let pending: Vec<(usize, Claim, ClaimRow, AppendRow)> = batch
        .iter()
        .enumerate()
        .filter_map(|(n, request)| {
            let write = &request.write;
            let LogChange::Append {
                index,
                seat,
                action,
            } = &write.change
            else {
                return None;
            };
            let claim = ClaimRow::of(&write.game_id, write.expected_version, &write.summary);
            let append = AppendRow {
                id: &write.game_id,
                idx: *index as i64,
                seat: i64::from(seat.0),
                action: serde_json::to_string(action).expect("actions serialize"),
            };
            Some((n, Claim::of(&write.summary), claim, append))
        })
        .collect();
    let mut appended = vec![false; batch.len()];
    let mut appends = Vec::with_capacity(pending.len());
    for kind in Claim::ALL {
        let of_kind: Vec<_> = pending.iter().filter(|(_, k, ..)| *k == kind).collect();
        if of_kind.is_empty() {
            continue;
        }
        let rows: Vec<&ClaimRow> = of_kind.iter().map(|(_, _, row, _)| row).collect();
        let claims = serde_json::to_string(&rows).expect("claims serialize");
        let claimed: HashSet<String> = sqlx::query_scalar(kind.many_sql())
            .bind(claims)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .collect();
        for (n, _, row, append) in of_kind {
            if claimed.contains(row.game_id()) {
                appended[*n] = true;
                appends.push(append);
            }
        }
    }
    if !appends.is_empty() {
        let rows = serde_json::to_string(&appends).expect("appends serialize");
        let inserted = sqlx::query(APPEND_MANY_SQLITE)
            .bind(rows)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if inserted != appends.len() as u64 {
            return Err(sqlx::Error::Protocol(format!(
                "{} actions claimed, {inserted} appended",
                appends.len()
            )));
        }
    }
    Ok(appended)
}
