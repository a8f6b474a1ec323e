//! Why the search prefers its turn: the terms of the evaluation in which the position after
//! its preferred decisions differs most from the position after the turn as played.

use helvetia_engine::{Seat, View};

use crate::evaluate::{prospect_terms, ProspectTerm, Weights};

/// Terms that differ by less than this (in victory points) are not worth a word.
const NOTABLE: f32 = 0.05;

/// At most this many terms are named.
const NAMED: usize = 3;

/// The terms in which `preferred` is better (positive) or worse for `seat` than `played`,
/// the largest differences first.
pub fn compare(
    preferred: &View,
    played: &View,
    seat: Seat,
    weights: &Weights,
) -> Vec<(ProspectTerm, f32)> {
    let better = prospect_terms(&preferred.position, seat, weights).terms();
    let worse = prospect_terms(&played.position, seat, weights).terms();
    let mut differences: Vec<(ProspectTerm, f32)> = better
        .iter()
        .zip(worse)
        .map(|(&(term, a), (_, b))| (term, a - b))
        .filter(|(_, difference)| difference.abs() >= NOTABLE)
        .collect();
    differences.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    differences.truncate(NAMED);
    differences
}
