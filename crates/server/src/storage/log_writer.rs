//! The game-log writer: one task commits whatever log writes are waiting in one transaction
//! (group commit) and answers each caller only after the commit.
//!
//! Each write is guarded by the version its caller saw: the games row moves from that version
//! to the next, or nothing of the write happens. Writes in a group are taken in game order, so
//! two nodes committing groups at once never wait on each other in a circle.

use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

use super::games::{clock_column, winners_column};
use super::mail_outbox::MailPlanKey;
use super::{LogChange, RowSummary, Store, StoreError, StoreResult};
use crate::domain::clock::Clock;
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

/// Runs the writer on a thread of its own, with a runtime of its own (SQLite).
///
/// Each statement is a round trip to SQLite's worker thread, and its answer wakes the writer
/// from outside the server's runtime: there the writer would queue behind every ready request
/// task (woken tasks from other threads are taken from a shared queue only now and then), and
/// under load that wait, times the four statements of a small group, was most of an action's
/// latency while the cores idled. On its own thread the writer runs the moment its answer
/// comes. (PostgreSQL's connections belong to the runtime that opened them: the writer stays.)
///
/// # Errors
/// The thread or its runtime could not be started.
pub(super) fn run_on_own_thread(
    write_loop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name("game-log-writer".into())
        .spawn(move || runtime.block_on(write_loop))?;
    Ok(())
}

/// Runs one group in a transaction; a write whose version moved on changes nothing and is
/// reported alone.
///
/// Each statement is a round trip to the database, so the group's first write of each game
/// (nearly always its only one) is claimed for all games in one statement and their appended
/// actions inserted in another: a group costs four round trips whatever its size, not two per
/// write. A game's later writes in the same group follow one by one, each against the version
/// the one before left.
async fn commit_group(
    pool: &AnyPool,
    batch: &[WriteRequest],
    announcing: &Announcing,
) -> Result<Vec<StoreResult<()>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    // The batch is in game order: a write is its game's first when the one before is another's.
    let first_of_game: Vec<bool> = (0..batch.len())
        .map(|i| i == 0 || batch[i].write.game_id != batch[i - 1].write.game_id)
        .collect();
    let firsts: Vec<&LogWrite> = batch
        .iter()
        .zip(&first_of_game)
        .filter(|(_, first)| **first)
        .map(|(request, _)| &request.write)
        .collect();
    let claimed = claim_versions(&mut tx, &firsts).await?;
    let mut applied: Vec<bool> = batch
        .iter()
        .zip(&first_of_game)
        .map(|(request, first)| *first && claimed.contains(request.write.game_id.as_str()))
        .collect();
    let claimed_firsts: Vec<&LogWrite> = batch
        .iter()
        .zip(&applied)
        .filter(|(_, applied)| **applied)
        .map(|(request, _)| &request.write)
        .collect();
    append_actions(&mut tx, &claimed_firsts).await?;
    for write in &claimed_firsts {
        if let LogChange::Truncate { from, count } = &write.change {
            truncate(&mut tx, &write.game_id, *from, *count).await?;
        }
    }
    for (i, request) in batch.iter().enumerate() {
        if first_of_game[i] {
            continue;
        }
        let write = &request.write;
        applied[i] = claim_versions(&mut tx, &[write])
            .await?
            .contains(&write.game_id);
        if !applied[i] {
            continue;
        }
        match &write.change {
            LogChange::Append { .. } => append_actions(&mut tx, &[write]).await?,
            LogChange::Truncate { from, count } => {
                truncate(&mut tx, &write.game_id, *from, *count).await?
            }
        }
    }
    for (request, applied) in batch.iter().zip(&applied) {
        if *applied {
            announce(&mut tx, &request.write, announcing).await?;
        }
    }
    tx.commit().await?;
    Ok(applied
        .into_iter()
        .map(|applied| {
            if applied {
                Ok(())
            } else {
                Err(StoreError::Conflict)
            }
        })
        .collect())
}

