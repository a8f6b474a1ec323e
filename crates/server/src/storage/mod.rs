//! Durable storage on SQLite or PostgreSQL through one code path (sqlx's `Any` driver): the
//! single source of truth of every node.
//!
//! Games are event-sourced: a row of options, secret seed and version, the seats, and the
//! ordered actions. Every log write names the version it expects the game to be at and the index
//! it fills or removes, in one transaction with the version's update: two writes for one version
//! can never both apply, and the log never gets a hole, whatever any node's memory says. On
//! PostgreSQL each change also sends a notice (`NOTIFY`) that the other nodes listen to.

mod account_flags;
mod account_limits;
mod accounts;
mod analyses;
mod bot_accounts;
mod bot_leases;
mod chat;
pub mod claim;
mod event_planning;
mod exports;
mod game_changes;
mod games;
pub mod group_writes;
pub mod log_compaction;
mod log_writer;
mod mail_outbox;
mod mail_settings;
mod outbox;
mod padded_values;
mod paired_tables;
mod play_now;
mod play_settings;
mod players;
mod push_outbox;
mod push_subscriptions;
mod puzzles;
mod ratings;
mod rematches;
mod resignations;
mod stand_ins;
mod tournament_rounds;
mod tournaments;
mod vacations;
mod webhook_outbox;
mod webhooks;

use std::borrow::Cow;
use std::sync::Arc;

use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Executor};
use tokio::sync::mpsc;

pub use crate::domain::records::{
    GameRecordRow, GameSettings, LogChange, RatingChange, Resignation, RowSummary,
};
pub use account_limits::{AccountCap, CapKind};
pub use analyses::{AnalysisJob, AnalysisRow, AnalysisState};
pub use bot_accounts::ApiTokenRow;
pub use chat::{ChatLine, ChatText};
pub use exports::ExportQuery;
pub use games::{GameFilter, ListedGame};
pub use mail_outbox::{
    MailJob, MailKey, MailOutcome, OnDevices, RematchOfMail, TournamentOfMail, ACTIVE_DEVICE_SECS,
};
pub use mail_settings::MailSettings;
pub use paired_tables::PairedTable;
pub use play_now::{LastTable, PlayNowStatus, PoolEntry};
pub use players::{CurrentRating, GameCounts};
pub use push_outbox::PushOutcome;
pub use push_subscriptions::PushDevice;
pub use puzzles::{RatedAttempt, StoredPuzzle, TriedPuzzle};
pub use ratings::{HistoryPoint, LeaderboardRow};
pub use stand_ins::DUE_DEADLINES_BATCH;
pub use tournament_rounds::{Advanced, NextStep};
pub use tournaments::{
    EntryRow, NewTournament, ResultRow, TournamentRow, TournamentSeatRow, TournamentSnapshot,
};

pub use webhook_outbox::{DeliveryJob, DeliveryKey, DeliveryOutcome};
pub use webhooks::{NewWebhook, WebhookRow};

use crate::domain::notice::{Notice, CHANNEL};

/// Why a storage call failed.
#[derive(Debug)]
pub enum StoreError {
    /// A uniqueness rule or an expected version refused the write (taken name, a seat or a game
    /// that changed meanwhile).
    Conflict,
    /// The account already holds as many as the cap allows (nothing was written).
    OverLimit(AccountCap),
    /// The database failed.
    Database(sqlx::Error),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => f.write_str("conflicting write"),
            StoreError::OverLimit(cap) => write!(f, "account at its cap: {cap:?}"),
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
    /// Whether it is a bot account.
    pub bot: bool,
}

/// The database: a pool for reads and rare writes, and the game-log writer.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<log_writer::WriteRequest>,
    postgres: bool,
    node: Arc<str>,
    plans_mail: bool,
}

fn migration(version: i64, name: &'static str, sql: &'static str) -> Migration {
    Migration::new(
        version,
        Cow::Borrowed(name),
        MigrationType::Simple,
        Cow::Borrowed(sql),
        false,
    )
}

