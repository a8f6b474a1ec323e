//! The weakest bot: uniform over the legal actions. A baseline and a source of random positions.

use helvetia_engine::{Action, View};
use rand_core::RngCore;

use crate::bot::{decision_rng, Bot, Budget};

/// Plays a legal action chosen uniformly at random.
#[derive(Clone, Debug)]
pub struct RandomBot {
    seed: u64,
}

impl RandomBot {
    /// A random bot whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { seed }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, view: &View, _budget: Budget) -> Action {
        let mut rng = decision_rng(self.seed, view);
        let game = crate::bot::sample_game(view, &mut rng);
        let legal = game.legal_actions();
        legal[(rng.next_u64() % legal.len() as u64) as usize]
    }
}