/// Moves each write's game from its expected version to the next, with the write's summary, in
/// one statement; returns the games moved. A game not at its expected version, or no longer
/// running, is left as it is (and missing from the answer).
async fn claim_versions(
    tx: &mut sqlx::AnyConnection,
    writes: &[&LogWrite],
) -> Result<std::collections::HashSet<String>, sqlx::Error> {
    if writes.is_empty() {
        return Ok(std::collections::HashSet::new());
    }
    // Both databases name a VALUES list's columns column1, column2, …; the casts give
    // PostgreSQL the types its parameters would otherwise lack.
    let rows = (0..writes.len())
        .map(|i| {
            let p = i * 8;
            format!(
                "(CAST(${} AS TEXT), CAST(${} AS BIGINT), CAST(${} AS TEXT), CAST(${} AS BIGINT), \
                 CAST(${} AS TEXT), CAST(${} AS TEXT), CAST(${} AS BIGINT), CAST(${} AS BIGINT))",
                p + 1,
                p + 2,
                p + 3,
                p + 4,
                p + 5,
                p + 6,
                p + 7,
                p + 8
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "UPDATE games SET version = v.column2 + 1, status = v.column3, to_move = v.column4, \
         winners = v.column5, clock = v.column6, deadline = v.column7, forced_step = v.column8 \
         FROM (VALUES {rows}) AS v \
         WHERE games.id = v.column1 AND games.version = v.column2 AND games.status = 'running' \
         RETURNING games.id"
    );
    let mut query = sqlx::query(&sql).persistent(writes.len() <= PREPARED_UP_TO);
    for write in writes {
        let summary = &write.summary;
        query = query
            .bind(write.game_id.as_str())
            .bind(write.expected_version as i64)
            .bind(summary.status.as_str())
            .bind(summary.to_move.map(|seat| i64::from(seat.0)))
            .bind(winners_column(summary))
            .bind(clock_column(summary.clock.as_ref()))
            .bind(summary.clock.as_ref().and_then(Clock::deadline_ms))
            .bind(i64::from(summary.forced_step));
    }
    let rows = query.fetch_all(&mut *tx).await?;
    rows.iter().map(|row| row.try_get::<String, _>(0)).collect()
}

/// Groups of up to this many writes keep their statements prepared; larger ones, which vary in
/// size, would only push the server's other statements out of the cache.
const PREPARED_UP_TO: usize = 4;

/// Inserts the actions the claimed `writes` append, in one statement. The versions matched, so
/// each log is exactly as its writer saw it and the index is free.
async fn append_actions(
    tx: &mut sqlx::AnyConnection,
    writes: &[&LogWrite],
) -> Result<(), sqlx::Error> {
    let appends: Vec<(&str, u64, helvetia_engine::Seat, String)> = writes
        .iter()
        .filter_map(|write| match &write.change {
            LogChange::Append {
                index,
                seat,
                action,
            } => Some((
                write.game_id.as_str(),
                *index,
                *seat,
                serde_json::to_string(action).expect("actions serialize"),
            )),
            LogChange::Truncate { .. } => None,
        })
        .collect();
    if appends.is_empty() {
        return Ok(());
    }
    let rows = (0..appends.len())
        .map(|i| {
            let p = i * 4;
            format!("(${}, ${}, ${}, ${})", p + 1, p + 2, p + 3, p + 4)
        })
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!("INSERT INTO actions (game_id, idx, seat, action) VALUES {rows}");
    let mut query = sqlx::query(&sql).persistent(appends.len() <= PREPARED_UP_TO);
    for (game_id, index, seat, action) in appends {
        query = query
            .bind(game_id)
            .bind(index as i64)
            .bind(i64::from(seat.0))
            .bind(action);
    }
    query.execute(&mut *tx).await?;
    Ok(())
}

/// Takes back the last `count` actions of a claimed game's log, from number `from` on. Anything
/// else than exactly those is a broken database and fails the whole group.
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

/// Tells other nodes of an applied write (PostgreSQL) and plans the mail it calls for.
async fn announce(
    tx: &mut sqlx::AnyConnection,
    write: &LogWrite,
    announcing: &Announcing,
) -> Result<(), sqlx::Error> {
    let next_version = write.expected_version + 1;
    let notice = Notice::GameChanged {
        game_id: write.game_id.clone(),
        version: next_version,
    };
    super::announce_within(tx, announcing.postgres, &announcing.node, &notice).await?;
    if let (true, Some(mail)) = (announcing.plans_mail, &write.mail) {
        let key = MailPlanKey::new(&write.game_id, next_version as i64);
        super::mail_outbox::plan_mail(tx, mail, &key).await?;
    }
    Ok(())
}
