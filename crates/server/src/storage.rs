//! Durable storage on SQLite or PostgreSQL through one code path (sqlx's `Any` driver).
//!
//! Games are event-sourced: a row of options and secret seed, the seats, and the ordered
//! actions. Every action write names the index it expects to fill; the primary key
//! `(game_id, idx)` makes two writes at one index impossible, whatever the in-memory state says.
//! Action writes go through one writer task that commits whatever is waiting in one
//! transaction (group commit), and answers each caller only after the commit.

use std::borrow::Cow;

use helvetia_engine::{Action, GameOptions};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

use crate::model::{GameStatus, Occupant, SeatRecord};

/// Why a storage call failed.
#[derive(Debug)]
pub enum StoreError {
    /// A uniqueness rule refused the write (taken name, or an index already written).
    Conflict,
    /// The database failed.
    Database(sqlx::Error),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => f.write_str("conflicting write"),
            StoreError::Database(error) => write!(f, "database: {error}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Database(error),
        }
    }
}

/// Result of a storage call.
pub type StoreResult<T> = Result<T, StoreError>;

/// A user account.
#[derive(Clone, Debug)]
pub struct UserRecord {
    /// Stable id.
    pub id: String,
    /// The name as registered.
    pub username: String,
    /// The argon2id hash in PHC form.
    pub password_hash: String,
}

/// A game as stored: everything needed to rebuild it by replay.
#[derive(Clone, Debug)]
pub struct GameRecordRow {
    /// Game id.
    pub id: String,
    /// Who created it.
    pub creator_id: String,
    /// Engine options.
    pub options: GameOptions,
    /// The secret seed.
    pub seed: u64,
    /// Open, running, finished or cancelled.
    pub status: GameStatus,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    /// The seats.
    pub seats: Vec<SeatRecord>,
    /// The actions in order, with the seat that made each.
    pub actions: Vec<(u8, Action)>,
}

/// One write of the game log, answered after its transaction commits.
enum LogWrite {
    Append {
        game_id: String,
        index: u64,
        seat: u8,
        action: String,
        finished: bool,
    },
    Truncate {
        game_id: String,
        index: u64,
    },
}

struct WriteRequest {
    write: LogWrite,
    done: oneshot::Sender<StoreResult<()>>,
}

/// Most writes committed in one transaction.
const MAX_GROUP: usize = 256;

/// The database: a pool for reads and rare writes, and the game-log writer.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<WriteRequest>,
}

fn migrator() -> Migrator {
    Migrator {
        migrations: Cow::Owned(vec![Migration::new(
            1,
            Cow::Borrowed("init"),
            MigrationType::Simple,
            Cow::Borrowed(include_str!("../migrations/0001_init.sql")),
            false,
        )]),
        ignore_missing: false,
        locking: true,
        no_tx: false,
    }
}

/// A SQLite URL that creates the file when missing.
fn with_create_mode(url: &str) -> String {
    if url.starts_with("sqlite:") && !url.contains("mode=") && !url.contains(":memory:") {
        let separator = if url.contains('?') { '&' } else { '?' };
        format!("{url}{separator}mode=rwc")
    } else {
        url.to_string()
    }
}

