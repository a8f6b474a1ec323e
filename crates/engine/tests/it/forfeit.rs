//! Warnings before coins go unused (`forfeits`), checked against what playing the decision does
//! in random games of 2, 3 and 4 players: a flagged decision always leaves the round to end before
//! the player's next turn with their coins in hand, and ending a turn unflagged while a coin could
//! still be placed lets them play again.

use helvetia_engine::{
    forfeits, Action, Character, ForfeitCause, Game, GameOptions, Phase, Position, Seat, TurnState,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Whether the round of `before` is over in `after`.
fn round_over(before: &Position, after: &Position) -> bool {
    after.round != before.round || !matches!(after.phase, Phase::Turn { .. })
}

/// What another player does to keep the round going, if anything: without coins, pass and
/// leave the neutral coin in play; with coins, end the turn after one action, use the neutral
/// coin instead of their own, or marry for a dowry of their own colour (ruling 10).
fn keeping(game: &Game, legal: &[Action]) -> Option<Action> {
    let position = game.position();
    let me = game.to_move()?;
    if position.player(me).hand == 0 && legal.contains(&Action::Pass) {
        return Some(Action::Pass);
    }
    if legal.contains(&Action::EndTurn) {
        return Some(Action::EndTurn);
    }
    legal.iter().copied().find(|&action| match action {
        Action::NeutralPriest { .. }
        | Action::NeutralBuild(_)
        | Action::Begin(Character::Priest) => true,
        Action::TakeDowry(colour) => colour == me,
        Action::Marry { village, .. } => position.village(village).centre_coins[me.index()] > 0,
        _ => false,
    })
}

/// Plays legal actions until `seat` begins another turn in the round of `start` or that round
/// is over, and answers whether it got that turn. `seat` plays at random; the others too, or,
/// when `keep` is set, keep coins in hand where they can.
fn next_turn(
    start: &Position,
    game: &mut Game,
    seat: Seat,
    keep: bool,
    rng: &mut ChaCha8Rng,
) -> bool {
    let mut left = false;
    loop {
        if round_over(start, game.position()) {
            return false;
        }
        match game.position().phase {
            Phase::Turn { seat: s, turn } if s == seat && turn == TurnState::fresh() && left => {
                return true
            }
            Phase::Turn { seat: s, .. } if s != seat => left = true,
            _ => {}
        }
        let legal = game.legal_actions();
        let kept = (keep && game.to_move() != Some(seat))
            .then(|| keeping(game, &legal))
            .flatten();
        game.play(kept.unwrap_or_else(|| legal[rng.next_u32() as usize % legal.len()]))
            .unwrap();
    }
}

#[test]
fn a_warned_decision_ends_the_round_with_coins_in_hand_and_an_unwarned_end_of_turn_gets_another_turn(
) {
    let mut warned = [0usize; 4];
    // Unwarned turn ends with coins: checked, found by search, not found by search.
    let mut unwarned = [0usize; 3];
    for players in 2..=4u8 {
        for seed in 0..120u64 {
            let mut options = GameOptions::for_players(players);
            options.round_limit = Some(6);
            let mut game = Game::new(options, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !game.is_over() {
                let legal = game.legal_actions();
                let view = game.view();
                let flagged = forfeits(&view.position, &legal);
                assert_eq!(
                    flagged,
                    forfeits(game.position(), &legal),
                    "a view is enough"
                );
                let seat = game.to_move().unwrap();
                let hand = game.position().player(seat).hand;
                let can_begin = legal.iter().any(|a| matches!(a, Action::Begin(_)));
                for (index, &action) in legal.iter().enumerate() {
                    let warning = flagged.iter().find(|(i, _)| *i == index).map(|(_, f)| *f);
                    let mut after = game.clone();
                    after.play(action).unwrap();
                    if let Some(warning) = warning {
                        warned[match warning.cause {
                            ForfeitCause::EndTurn => 0,
                            ForfeitCause::TileClosesTurn => 1,
                            ForfeitCause::NeutralCoin => 2,
                            ForfeitCause::StepEndsTurn => 3,
                        }] += 1;
                        assert_eq!(warning.coins, hand);
                        // Whatever everyone does next, the round ends before this player's next
                        // turn (tried with several random continuations).
                        for _ in 0..4 {
                            let mut later = after.clone();
                            assert!(
                                !next_turn(game.position(), &mut later, seat, false, &mut rng),
                                "{action:?} was warned about but {seat} got another turn"
                            );
                        }
                    } else if action == Action::EndTurn && hand > 0 && can_begin {
                        // Unwarned while a coin could still be placed: the round can go on to
                        // the player's next turn. When another colour surely stays (a player
                        // with a second coin, who ends a turn after one action, or the neutral
                        // coin, which a player without coins leaves by passing) the others'
                        // keeping play must find that turn. When only a marriage for a dowry
                        // keeps another player in, finding it takes the right marriage: those
                        // cases are searched and counted, not asserted.
                        let p = game.position();
                        let another_colour_stays = p.neutral_coin_available
                            || p.options.seats().any(|s| {
                                let other = p.player(s);
                                s != seat && !other.passed && (other.hand > 1 || other.arriving > 0)
                            });
                        let kept = after.to_move() == Some(seat)
                            || (0..8)
                                .any(|_| next_turn(p, &mut after.clone(), seat, true, &mut rng));
                        if another_colour_stays {
                            assert!(
                                kept,
                                "ending the turn with {hand} coins lost them without a warning"
                            );
                            unwarned[0] += 1;
                        } else {
                            unwarned[if kept { 1 } else { 2 }] += 1;
                        }
                    }
                }
                // Ending turns early keeps coins in hand, so that one player is often the last
                // with coins, which is when coins can go unused.
                let end = legal.contains(&Action::EndTurn) && rng.next_u32() % 4 != 0;
                let action = if end {
                    Action::EndTurn
                } else {
                    legal[rng.next_u32() as usize % legal.len()]
                };
                game.play(action).unwrap();
            }
        }
    }
    eprintln!(
        "warnings by cause (end turn, tile, neutral coin, step): {warned:?}; unwarned turn ends \
         with coins (another turn checked, found by search, not found): {unwarned:?}"
    );
    assert!(warned.iter().all(|&n| n > 0), "{warned:?}");
    assert!(unwarned[0] > 0, "{unwarned:?}");
}

#[test]
fn nothing_is_warned_about_without_a_choice() {
    // The first decision of a game is a setup choice: no coins are at stake.
    let game = Game::new(GameOptions::for_players(2), 3);
    assert!(forfeits(game.position(), &game.legal_actions()).is_empty());
}
