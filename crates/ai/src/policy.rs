//! A cheap playing policy for rollouts: weights on actions from a glance at the position.
//!
//! It prefers what usually pays: deliveries and the chains to complex goods, victory point
//! buildings and producers of new goods, waking quarters where own villagers sleep (the Night
//! Watchman only has a use where somebody sleeps), and using coins rather than ending a turn
//! early. It never looks ahead, so it costs little more than
//! listing the legal actions.

use helvetia_engine::{
    Action, BuildingClass, BuildingKind, Character, Game, Phase, Position, Seat, Step, VillageId,
};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

/// The weight of `action` for the player to move (higher is more likely); always positive.
pub fn weight(game: &Game, seat: Seat, action: Action) -> f32 {
    let position = game.position();
    let player = position.player(seat);
    match action {
        Action::Begin(character) | Action::UseTile(character) => {
            let tile_bonus = if matches!(action, Action::UseTile(_)) {
                2.0
            } else {
                0.0
            };
            tile_bonus
                + match character {
                    Character::Trader => 8.0,
                    Character::Builder => 6.0,
                    // Offered only when someone sleeps (ruling 8): worth a coin when it is
                    // the player's own villagers, hardly when it only wakes the others'.
                    Character::NightWatchman => match game.census().asleep(seat) {
                        0 => 0.3,
                        n => 2.0 + 2.0 * f32::from(n.min(3)),
                    },
                    Character::Priest => 2.0,
                    Character::Midwife => 1.5,
                }
        }
        Action::EndTurn => 1.5,
        Action::Deliver(good) => 30.0 + 10.0 * good.tier() as f32,
        Action::Work { into, .. } => {
            let new = !player.delivered.contains(into);
            match (&position.phase, new) {
                (Phase::Turn { turn, .. }, _) if matches!(turn.step, Step::Pay { .. }) => {
                    if into.is_material() {
                        6.0
                    } else {
                        2.0
                    }
                }
                (_, true) => 2.0 + 4.0 * (into.tier() as f32 - 1.0),
                (_, false) => 1.0,
            }
        }
        Action::Pay(_) => 20.0,
        Action::Buy(_) => 1.0,
        Action::Build(kind) | Action::NeutralBuild(kind) => build_weight(position, seat, kind),
        Action::Wake { village, quarter } => {
            let me = VillageId::Player(seat);
            let asleep = position
                .village(village)
                .buildings_among(quarter.cells())
                .flat_map(|(_, b)| b.villagers.iter())
                .filter(|v| v.owner == me && !v.awake)
                .count();
            0.2 + 3.0 * asleep as f32
        }
        Action::TakeDowry(colour) if colour == seat => 3.0,
        Action::Pass => 1.0,
        _ => 1.0,
    }
}

fn build_weight(position: &Position, seat: Seat, kind: BuildingKind) -> f32 {
    match kind.class() {
        BuildingClass::VictoryPoints => 8.0,
        BuildingClass::Exchange => 2.0,
        BuildingClass::Production => {
            let Some((_, good)) = kind.production() else {
                return 1.0;
            };
            if position.player(seat).delivered.contains(good) {
                1.0
            } else {
                2.0 + 2.0 * good.tier() as f32
            }
        }
    }
}

/// Picks an action at random in proportion to its weight raised to `sharpness`: 1 follows the
/// weights as written, 2 plays the favourites more often.
///
/// # Panics
/// If the game is over.
pub fn pick(game: &Game, rng: &mut ChaCha8Rng, sharpness: f32) -> Action {
    let seat = game.to_move().expect("a player to move");
    let legal = game.legal_actions();
    if legal.len() == 1 {
        return legal[0];
    }
    let mut weights = [0.0f32; helvetia_engine::ACTION_CAPACITY];
    let mut total = 0.0;
    for (slot, &action) in weights.iter_mut().zip(legal.iter()) {
        *slot = sharpen(weight(game, seat, action), sharpness);
        total += *slot;
    }
    let mut target = unit(rng) * total;
    for (i, &w) in weights[..legal.len()].iter().enumerate() {
        if target < w {
            return legal[i];
        }
        target -= w;
    }
    legal[legal.len() - 1]
}

/// `weight` to the power `sharpness`. Whole powers are multiplied out, so that the powers worth
/// trying in rollouts (every legal action of every decision) need no `powf`.
fn sharpen(weight: f32, sharpness: f32) -> f32 {
    match sharpness {
        1.0 => weight,
        2.0 => weight * weight,
        3.0 => weight * weight * weight,
        _ => weight.powf(sharpness),
    }
}

/// A uniform number in [0, 1).
pub fn unit(rng: &mut ChaCha8Rng) -> f32 {
    (rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32
}

#[cfg(test)]
mod tests {
    use helvetia_engine::GameOptions;
    use rand_core::SeedableRng;

    use super::*;

    /// A four-player game at a decision whose legal actions have at least three different
    /// weights.
    fn varied_decision() -> Game {
        let mut game = Game::new(GameOptions::for_players(4), 5);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        loop {
            let seat = game.to_move().expect("the game goes on");
            let mut weights: Vec<f32> = game
                .legal_actions()
                .iter()
                .map(|&action| weight(&game, seat, action))
                .collect();
            weights.sort_by(f32::total_cmp);
            weights.dedup();
            if weights.len() >= 3 {
                return game;
            }
            game.play_unchecked(pick(&game, &mut rng, 1.0));
        }
    }

    #[test]
    fn picks_follow_the_weights_raised_to_the_sharpness() {
        let game = varied_decision();
        let seat = game.to_move().unwrap();
        let legal = game.legal_actions();
        let draws = 20_000;
        for sharpness in [0.0, 1.0, 2.0, 3.0, 0.5] {
            let powered: Vec<f32> = legal
                .iter()
                .map(|&action| weight(&game, seat, action).powf(sharpness))
                .collect();
            let total: f32 = powered.iter().sum();
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut counts = vec![0u32; legal.len()];
            for _ in 0..draws {
                let action = pick(&game, &mut rng, sharpness);
                counts[legal.iter().position(|&a| a == action).unwrap()] += 1;
            }
            for (i, &count) in counts.iter().enumerate() {
                let expected = powered[i] / total;
                let seen = count as f32 / draws as f32;
                assert!(
                    (seen - expected).abs() < 0.02,
                    "sharpness {sharpness}, {:?}: {seen} against {expected}",
                    legal[i]
                );
            }
        }
    }
}
