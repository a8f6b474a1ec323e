//! Puzzle ratings, apart from game ratings: a person's first attempt at a puzzle is one rated
//! game between them and the puzzle (Glicko-2, the `skillratings` crate): solved, the person
//! wins. Later attempts, and a solution shown, count nothing.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::rating::Rating;

/// The person's and the puzzle's ratings after an attempt.
pub fn after_attempt(person: &Rating, puzzle: &Rating, solved: bool) -> (Rating, Rating) {
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    glicko2(person, puzzle, &outcome, &Glicko2Config::new())
}

/// A new puzzle's rating: its estimated difficulty, as unsure as a newcomer's.
pub fn puzzle_starting(rating: f64) -> Rating {
    Glicko2Rating {
        rating,
        ..Glicko2Rating::new()
    }
}

/// A puzzle's id: the first twelve hex digits of the SHA-256 of its stored JSON, so that the
/// same puzzle added twice is one puzzle.
pub fn puzzle_id(body: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(body.as_bytes());
    crate::tokens::hex(&digest[..6])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_the_person_and_lowers_the_puzzle_and_failing_the_reverse() {
        let person = Glicko2Rating::new();
        let puzzle = puzzle_starting(1500.0);
        let (won, beaten) = after_attempt(&person, &puzzle, true);
        assert!(won.rating > 1500.0 && beaten.rating < 1500.0);
        let (lost, held) = after_attempt(&person, &puzzle, false);
        assert!(lost.rating < 1500.0 && held.rating > 1500.0);
    }

    #[test]
    fn the_same_body_has_the_same_id() {
        assert_eq!(puzzle_id("{}"), puzzle_id("{}"));
        assert_ne!(puzzle_id("{}"), puzzle_id("[]"));
        assert_eq!(puzzle_id("{}").len(), 12);
    }
}
