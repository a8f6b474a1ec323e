//! Forced steps: decisions with exactly one legal action, which a table may take for the player.
//!
//! The engine already takes the steps where nothing is chosen at all (a turn with nothing left
//! but ending it ends by itself, a single dowry colour is taken, a single sex in the centre moves
//! in). What is left are decisions whose legal list holds one action: a draft with one type
//! left, the one cell or villager that fits, the one character to place a coin on. These are
//! forced too, except one: a lone `Pass` by a player with coins in hand, which gives the coins
//! up for the round (ruling 8). That one waits for the player, who sees why.
//!
//! Only what every player sees is used: a view's position gives the same answer as the game's.

use crate::action::Action;
use crate::census::Census;
use crate::decisions::legal_in;
use crate::position::{Phase, Position};

/// The action of `position`'s decision if it is forced: the only legal one, and not a pass that
/// gives up coins in hand.
pub fn forced_step(position: &Position) -> Option<Action> {
    forced_step_among(position, &legal_in(position, &Census::of(position)))
}

/// [`forced_step`] for a caller that has worked out `position`'s legal actions already.
pub fn forced_step_among(position: &Position, legal: &[Action]) -> Option<Action> {
    let [only] = legal else {
        return None;
    };
    let gives_up_coins = match position.phase {
        Phase::Turn { seat, .. } => *only == Action::Pass && position.player(seat).hand > 0,
        _ => false,
    };
    (!gives_up_coins).then_some(*only)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::options::GameOptions;
    use crate::people::{Character, Seat};
    use crate::position::TurnState;

    /// A three-player game at seat 0's first turn with every village empty, so that passing is
    /// all seat 0 can do, with `hand` coins in hand (the rest on the Night Watchman). Random
    /// play does not reach a lone pass with coins, so the exception is tested here.
    fn lone_pass_with(hand: u8) -> Game {
        let mut position = Game::new(GameOptions::for_players(3), 1).position().clone();
        // The start buildings the draft would hand out go back to the box.
        for (boxed, pool) in position.boxed.iter_mut().zip(position.draft_pool) {
            *boxed += pool;
        }
        position.draft_pool = [0; 5];
        for player in &mut position.players {
            player.start_buildings = [0; 5];
        }
        let player = &mut position.players[0];
        player.on_characters[Character::NightWatchman.index()] += player.hand - hand;
        player.hand = hand;
        position.phase = Phase::Turn {
            seat: Seat(0),
            turn: TurnState::fresh(),
        };
        Game::from_position(position).expect("a legal position")
    }

    #[test]
    fn a_forced_step_is_the_only_legal_action_and_a_lone_pass_waits_only_with_coins() {
        for (hand, step) in [(0, Some(Action::Pass)), (2, None)] {
            let game = lone_pass_with(hand);
            assert_eq!(game.legal_actions().as_slice(), [Action::Pass]);
            assert_eq!(
                forced_step(game.position()),
                step,
                "a lone pass with {hand} coins in hand"
            );
            assert_eq!(game.view().forced_step(), step);
        }

        let mut forced = 0;

        for seed in 0..20 {
            let mut game = Game::new(GameOptions::for_players(2 + (seed % 3) as u8), seed);
            while !game.is_over() && game.position().round < 4 {
                let legal = game.legal_actions();
                let step = forced_step(game.position());
                assert_eq!(step, game.view().forced_step());
                match step {
                    Some(action) => {
                        assert_eq!(legal.as_slice(), [action]);
                        forced += 1;
                    }
                    None if legal.as_slice() == [Action::Pass] => {
                        let Phase::Turn { seat, .. } = game.position().phase else {
                            panic!("a pass outside a turn");
                        };
                        assert!(
                            game.position().player(seat).hand > 0,
                            "a lone pass without coins is forced"
                        );
                    }
                    None => assert!(legal.len() > 1, "{legal:?}"),
                }
                game.play(legal[(seed as usize * 7 + legal.len()) % legal.len()])
                    .expect("legal");
            }
        }
        assert!(forced > 0, "random games meet forced steps");
    }
}