impl Store {
    /// Connects to `url` (`sqlite://file.db` or `postgres://…`), applies the migrations and
    /// starts the log writer. SQLite runs in WAL mode with `synchronous=FULL`: a commit is on disk.
    ///
    /// # Errors
    /// An unknown scheme, an unreachable database or a failed migration.
    pub async fn connect(url: &str) -> StoreResult<Store> {
        sqlx::any::install_default_drivers();
        let is_sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if is_sqlite { 4 } else { 8 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if is_sqlite {
                        conn.execute(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                             PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; \
                             PRAGMA wal_autocheckpoint = 0;",
                        )
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect(&with_create_mode(url))
            .await?;
        migrator()
            .run(&pool)
            .await
            .map_err(|error| StoreError::Database(error.into()))?;
        let (writer, requests) = mpsc::channel(4096);
        tokio::spawn(write_loop(pool.clone(), requests));
        if is_sqlite {
            tokio::spawn(checkpoint_loop(pool.clone()));
        }
        Ok(Store { pool, writer })
    }

    /// Creates an account.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the name (case-insensitively) is taken.
    pub async fn create_user(&self, user: &UserRecord, now: i64) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO users (id, username, username_key, password_hash, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&user.id)
        .bind(&user.username)
        .bind(user.username.to_lowercase())
        .bind(&user.password_hash)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The account with this name (case-insensitively).
    ///
    /// # Errors
    /// Database failure.
    pub async fn user_by_name(&self, username: &str) -> StoreResult<Option<UserRecord>> {
        let row =
            sqlx::query("SELECT id, username, password_hash FROM users WHERE username_key = $1")
                .bind(username.to_lowercase())
                .fetch_optional(&self.pool)
                .await?;
        row.map(|row| {
            Ok(UserRecord {
                id: row.try_get(0)?,
                username: row.try_get(1)?,
                password_hash: row.try_get(2)?,
            })
        })
        .transpose()
    }

    /// Stores a session token.
    ///
    /// # Errors
    /// Database failure.
    pub async fn create_session(
        &self,
        token: &str,
        user_id: &str,
        expires_at: i64,
    ) -> StoreResult<()> {
        sqlx::query("INSERT INTO sessions (token, user_id, expires_at) VALUES ($1, $2, $3)")
            .bind(token)
            .bind(user_id)
            .bind(expires_at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The user id, name and expiry of a session.
    ///
    /// # Errors
    /// Database failure.
    pub async fn session(&self, token: &str) -> StoreResult<Option<(String, String, i64)>> {
        let row = sqlx::query(
            "SELECT u.id, u.username, s.expires_at FROM sessions s \
             JOIN users u ON u.id = s.user_id WHERE s.token = $1",
        )
        .bind(token)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
            .transpose()
    }

    /// Ends a session.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_session(&self, token: &str) -> StoreResult<()> {
        sqlx::query("DELETE FROM sessions WHERE token = $1")
            .bind(token)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Deletes sessions that expired before `now`.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_expired_sessions(&self, now: i64) -> StoreResult<u64> {
        let result = sqlx::query("DELETE FROM sessions WHERE expires_at < $1")
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected())
    }

    /// Stores a new game with its seats.
    ///
    /// # Errors
    /// Database failure.
    pub async fn create_game(&self, game: &GameRecordRow) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, creator_id, options, seed, status, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&game.id)
        .bind(&game.creator_id)
        .bind(serde_json::to_string(&game.options).expect("options serialize"))
        .bind(game.seed as i64)
        .bind(game.status.as_str())
        .bind(game.created_at)
        .execute(&mut *tx)
        .await?;
        for seat in &game.seats {
            let (kind, user, level, token) = seat.occupant.columns();
            sqlx::query(
                "INSERT INTO seats (game_id, seat, kind, user_id, bot_level, invite_token) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&game.id)
            .bind(i64::from(seat.seat))
            .bind(kind)
            .bind(user)
            .bind(level)
            .bind(token)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Changes who sits in a seat, if it still holds `expected` (so two joins cannot both win).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the seat changed meanwhile.
    pub async fn update_seat(
        &self,
        game_id: &str,
        seat: &SeatRecord,
        expected: &Occupant,
    ) -> StoreResult<()> {
        let (kind, user, level, token) = seat.occupant.columns();
        let (old_kind, old_user, _, _) = expected.columns();
        let result = sqlx::query(
            "UPDATE seats SET kind = $1, user_id = $2, bot_level = $3, invite_token = $4 \
             WHERE game_id = $5 AND seat = $6 AND kind = $7 AND COALESCE(user_id, '') = $8",
        )
        .bind(kind)
        .bind(user)
        .bind(level)
        .bind(token)
        .bind(game_id)
        .bind(i64::from(seat.seat))
        .bind(old_kind)
        .bind(old_user.unwrap_or_default())
        .execute(&self.pool)
        .await?;
        if result.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::Conflict)
        }
    }

    /// Moves a game from `from` to `to` status.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the game was not in status `from`.
    pub async fn set_status(
        &self,
        game_id: &str,
        from: GameStatus,
        to: GameStatus,
    ) -> StoreResult<()> {
        let result = sqlx::query("UPDATE games SET status = $1 WHERE id = $2 AND status = $3")
            .bind(to.as_str())
            .bind(game_id)
            .bind(from.as_str())
            .execute(&self.pool)
            .await?;
        if result.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::Conflict)
        }
    }