/// The migrations of PostgreSQL (`postgres`) or SQLite: the same but for what only one of them
/// can say (a trigger's body).
pub fn migrator(postgres: bool) -> Migrator {
    /// A migration's common part followed by its part for this dialect.
    macro_rules! by_dialect {
        ($name:literal) => {
            if postgres {
                concat!(
                    include_str!(concat!("../../migrations/", $name, ".sql")),
                    include_str!(concat!("../../migrations/", $name, ".postgres.sql"))
                )
            } else {
                concat!(
                    include_str!(concat!("../../migrations/", $name, ".sql")),
                    include_str!(concat!("../../migrations/", $name, ".sqlite.sql"))
                )
            }
        };
    }
    Migrator {
        migrations: Cow::Owned(vec![
            migration(1, "init", include_str!("../../migrations/0001_init.sql")),
            migration(
                2,
                "database holds the truth",
                include_str!("../../migrations/0002_database_holds_the_truth.sql"),
            ),
            migration(
                3,
                "clocks",
                include_str!("../../migrations/0003_clocks.sql"),
            ),
            migration(
                4,
                "ratings",
                include_str!("../../migrations/0004_ratings.sql"),
            ),
            migration(5, "chat", include_str!("../../migrations/0005_chat.sql")),
            migration(
                6,
                "original rules",
                include_str!("../../migrations/0006_original_rules.sql"),
            ),
            migration(
                7,
                "rematch",
                include_str!("../../migrations/0007_rematch.sql"),
            ),
            migration(
                8,
                "vote to end",
                include_str!("../../migrations/0008_vote_to_end.sql"),
            ),
            migration(9, "mail", include_str!("../../migrations/0009_mail.sql")),
            migration(
                10,
                "username keys",
                include_str!("../../migrations/0010_username_keys.sql"),
            ),
            migration(
                11,
                "analyses",
                include_str!("../../migrations/0011_analyses.sql"),
            ),
            migration(
                12,
                "resignations",
                include_str!("../../migrations/0012_resignations.sql"),
            ),
            migration(
                13,
                "forced steps",
                include_str!("../../migrations/0013_forced_steps.sql"),
            ),
            migration(14, "hints", include_str!("../../migrations/0014_hints.sql")),
            migration(
                15,
                "tutorial",
                include_str!("../../migrations/0015_tutorial.sql"),
            ),
            migration(
                16,
                "open data",
                include_str!("../../migrations/0016_open_data.sql"),
            ),
            migration(
                17,
                "play now",
                include_str!("../../migrations/0017_play_now.sql"),
            ),
            migration(
                18,
                "bot accounts",
                include_str!("../../migrations/0018_bot_accounts.sql"),
            ),
            migration(
                19,
                "tournaments",
                include_str!("../../migrations/0019_tournaments.sql"),
            ),
            migration(
                20,
                "paired tables mail",
                include_str!("../../migrations/0020_paired_tables_mail.sql"),
            ),
            migration(
                21,
                "tournament withdrawals",
                include_str!("../../migrations/0021_tournament_withdrawals.sql"),
            ),
            migration(22, "export order", by_dialect!("0022_export_order")),
            migration(
                23,
                "web push",
                include_str!("../../migrations/0023_web_push.sql"),
            ),
            migration(
                24,
                "vacations",
                include_str!("../../migrations/0024_vacations.sql"),
            ),
            migration(
                25,
                "webhooks",
                include_str!("../../migrations/0025_webhooks.sql"),
            ),
            migration(26, "turn began", by_dialect!("0026_turn_began")),
            migration(
                27,
                "active devices",
                include_str!("../../migrations/0027_active_devices.sql"),
            ),
            migration(
                28,
                "rematch mail",
                include_str!("../../migrations/0028_rematch_mail.sql"),
            ),
            migration(
                29,
                "puzzles",
                include_str!("../../migrations/0029_puzzles.sql"),
            ),
            migration(
                30,
                "puzzle lookups",
                include_str!("../../migrations/0030_puzzle_lookups.sql"),
            ),
            migration(
                31,
                "recent actions",
                include_str!("../../migrations/0031_recent_actions.sql"),
            ),
        ]),
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
    /// starts the log writer. SQLite runs in WAL mode with `synchronous=FULL` (a commit is on disk),
    /// through one connection.
    /// `node` names this server process in notices and bot leases.
    ///
    /// # Errors
    /// An unknown scheme, an unreachable database or a failed migration.
    pub async fn connect(url: &str, node: &str) -> StoreResult<Store> {
        Store::connect_with_mail(url, node, false).await
    }

    /// [`Store::connect`] for a server that sends mail: every change that calls for a
    /// notification plans it in the outbox in its own transaction, for webhooks always and with
    /// `plans_mail` for mail too.
    ///
    /// # Errors
    /// An unknown scheme, an unreachable database or a failed migration.
    pub async fn connect_with_mail(url: &str, node: &str, plans_mail: bool) -> StoreResult<Store> {
        sqlx::any::install_default_drivers();
        let is_sqlite = url.starts_with("sqlite:");
        // SQLite writes one transaction at a time whatever the pool, and a connection that
        // finds another holding the write lock (or a reader briefly checking the log's header)
        // sleeps a millisecond or more in SQLite's busy handler: at 500 actions/s that was most
        // of an action's latency. One connection queues every statement in the pool instead,
        // without sleeping; reads are rare (games are served from memory).
        let pool = AnyPoolOptions::new()
            .max_connections(if is_sqlite { 1 } else { 8 })
            // SQLite's one connection is a file in this process: a ping before each use would
            // be one more round trip to its thread per transaction, and tell nothing.
            .test_before_acquire(!is_sqlite)
            // `temp_store = MEMORY`: a statement that writes many rows into a table with a
            // foreign key (a group's appends to the log) keeps a copy of every page it changes,
            // to undo itself alone should a key be missing; past 64 KiB SQLite writes that copy
            // to a temporary file, a page at a time, which cost every group a hundred or more
            // writes to the file system. The copy stays in memory now (with temporary tables
            // and sorts, which are small here: every large read is ordered by an index).
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if is_sqlite {
                        conn.execute(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                             PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; \
                             PRAGMA wal_autocheckpoint = 0; PRAGMA temp_store = MEMORY;",
                        )
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect(&with_create_mode(url))
            .await?;
        migrator(!is_sqlite)
            .run(&pool)
            .await
            .map_err(|error| StoreError::Database(error.into()))?;
        let postgres = !is_sqlite;
        let (writer, requests) = mpsc::channel(4096);
        let node: Arc<str> = node.into();
        tokio::spawn(log_writer::write_loop(
            pool.clone(),
            requests,
            game_changes::Telling {
                postgres,
                node: node.clone(),
                plans_mail,
            },
        ));
        if is_sqlite {
            tokio::spawn(checkpoint_loop(pool.clone()));
        }
        let store = Store {
            pool,
            writer,
            postgres,
            node,
            plans_mail,
        };
        store.rekey_usernames().await?;
        Ok(store)
    }

    /// Whether this is PostgreSQL, where several nodes may share the database.
    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// The name of this node in notices and leases.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Tells every other node of a change (PostgreSQL only: SQLite has one node).
    ///
    /// # Errors
    /// Database failure.
    pub async fn announce(&self, notice: &Notice) -> StoreResult<()> {
        if self.postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(notice.encode(&self.node))
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Whether the database answers (the readiness check).
    ///
    /// # Errors
    /// Database failure.
    pub async fn ping(&self) -> StoreResult<()> {
        self.pool.execute("SELECT 1").await?;
        Ok(())
    }

    /// Writes a consistent copy of a SQLite database to `path` while it is in use
    /// (`VACUUM INTO`: one read transaction, so the copy is a state the database was in).
    ///
    /// # Errors
    /// Not SQLite, `path` exists or cannot be written, or the database failed.
    pub async fn backup(&self, path: &str) -> StoreResult<()> {
        if self.postgres {
            return Err(decode_error(
                &"online backups of PostgreSQL are made with pg_dump (see docs/deploy.md)",
            ));
        }
        sqlx::query("VACUUM INTO $1")
            .bind(path)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Closes every connection (after the last commit of a shutdown).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn decode_error(error: &dyn std::fmt::Display) -> StoreError {
    StoreError::Database(sqlx::Error::Decode(error.to_string().into()))
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

/// Sends `notice` from within a transaction: PostgreSQL delivers it when (and only if) the
/// transaction commits. Nothing on SQLite (one node).
async fn announce_within(
    tx: &mut sqlx::AnyConnection,
    postgres: bool,
    node: &str,
    notice: &Notice,
) -> Result<(), sqlx::Error> {
    if postgres {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(notice.encode(node))
            .execute(tx)
            .await?;
    }
    Ok(())
}
