//! Tournament statistics per bot: wins with a Wilson interval, scores, ranks and speed; and
//! between two bots, their games against each other with a sign test of which is stronger.

use serde::Serialize;

use crate::tournament::GameResult;

/// One bot's results over a tournament. A bot listed several times is counted once, over all
/// the seats it played.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BotSummary {
    /// The bot's canonical name.
    pub bot: String,
    /// Seats played (a game in which the bot sat twice counts twice).
    pub games: u32,
    /// Wins, shared wins counting 1/k.
    pub wins: f64,
    /// Wins per game.
    pub win_rate: f64,
    /// Lower end of the 95% Wilson interval of the win rate.
    pub win_low: f64,
    /// Upper end of the 95% Wilson interval of the win rate.
    pub win_high: f64,
    /// Mean final victory points.
    pub mean_score: f64,
    /// Mean final rank (1 is best).
    pub mean_rank: f64,
    /// Mean time per decision, in milliseconds.
    pub mean_decision_ms: f64,
    /// Decisions per second of thinking.
    pub decisions_per_second: f64,
}

/// The 95% Wilson score interval of `successes` in `trials` (fractional successes allowed).
pub fn wilson(successes: f64, trials: f64) -> (f64, f64) {
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = successes / trials;
    let z2n = z * z / trials;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z * (p * (1.0 - p) / trials + z2n / (4.0 * trials)).sqrt() / (1.0 + z2n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Summaries of every distinct bot, in order of first appearance in `bots`.
pub fn summarize(bots: &[String], results: &[GameResult]) -> Vec<BotSummary> {
    let mut names: Vec<&String> = Vec::new();
    for name in bots {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
        .into_iter()
        .map(|name| {
            let seats = results
                .iter()
                .flat_map(|g| g.seats.iter())
                .filter(|s| &s.bot == name);
            let (mut games, mut wins, mut points, mut ranks, mut decisions, mut seconds) =
                (0u32, 0.0, 0.0, 0.0, 0u64, 0.0);
            for seat in seats {
                games += 1;
                wins += seat.win_share;
                points += f64::from(seat.points);
                ranks += f64::from(seat.rank);
                decisions += u64::from(seat.decisions);
                seconds += seat.think_seconds;
            }
            let n = f64::from(games.max(1));
            let (win_low, win_high) = wilson(wins, f64::from(games));
            BotSummary {
                bot: name.clone(),
                games,
                wins,
                win_rate: wins / n,
                win_low,
                win_high,
                mean_score: points / n,
                mean_rank: ranks / n,
                mean_decision_ms: 1000.0 * seconds / decisions.max(1) as f64,
                decisions_per_second: if seconds > 0.0 {
                    decisions as f64 / seconds
                } else {
                    0.0
                },
            }
        })
        .collect()
}

/// How two bots fared against each other in the games where both sat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HeadToHead {
    /// Games in which the first bot ranked better than the second.
    pub better: u32,
    /// Games in which it ranked worse.
    pub worse: u32,
    /// Games in which they ranked alike (a shared place).
    pub tied: u32,
}

impl HeadToHead {
    /// The chance, were both bots equally strong, of the first ranking better in at least as
    /// many of the games that ranked them apart: the one-sided sign test's p-value. Ties carry
    /// no sign and are left out.
    pub fn p_value(&self) -> f64 {
        binomial_upper_tail(self.better, self.better + self.worse)
    }
}

/// `a` against `b` over `results`: in each game where both sat, the one with the better rank
/// (the mean rank of its seats, where a bot sat twice) takes the game. A game counts once
/// however many seats each had, so that the games stay independent trials.
pub fn head_to_head(a: &str, b: &str, results: &[GameResult]) -> HeadToHead {
    let mean_rank = |game: &GameResult, bot: &str| {
        let ranks: Vec<f64> = game
            .seats
            .iter()
            .filter(|s| s.bot == bot)
            .map(|s| f64::from(s.rank))
            .collect();
        (!ranks.is_empty()).then(|| ranks.iter().sum::<f64>() / ranks.len() as f64)
    };
    let mut record = HeadToHead {
        better: 0,
        worse: 0,
        tied: 0,
    };
    for game in results {
        let (Some(rank_a), Some(rank_b)) = (mean_rank(game, a), mean_rank(game, b)) else {
            continue;
        };
        match rank_a.total_cmp(&rank_b) {
            std::cmp::Ordering::Less => record.better += 1,
            std::cmp::Ordering::Greater => record.worse += 1,
            std::cmp::Ordering::Equal => record.tied += 1,
        }
    }
    record
}

/// The chance of at least `k` heads in `n` tosses of a fair coin, summed in logarithms so that
/// long series do not underflow.
pub fn binomial_upper_tail(k: u32, n: u32) -> f64 {
    if k == 0 {
        return 1.0;
    }
    // ln C(n, i) − n ln 2, from i = 0 upwards.
    let mut log_term = -f64::from(n) * std::f64::consts::LN_2;
    let mut tail = 0.0;
    for i in 0..=n {
        if i >= k {
            tail += log_term.exp();
        }
        log_term += (f64::from(n - i) / f64::from(i + 1)).ln();
    }
    tail.min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_binomial_tail_matches_exact_sums() {
        assert_eq!(binomial_upper_tail(0, 10), 1.0);
        assert!((binomial_upper_tail(10, 10) - 1.0 / 1024.0).abs() < 1e-15);
        // 1 − P(X ≤ 5) for n = 10: (252 + 210 + 120 + 45 + 10 + 1) / 1024.
        assert!((binomial_upper_tail(5, 10) - 638.0 / 1024.0).abs() < 1e-12);
        assert!((binomial_upper_tail(6, 10) - 386.0 / 1024.0).abs() < 1e-12);
        assert_eq!(binomial_upper_tail(3, 0), 0.0);
        // Long series neither underflow nor exceed 1.
        assert!((binomial_upper_tail(1000, 2000) - 0.509).abs() < 1e-3);
        assert!(binomial_upper_tail(1500, 2000) < 1e-100);
    }

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263 (Wilson 1927 style example): 0.2553 .. 0.3662 at 95%.
        let (low, high) = wilson(81.0, 263.0);
        assert!((low - 0.2553).abs() < 5e-4, "{low}");
        assert!((high - 0.3662).abs() < 5e-4, "{high}");
        let (low, high) = wilson(10.0, 10.0);
        assert!(low > 0.69 && low < 0.73, "{low}");
        assert!((high - 1.0).abs() < 1e-12, "{high}");
        assert_eq!(wilson(0.0, 0.0), (0.0, 1.0));
    }
}