    /// Appends action number `index` (0-based) and waits until it is committed.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if that index is already written.
    pub async fn append_action(
        &self,
        game_id: &str,
        index: u64,
        seat: u8,
        action: &Action,
        finished: bool,
    ) -> StoreResult<()> {
        let action = serde_json::to_string(action).expect("actions serialize");
        self.submit(LogWrite::Append {
            game_id: game_id.to_string(),
            index,
            seat,
            action,
            finished,
        })
        .await
    }

    /// Removes the last action, number `index`, and waits until that is committed.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if `index` is not the last action.
    pub async fn remove_last_action(&self, game_id: &str, index: u64) -> StoreResult<()> {
        self.submit(LogWrite::Truncate {
            game_id: game_id.to_string(),
            index,
        })
        .await
    }

    async fn submit(&self, write: LogWrite) -> StoreResult<()> {
        let (done, answer) = oneshot::channel();
        let closed = || StoreError::Database(sqlx::Error::PoolClosed);
        self.writer
            .send(WriteRequest { write, done })
            .await
            .map_err(|_| closed())?;
        answer.await.map_err(|_| closed())?
    }

    /// Every game with its seats and actions, to rebuild the server's state at start.
    ///
    /// # Errors
    /// Database failure or a row that does not parse.
    pub async fn load_games(&self) -> StoreResult<Vec<GameRecordRow>> {
        let mut games: Vec<GameRecordRow> = Vec::new();
        let mut index = std::collections::HashMap::new();
        let rows = sqlx::query(
            "SELECT id, creator_id, options, seed, status, created_at FROM games \
             WHERE status <> 'cancelled' ORDER BY created_at, id",
        )
        .fetch_all(&self.pool)
        .await?;
        for row in rows {
            let game = parse_game(&row)?;
            index.insert(game.id.clone(), games.len());
            games.push(game);
        }
        let seats = sqlx::query(
            "SELECT s.game_id, s.seat, s.kind, s.user_id, s.bot_level, s.invite_token, u.username \
             FROM seats s LEFT JOIN users u ON u.id = s.user_id ORDER BY s.game_id, s.seat",
        )
        .fetch_all(&self.pool)
        .await?;
        for row in seats {
            let game_id: String = row.try_get(0)?;
            let Some(&i) = index.get(&game_id) else {
                continue;
            };
            games[i].seats.push(parse_seat(&row)?);
        }
        let actions =
            sqlx::query("SELECT game_id, idx, seat, action FROM actions ORDER BY game_id, idx")
                .fetch_all(&self.pool)
                .await?;
        for row in actions {
            let game_id: String = row.try_get(0)?;
            let Some(&i) = index.get(&game_id) else {
                continue;
            };
            let idx: i64 = row.try_get(1)?;
            let seat: i64 = row.try_get(2)?;
            let json: String = row.try_get(3)?;
            let action = serde_json::from_str(&json).map_err(|e| decode_error(&e))?;
            if idx as usize != games[i].actions.len() {
                return Err(decode_error(&format!(
                    "game {game_id}: action {idx} out of order"
                )));
            }
            games[i].actions.push((seat as u8, action));
        }
        Ok(games)
    }
}

fn decode_error(error: &dyn std::fmt::Display) -> StoreError {
    StoreError::Database(sqlx::Error::Decode(error.to_string().into()))
}

