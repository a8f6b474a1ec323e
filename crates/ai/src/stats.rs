//! Tournament statistics per bot: wins with a Wilson interval, scores, ranks and speed.

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

#[cfg(test)]
mod tests {
    use super::*;

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
