//! Ratings: Glicko-2 (the `skillratings` crate), one rating per player count. A finished rated
//! game is one rating period for each of its players, with one result against every other
//! player: a win against those they finished ahead of, a draw with those they tied, a loss
//! against those ahead of them.

use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A player's rating: what the leaderboard shows, with its uncertainty.
pub type Rating = Glicko2Rating;

/// Who a seat's result rates: an account (its stored rating moves), or a built-in bot level
/// on the bot ladder, an anchor whose rating is fixed (its measured strength).
#[derive(Clone, Debug, PartialEq)]
pub enum Rater {
    /// A person's or a bot account's rating, read and stored.
    Account(String),
    /// A built-in level: rated against, never moved.
    Anchor(Rating),
}

/// How sure an anchor's rating is: the levels' ratings were measured over thousands of games.
const ANCHOR_DEVIATION: f64 = 30.0;

/// A built-in level rated `rating` on the bot ladder.
pub fn anchor(rating: f64) -> Rating {
    Glicko2Rating {
        rating,
        deviation: ANCHOR_DEVIATION,
        volatility: Glicko2Rating::new().volatility,
    }
}

/// The rating of someone who has not played a rated game of a player count yet.
pub fn starting_rating() -> Rating {
    Glicko2Rating::new()
}

/// The ratings after a game of `players` (their ratings before, and their ranks: 1 = winners).
pub fn after_game(players: &[(Rating, u8)]) -> Vec<Rating> {
    let config = Glicko2Config::new();
    players
        .iter()
        .enumerate()
        .map(|(i, (rating, rank))| {
            let results: Vec<(Rating, Outcomes)> = players
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, (other, other_rank))| {
                    let outcome = match rank.cmp(other_rank) {
                        std::cmp::Ordering::Less => Outcomes::WIN,
                        std::cmp::Ordering::Equal => Outcomes::DRAW,
                        std::cmp::Ordering::Greater => Outcomes::LOSS,
                    };
                    (*other, outcome)
                })
                .collect();
            glicko2_rating_period(rating, &results, &config)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko2.pdf): a 1500 player
    /// (deviation 200) beats a 1400 (30) and loses to a 1550 (100) and a 1700 (300) in one period,
    /// tau 0.5: new rating 1464.06, deviation 151.52, volatility 0.05999.
    #[test]
    fn the_published_worked_example() {
        let player = rating(1500.0, 200.0);
        let results = [
            (rating(1400.0, 30.0), Outcomes::WIN),
            (rating(1550.0, 100.0), Outcomes::LOSS),
            (rating(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&player, &results, &Glicko2Config::new());
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_game_of_four_counts_every_pair() {
        let start = starting_rating();
        let after = after_game(&[(start, 2), (start, 1), (start, 3), (start, 2)]);
        assert!(after[1].rating > after[0].rating, "the winner gains most");
        assert!(
            (after[0].rating - after[3].rating).abs() < 1e-9,
            "a tie rates alike"
        );
        assert!(after[0].rating > after[2].rating);
        assert!(after[2].rating < start.rating && after[1].rating > start.rating);
        assert!(after.iter().all(|r| r.deviation < start.deviation));
    }
}
