//! An inconsistency found in a position, and the report that collects them. Checking is
//! split by what it looks at, and every part writes into one report.

use serde::Serialize;

/// One inconsistency in a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionError {
    /// Where, e.g. `villages[1].(0,-1)`.
    pub at: String,
    /// What is wrong.
    pub problem: String,
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.at, self.problem)
    }
}

/// The inconsistencies found so far, in the order found.
pub(crate) struct Report(pub(crate) Vec<PositionError>);

impl Report {
    /// Notes one inconsistency.
    pub(crate) fn error(&mut self, at: impl Into<String>, problem: impl Into<String>) {
        self.0.push(PositionError {
            at: at.into(),
            problem: problem.into(),
        });
    }
}
