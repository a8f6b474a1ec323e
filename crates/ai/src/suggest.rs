//! A suggestion for the player to move, for people at the table: the first decision of the
//! greedy turn plan, planned from the player's view only.
//!
//! The plan weighs coins against sleeping villagers, and on its own could buy a material that
//! one of the player's awake villagers makes for free. A suggestion never does that: a
//! purchase is replaced by the work (or the chain of work) that makes the same material.

use helvetia_engine::{Action, Game, View};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::greedy::{plan_turn, GreedyParams};

/// Work steps followed to find a villager who makes a material (a production and up to two
/// exchanges).
const CHAIN: usize = 3;

/// The suggested decision in `view` for the player to move, or `None` once the game is over.
/// The unseen tiles are dealt from a fixed seed: the same view always gets the same
/// suggestion, and nothing hidden is used (a view has none of it).
pub fn suggest(view: &View) -> Option<Action> {
    view.position.to_move()?;
    let game = view.determinize(&mut ChaCha8Rng::seed_from_u64(0));
    let legal = game.legal_actions();
    let planned = plan_turn(&game, &GreedyParams::default())
        .first()
        .copied()
        .filter(|action| legal.contains(action))
        .or_else(|| legal.first().copied())?;
    Some(match planned {
        Action::Buy(material) => made_by_own_villager(&game, material, CHAIN).unwrap_or(planned),
        _ => planned,
    })
}

/// A work step (by an own awake villager, the only kind offered) that leads to paying with
/// `material`, directly or through up to `depth` steps of work.
fn made_by_own_villager(
    game: &Game,
    material: helvetia_engine::Good,
    depth: usize,
) -> Option<Action> {
    if depth == 0 {
        return None;
    }
    let legal = game.legal_actions();
    legal.iter().copied().find(|&action| {
        let Action::Work { .. } = action else {
            return false;
        };
        let mut after = game.clone();
        after.play_unchecked(action);
        let pays = after.legal_actions().contains(&Action::Pay(material));
        pays || made_by_own_villager(&after, material, depth - 1).is_some()
    })
}
