//! Ratings fitted to game results: the Bradley–Terry model (the chance that `a` beats `b` is
//! `γa / (γa + γb)`), fitted by Hunter's MM iteration and put on the Elo scale, with 95%
//! intervals from resampling the games.
//!
//! Every pair that met also counts half a win each way (a weak prior), so a player who won or
//! lost every game still gets a finite rating.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::Serialize;

/// One game between two players: `score` is what `first` scored (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Meeting {
    /// One player's index.
    pub first: usize,
    /// The other's.
    pub second: usize,
    /// What `first` scored.
    pub score: f64,
}

/// A player's rating with its 95% interval, on the Elo scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The fitted rating.
    pub rating: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// Elo points per factor of ten in strength.
const ELO_PER_DECADE: f64 = 400.0;

/// The strengths (`γ`) of `players` fitted to `meetings`, their geometric mean one.
pub fn strengths(players: usize, meetings: &[Meeting]) -> Vec<f64> {
    let mut wins = vec![0.0f64; players];
    let mut games = vec![vec![0.0f64; players]; players];
    for m in meetings {
        wins[m.first] += m.score;
        wins[m.second] += 1.0 - m.score;
        games[m.first][m.second] += 1.0;
        games[m.second][m.first] += 1.0;
    }
    for (i, row) in games.iter_mut().enumerate() {
        for (j, count) in row.iter_mut().enumerate() {
            if i != j && *count > 0.0 {
                // The prior: half a win each way per pair that met.
                wins[i] += 0.5;
                *count += 1.0;
            }
        }
    }
    let mut gamma = vec![1.0f64; players];
    for _ in 0..10_000 {
        let mut next = vec![0.0f64; players];
        for i in 0..players {
            let denominator: f64 = (0..players)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            next[i] = if denominator > 0.0 {
                wins[i] / denominator
            } else {
                gamma[i]
            };
        }
        let log_mean = next.iter().map(|g| g.ln()).sum::<f64>() / players as f64;
        for g in &mut next {
            *g /= log_mean.exp();
        }
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-10 {
            break;
        }
    }
    gamma
}

/// A fit of every player's rating, and of each player's distance above the one before it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fit {
    /// Each player's rating, with the anchor's fixed: its interval holds the uncertainty of
    /// every step between the player and the anchor.
    pub ratings: Vec<Rating>,
    /// `steps[i]` is player `i + 1`'s rating less player `i`'s, with the interval of that
    /// difference itself: whether two neighbours are apart, which overlapping intervals of
    /// their ratings cannot say.
    pub steps: Vec<Rating>,
}

/// Ratings on the Elo scale with player `anchor` at `anchor_rating`, and 95% intervals from
/// `resamples` resamplings of the games (seeded by `seed`). Each pair's games are resampled
/// among themselves, so every resampling keeps the number of games each pair played.
pub fn fit(
    players: usize,
    meetings: &[Meeting],
    anchor: usize,
    anchor_rating: f64,
    resamples: usize,
    seed: u64,
) -> Fit {
    let elo = |meetings: &[Meeting]| -> Vec<f64> {
        let gamma = strengths(players, meetings);
        let zero = gamma[anchor].log10();
        gamma
            .iter()
            .map(|g| anchor_rating + ELO_PER_DECADE * (g.log10() - zero))
            .collect()
    };
    let fitted = elo(meetings);
    let pairs = games_by_pair(meetings);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut samples: Vec<Vec<f64>> = Vec::with_capacity(resamples);
    let mut resampled = Vec::with_capacity(meetings.len());
    for _ in 0..resamples {
        resampled.clear();
        for games in &pairs {
            resampled.extend(
                (0..games.len()).map(|_| games[(rng.next_u64() % games.len() as u64) as usize]),
            );
        }
        samples.push(elo(&resampled));
    }
    let ratings = (0..players)
        .map(|player| with_interval(fitted[player], samples.iter().map(|s| s[player])))
        .collect();
    let steps = (1..players)
        .map(|player| {
            with_interval(
                fitted[player] - fitted[player - 1],
                samples.iter().map(|s| s[player] - s[player - 1]),
            )
        })
        .collect();
    Fit { ratings, steps }
}

/// The meetings grouped by the pair of players, in the order each pair first met.
fn games_by_pair(meetings: &[Meeting]) -> Vec<Vec<Meeting>> {
    let mut pairs: Vec<((usize, usize), Vec<Meeting>)> = Vec::new();
    for &meeting in meetings {
        let key = (
            meeting.first.min(meeting.second),
            meeting.first.max(meeting.second),
        );
        match pairs.iter_mut().find(|(pair, _)| *pair == key) {
            Some((_, games)) => games.push(meeting),
            None => pairs.push((key, vec![meeting])),
        }
    }
    pairs.into_iter().map(|(_, games)| games).collect()
}

/// `value` with the 2.5% and 97.5% points of its resampled values.
fn with_interval(value: f64, resampled: impl Iterator<Item = f64>) -> Rating {
    let mut sample: Vec<f64> = resampled.collect();
    sample.sort_by(f64::total_cmp);
    let at = |q: f64| {
        sample
            .get(((sample.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(value)
    };
    Rating {
        rating: value,
        low: at(0.025),
        high: at(0.975),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meetings(first: usize, second: usize, won: usize, lost: usize) -> Vec<Meeting> {
        let win = Meeting {
            first,
            second,
            score: 1.0,
        };
        let loss = Meeting { score: 0.0, ..win };
        std::iter::repeat_n(win, won)
            .chain(std::iter::repeat_n(loss, lost))
            .collect()
    }

    #[test]
    fn a_player_winning_three_games_in_four_is_about_190_elo_stronger() {
        // 75% expected score is 400·log10(3) ≈ 191 Elo; the prior pulls it in a little.
        let games = meetings(0, 1, 300, 100);
        let rated = fit(2, &games, 1, 1000.0, 100, 1).ratings;
        let gap = rated[0].rating - rated[1].rating;
        assert!((185.0..192.0).contains(&gap), "{gap}");
        assert!(rated[0].low < rated[0].rating && rated[0].rating < rated[0].high);
        assert_eq!(rated[1].rating, 1000.0);
    }

    #[test]
    fn neighbours_whose_ratings_overlap_are_apart_when_the_step_between_them_is() {
        // A weak anchor met 20 times, then two players 400 times (57.5% to the stronger, about
        // 52 Elo): each rating carries the first pair's uncertainty, their difference does not.
        let mut games = meetings(1, 0, 15, 5);
        games.extend(meetings(2, 1, 230, 170));
        let fitted = fit(3, &games, 0, 1000.0, 1000, 7);
        let (middle, top) = (fitted.ratings[1], fitted.ratings[2]);
        assert!(
            middle.high > top.low,
            "the ratings' intervals overlap: {fitted:?}"
        );
        let step = fitted.steps[1];
        assert!((top.rating - middle.rating - step.rating).abs() < 1e-9);
        assert!(step.low > 0.0, "the step is apart from zero: {step:?}");
        assert!(step.high - step.low < top.high - top.low, "{fitted:?}");
        assert_eq!(fitted.steps.len(), 2);
    }

    #[test]
    fn strengths_order_a_chain_and_stay_finite_for_a_player_who_never_wins() {
        let mut games = meetings(0, 1, 10, 0);
        games.extend(meetings(1, 2, 7, 3));
        games.extend(meetings(0, 2, 10, 0));
        let gamma = strengths(3, &games);
        assert!(gamma[0] > gamma[1] && gamma[1] > gamma[2], "{gamma:?}");
        assert!(gamma.iter().all(|g| g.is_finite() && *g > 0.0));
    }
}
