//! Resignations as the table shows them: who resigned, whether that ended the game, and the
//! standings that follow. A player who resigns ranks last, whatever their points: resigning is
//! giving the game up, and a rated game counts it as a loss against everyone who stayed.

use crate::{standings, Phase, Position, Seat, Standing};

/// The players who resigned from a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resignations {
    /// Their seats, in the order they resigned.
    pub seats: Vec<Seat>,
    /// Whether a resignation ended the game (otherwise bots play the resigned seats on).
    pub ended_game: bool,
}

impl Resignations {
    /// Nobody resigned.
    pub const NONE: Resignations = Resignations {
        seats: Vec::new(),
        ended_game: false,
    };

    /// Whether the game at `position` is over: played to its end, or ended by a resignation.
    pub fn is_over(&self, position: &Position) -> bool {
        self.ended_game || position.phase == Phase::GameOver
    }

    /// Whether `seat`'s player resigned.
    pub fn resigned(&self, seat: Seat) -> bool {
        self.seats.contains(&seat)
    }

    /// The standings at `position`, best first: the engine's ranking of those who stayed (with
    /// its tie-break), then those who resigned, sharing the last rank.
    pub fn standings(&self, position: &Position) -> Vec<Standing> {
        let all = standings(position);
        if self.seats.is_empty() {
            return all;
        }
        let (mut stayed, resigned): (Vec<Standing>, Vec<Standing>) =
            all.into_iter().partition(|s| !self.resigned(s.seat));
        // A rank is one more than the number of players strictly ahead.
        let ranks: Vec<u8> = stayed
            .iter()
            .map(|s| 1 + stayed.iter().filter(|o| o.rank < s.rank).count() as u8)
            .collect();
        for (standing, rank) in stayed.iter_mut().zip(ranks) {
            standing.rank = rank;
        }
        let last = stayed.len() as u8 + 1;
        stayed.extend(resigned.into_iter().map(|s| Standing { rank: last, ..s }));
        stayed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, GameOptions};

    fn finished_game(players: u8) -> Game {
        let mut game = Game::new(GameOptions::for_players(players), 5);
        while !game.is_over() {
            let action = game.legal_actions()[0];
            game.play(action).expect("legal");
        }
        game
    }

    #[test]
    fn those_who_resigned_rank_last_and_the_others_close_up() {
        let game = finished_game(3);
        let engine = game.standings();
        let winner = engine[0].seat;
        let resigned = Resignations {
            seats: vec![winner],
            ended_game: true,
        };
        let after = resigned.standings(game.position());
        assert_eq!(after.len(), 3);
        assert_eq!(after[2].seat, winner);
        assert_eq!(after[2].rank, 3);
        assert_eq!(after[0].rank, 1);
        assert!(after[..2].iter().all(|s| s.seat != winner));
        assert_eq!(Resignations::NONE.standings(game.position()), engine);
    }

    #[test]
    fn a_game_ended_by_resignation_is_over() {
        let game = Game::new(GameOptions::for_players(2), 1);
        let position = game.position();
        assert!(!Resignations::NONE.is_over(position));
        let ended = Resignations {
            seats: vec![Seat(0)],
            ended_game: true,
        };
        assert!(ended.is_over(position));
    }
}
