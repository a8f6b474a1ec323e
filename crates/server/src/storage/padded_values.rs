//! Statements that take a group's rows as one `VALUES` list, padded to a power of two, so that
//! a few prepared statements serve every group's size (a padding row is all NULL and matches,
//! or inserts, nothing): the group's claims and appends (`group_writes`) and its events
//! (`event_planning`) on SQLite.

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::Any;

/// Most rows one statement takes (a group's most writes).
pub const MOST_ROWS: usize = 256;

/// The padded sizes: 2, 4, 8, …, [`MOST_ROWS`].
pub(super) const SIZES: usize = MOST_ROWS.trailing_zeros() as usize;

/// The rows of the statement of size number `size` (0: 2 rows).
pub(super) fn padded(size: usize) -> usize {
    2 << size
}

/// The size number of the statement for `rows` rows.
pub(super) fn size_for(rows: usize) -> usize {
    assert!(rows <= MOST_ROWS, "{rows} rows in one statement");
    rows.next_power_of_two().max(2).trailing_zeros() as usize - 1
}

/// The size number of the statement for `rows` rows of `width` values each, and the NULLs its
/// padding rows take ([`bind_nulls`]).
pub(super) fn sized(rows: usize, width: usize) -> (usize, usize) {
    let size = size_for(rows);
    (size, (padded(size) - rows) * width)
}

/// `(?, ?, …), (…)`: `rows` rows of `width` parameters. Anonymous, bound in order: SQLite finds
/// a numbered parameter's name by walking a list of them all, for each one bound, which cost a
/// statement of hundreds of them more than the JSON it replaced.
pub(super) fn values(rows: usize, width: usize) -> String {
    let row = format!("({})", vec!["?"; width].join(", "));
    vec![row; rows].join(", ")
}

/// Binds `count` NULLs: the padding rows' values.
pub(super) fn bind_nulls<'q>(
    mut query: Query<'q, Any, AnyArguments<'q>>,
    count: usize,
) -> Query<'q, Any, AnyArguments<'q>> {
    for _ in 0..count {
        query = query.bind(None::<i64>);
    }
    query
}
