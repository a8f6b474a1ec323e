//! A group's claims and appends on SQLite, one statement per kind of claim and one for the
//! appends, whatever the group's size: the rows' values are bound as a `VALUES` list, padded
//! to a power of two (`padded_values`).
//!
//! The values used to travel as one JSON array per statement, which SQLite parsed and then
//! searched field by field for every row: about 5 % of the server's processor time under load.

use std::sync::LazyLock;

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::Any;

use super::claim::{Claim, ClaimRow};
pub use super::padded_values::MOST_ROWS;
use super::padded_values::{bind_nulls, padded, size_for, sized, values, SIZES};

/// Values of an appended action: the game, its place in the log, who made it, the action.
const APPEND_WIDTH: usize = 4;

/// An appended action, as one row of a group's appends.
#[derive(Debug)]
pub struct AppendRow<'a> {
    /// The game.
    pub id: &'a str,
    /// Its place in the log.
    pub idx: i64,
    /// Who made it.
    pub seat: i64,
    /// The action as stored (JSON text).
    pub action: String,
}

static CLAIMS: LazyLock<[[String; SIZES]; 3]> = LazyLock::new(|| {
    Claim::ALL.map(|claim| std::array::from_fn(|size| claims_sql(claim, padded(size))))
});

static APPENDS: LazyLock<[String; SIZES]> =
    LazyLock::new(|| std::array::from_fn(|size| appends_sql(padded(size))));

/// The fields of a claim's row, in the order [`Claim::bind`] binds them.
pub fn claim_fields(claim: Claim) -> Vec<&'static str> {
    let columns = claim.columns().iter().map(|column| column.name());
    std::iter::once("next")
        .chain(columns)
        .chain(["id", "seen"])
        .collect()
}

/// The claims of `rows` rows of kind `claim`, each guarded by its own version; the rows changed
/// are the claims made.
///
/// `OR FAIL`: a statement that changes many rows and may stop half-way would otherwise copy
/// every page it changes aside first, to undo its own part alone (the statement journal); here
/// a failure fails the whole group's transaction anyway. `+games.status` keeps the status out
/// of the planner's choice: with an index on it, SQLite would walk every running game and look
/// each up among the claims, where it should look each claim's row up by its id.
fn claims_sql(claim: Claim, rows: usize) -> String {
    let fields = claim_fields(claim);
    let named: Vec<String> = fields
        .iter()
        .enumerate()
        .map(|(n, field)| format!("column{} AS {field}", n + 1))
        .collect();
    let set: String = claim
        .columns()
        .iter()
        .map(|column| format!(", {0} = claims.{0}", column.name()))
        .collect();
    format!(
        "UPDATE OR FAIL games SET version = claims.next{set} \
         FROM (SELECT {} FROM (VALUES {})) AS claims \
         WHERE games.id = claims.id AND games.version = claims.seen \
         AND +games.status = 'running'",
        named.join(", "),
        values(rows, fields.len())
    )
}

/// The appends of `rows` actions to the log's newest rows (`recent_actions`, which
/// `log_compaction` moves on). `OR FAIL` as in [`claims_sql`], though here the log's foreign key
/// makes SQLite keep the copy anyway: in memory, as the store's `temp_store` says.
fn appends_sql(rows: usize) -> String {
    format!(
        "INSERT OR FAIL INTO recent_actions (game_id, idx, seat, action) \
         SELECT column1, column2, column3, column4 FROM (VALUES {}) WHERE column1 IS NOT NULL",
        values(rows, APPEND_WIDTH)
    )
}

/// The statement of the claims of `rows` rows of kind `claim` (for tests of its text).
pub fn claims_statement(claim: Claim, rows: usize) -> &'static str {
    &CLAIMS[claim as usize][size_for(rows)]
}

/// The statement of the appends of `rows` actions (for tests of its text).
pub fn appends_statement(rows: usize) -> &'static str {
    &APPENDS[size_for(rows)]
}

/// The claims of `rows` (at most [`MOST_ROWS`], all of kind `claim`), bound.
pub(super) fn claims<'q>(
    claim: Claim,
    rows: Vec<ClaimRow<'q>>,
) -> Query<'q, Any, AnyArguments<'q>> {
    let (size, padding) = sized(rows.len(), claim_fields(claim).len());
    let mut query = sqlx::query(CLAIMS[claim as usize][size].as_str());
    for row in rows {
        query = claim.bind(query, row);
    }
    bind_nulls(query, padding)
}

/// The appends of `rows` (at most [`MOST_ROWS`]), bound.
pub(super) fn appends<'q>(rows: Vec<AppendRow<'q>>) -> Query<'q, Any, AnyArguments<'q>> {
    let (size, padding) = sized(rows.len(), APPEND_WIDTH);
    let mut query = sqlx::query(APPENDS[size].as_str());
    for row in rows {
        query = query
            .bind(row.id)
            .bind(row.idx)
            .bind(row.seat)
            .bind(row.action);
    }
    bind_nulls(query, padding)
}
