//! The claim of a game's row by a log write: the row moves from the version its writer saw to
//! the next, with the columns that summarise the game after the change, or nothing happens
//! (the version moved on, or the game is not running).
//!
//! A claim names only the columns its change can alter. SQLite rewrites the index entries of
//! every indexed column named in an `UPDATE`'s `SET` list, whether its value changes or not, and
//! the games row has four indexes over its status, deadline and time of finish: naming them all
//! made every action write four index pages besides the row and the log. A step of a running
//! game leaves them as they were (a game with a clock moves only its deadline).
//!
//! On SQLite a group of writes claims its rows together, one statement per kind of claim
//! (`group_writes`).

use std::sync::LazyLock;

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::Any;

use super::games::{clock_column, winners_column};
use super::RowSummary;
use crate::domain::clock::Clock;
use crate::domain::seats::GameStatus;
use crate::domain::time::now;

/// Which columns a claim sets besides the version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A step of a game without a clock.
    Step,
    /// A step of a game with a clock: its deadline moves too.
    ClockedStep,
    /// The change that ends the game: its status, winners and time of finish too.
    Finish,
}

/// A column of the games row that a claim may set.
#[derive(Clone, Copy, Debug)]
pub enum Column {
    Status,
    ToMove,
    Winners,
    Clock,
    Deadline,
    ForcedStep,
    FinishedAt,
}

impl Column {
    /// The column's name, and the field of a [`ClaimRow`] that holds its value.
    pub fn name(self) -> &'static str {
        match self {
            Column::Status => "status",
            Column::ToMove => "to_move",
            Column::Winners => "winners",
            Column::Clock => "clock",
            Column::Deadline => "deadline",
            Column::ForcedStep => "forced_step",
            Column::FinishedAt => "finished_at",
        }
    }
}

/// A claim's statements, built once: the claim alone (undos, which then remove actions), and
/// the claim with the append of one action in one round trip, for SQLite and for PostgreSQL.
struct Statements {
    claim: String,
    claim_and_append_sqlite: String,
    claim_and_append_postgres: String,
}

static STATEMENTS: LazyLock<[Statements; 3]> =
    LazyLock::new(|| Claim::ALL.map(|claim| Statements::of(claim.columns())));

impl Statements {
    fn of(columns: &[Column]) -> Statements {
        // `$1` is the new version; the columns follow; then the row and the version seen; then
        // the appended action's index, seat and action.
        let set: String = columns
            .iter()
            .enumerate()
            .map(|(i, column)| format!(", {} = ${}", column.name(), i + 2))
            .collect();
        let (id, seen) = (columns.len() + 2, columns.len() + 3);
        let (index, seat, action) = (seen + 1, seen + 2, seen + 3);
        let update = format!("UPDATE games SET version = $1{set}");
        let guard = format!("WHERE id = ${id} AND version = ${seen} AND status = 'running'");
        Statements {
            claim: format!("{update} {guard}"),
            // `changes()` counts the rows the statement before changed: two rows, or none.
            // `OR FAIL` as in the claims of a group (see `group_writes`): an `INSERT …
            // SELECT` might insert many rows, and SQLite would keep a statement journal for
            // a constraint failure (the log's foreign key keeps one anyway, in memory). On
            // SQLite the log's newest rows go to `recent_actions` (`log_compaction`).
            claim_and_append_sqlite: format!(
                "{update} {guard}; INSERT OR FAIL INTO recent_actions \
                 (game_id, idx, seat, action) \
                 SELECT ${id}, ${index}, ${seat}, ${action} WHERE changes() = 1"
            ),
            // One statement: one row inserted, or none.
            claim_and_append_postgres: format!(
                "WITH claimed AS ({update} {guard} RETURNING id) INSERT INTO actions \
                 (game_id, idx, seat, action) SELECT id, ${index}, ${seat}, ${action} FROM claimed"
            ),
        }
    }
}