fn parse_game(row: &AnyRow) -> StoreResult<GameRecordRow> {
    let options: String = row.try_get(2)?;
    let status: String = row.try_get(4)?;
    let seed: i64 = row.try_get(3)?;
    Ok(GameRecordRow {
        id: row.try_get(0)?,
        creator_id: row.try_get(1)?,
        options: serde_json::from_str(&options).map_err(|e| decode_error(&e))?,
        seed: seed as u64,
        status: GameStatus::parse(&status).ok_or_else(|| decode_error(&status))?,
        created_at: row.try_get(5)?,
        seats: Vec::new(),
        actions: Vec::new(),
    })
}

fn parse_seat(row: &AnyRow) -> StoreResult<SeatRecord> {
    let seat: i64 = row.try_get(1)?;
    let kind: String = row.try_get(2)?;
    let user_id: Option<String> = row.try_get(3)?;
    let level: Option<String> = row.try_get(4)?;
    let token: Option<String> = row.try_get(5)?;
    let username: Option<String> = row.try_get(6)?;
    let occupant = Occupant::from_columns(&kind, user_id, username, level, token)
        .ok_or_else(|| decode_error(&format!("seat kind {kind}")))?;
    Ok(SeatRecord {
        seat: seat as u8,
        occupant,
    })
}

/// How often SQLite's write-ahead log is copied into the database file.
const CHECKPOINT_INTERVAL: std::time::Duration = std::time::Duration::from_millis(500);

/// Copies SQLite's write-ahead log into the database file in the background. SQLite would
/// otherwise do it inside whichever commit fills the log, so that every action waiting on that
/// commit also waits for the copy and its fsync. A passive checkpoint blocks no reader or
/// writer; with many games writing at once the log fills every second or two.
async fn checkpoint_loop(pool: AnyPool) {
    let mut ticks = tokio::time::interval(CHECKPOINT_INTERVAL);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        if pool.is_closed() {
            return;
        }
        if let Err(error) = pool.execute("PRAGMA wal_checkpoint(PASSIVE)").await {
            tracing::warn!("SQLite checkpoint failed: {error}");
        }
    }
}

/// Commits waiting log writes in groups: one transaction, one fsync, many actions.
async fn write_loop(pool: AnyPool, mut requests: mpsc::Receiver<WriteRequest>) {
    let mut batch = Vec::with_capacity(MAX_GROUP);
    while requests.recv_many(&mut batch, MAX_GROUP).await > 0 {
        let outcomes = commit_group(&pool, &batch).await;
        match outcomes {
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

/// Runs one group in a transaction; a conflicting write changes nothing and is reported alone.
async fn commit_group(
    pool: &AnyPool,
    batch: &[WriteRequest],
) -> Result<Vec<StoreResult<()>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    for request in batch {
        let applied = match &request.write {
            LogWrite::Append {
                game_id,
                index,
                seat,
                action,
                finished,
            } => {
                let inserted = sqlx::query(
                    "INSERT INTO actions (game_id, idx, seat, action) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (game_id, idx) DO NOTHING",
                )
                .bind(game_id)
                .bind(*index as i64)
                .bind(i64::from(*seat))
                .bind(action)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                    == 1;
                if inserted && *finished {
                    sqlx::query("UPDATE games SET status = 'finished' WHERE id = $1")
                        .bind(game_id)
                        .execute(&mut *tx)
                        .await?;
                }
                inserted
            }
            LogWrite::Truncate { game_id, index } => {
                sqlx::query(
                    "DELETE FROM actions WHERE game_id = $1 AND idx = $2 AND NOT EXISTS \
                     (SELECT 1 FROM actions later WHERE later.game_id = $1 AND later.idx > $2)",
                )
                .bind(game_id)
                .bind(*index as i64)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                    == 1
            }
        };
        outcomes.push(if applied {
            Ok(())
        } else {
            Err(StoreError::Conflict)
        });
    }
    tx.commit().await?;
    Ok(outcomes)
}