/// A claim's values, worked out once from the change's summary, bound to a claim's statement
/// ([`Claim::bind`]): one claim's, or a group's (`group_writes`).
#[derive(Debug)]
pub struct ClaimRow<'a> {
    id: &'a str,
    seen: i64,
    next: i64,
    status: &'static str,
    to_move: Option<i64>,
    winners: Option<String>,
    clock: Option<String>,
    deadline: Option<i64>,
    forced_step: i64,
    finished_at: Option<i64>,
}

impl<'a> ClaimRow<'a> {
    /// The claim of row `game_id` at version `seen` by a change that leaves it as `summary`.
    pub fn of(game_id: &'a str, seen: u64, summary: &RowSummary) -> Self {
        ClaimRow {
            id: game_id,
            seen: seen as i64,
            next: (seen + 1) as i64,
            status: summary.status.as_str(),
            to_move: summary.to_move.map(|seat| i64::from(seat.0)),
            winners: winners_column(summary),
            clock: clock_column(summary.clock.as_ref()),
            deadline: summary.clock.as_ref().and_then(Clock::deadline_ms),
            forced_step: i64::from(summary.forced_step),
            // The update that finishes a game says when (the export pages by it).
            finished_at: (summary.status == GameStatus::Finished).then(now),
        }
    }
}

impl Claim {
    /// Every kind of claim, in the order of their statements.
    pub const ALL: [Claim; 3] = [Claim::Step, Claim::ClockedStep, Claim::Finish];

    /// The claim for a change that leaves the game as `summary` says.
    pub(super) fn of(summary: &RowSummary) -> Claim {
        match (summary.status, &summary.clock) {
            (GameStatus::Running, None) => Claim::Step,
            (GameStatus::Running, Some(_)) => Claim::ClockedStep,
            // A claim holds only while the game runs: any other status ends it.
            _ => Claim::Finish,
        }
    }

    /// The columns it sets besides the version, in the order their values are bound.
    pub fn columns(self) -> &'static [Column] {
        match self {
            Claim::Step => &[Column::ToMove, Column::Clock, Column::ForcedStep],
            Claim::ClockedStep => &[
                Column::ToMove,
                Column::Clock,
                Column::Deadline,
                Column::ForcedStep,
            ],
            Claim::Finish => &[
                Column::Status,
                Column::ToMove,
                Column::Winners,
                Column::Clock,
                Column::Deadline,
                Column::ForcedStep,
                Column::FinishedAt,
            ],
        }
    }

    fn statements(self) -> &'static Statements {
        &STATEMENTS[self as usize]
    }

    /// The claim alone: changes one row, or none.
    pub fn sql(self) -> &'static str {
        &self.statements().claim
    }

    /// The claim, then the append of an action whose index, seat and action are bound after
    /// the claim's values (see [`Claim::bind`]), in one round trip.
    pub fn with_append_sql(self, postgres: bool) -> &'static str {
        let statements = self.statements();
        if postgres {
            &statements.claim_and_append_postgres
        } else {
            &statements.claim_and_append_sqlite
        }
    }

    /// Binds the claim's values: the next version, the claim's columns, then the row and the
    /// version its writer saw.
    pub(super) fn bind<'q>(
        self,
        mut query: Query<'q, Any, AnyArguments<'q>>,
        mut row: ClaimRow<'q>,
    ) -> Query<'q, Any, AnyArguments<'q>> {
        query = query.bind(row.next);
        for column in self.columns() {
            query = match column {
                Column::Status => query.bind(row.status),
                Column::ToMove => query.bind(row.to_move),
                Column::Winners => query.bind(row.winners.take()),
                Column::Clock => query.bind(row.clock.take()),
                Column::Deadline => query.bind(row.deadline),
                Column::ForcedStep => query.bind(row.forced_step),
                Column::FinishedAt => query.bind(row.finished_at),
            };
        }
        query.bind(row.id).bind(row.seen)
    }
}
