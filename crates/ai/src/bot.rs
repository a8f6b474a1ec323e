//! The bot interface: a player's view and a budget in, one legal action out.

use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use helvetia_engine::{Action, Game, View};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// How much thinking a decision may use. Any limit may be absent; with several, the first
/// reached stops the search. Bots that do not search ignore it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Search iterations in total (over all threads).
    pub iterations: Option<u32>,
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// A moment no search may run past: the end of the time the whole turn may take, which
    /// its searches share ([`crate::TurnClock`]). Unlike `time`, a planning search does not
    /// stretch it.
    pub until: Option<Instant>,
}

impl Budget {
    /// A budget of `iterations` search iterations and no time limit.
    pub const fn iterations(iterations: u32) -> Budget {
        Budget {
            iterations: Some(iterations),
            time: None,
            until: None,
        }
    }

    /// A budget of `millis` milliseconds and no iteration limit.
    pub const fn millis(millis: u64) -> Budget {
        Budget {
            iterations: None,
            time: Some(Duration::from_millis(millis)),
            until: None,
        }
    }
}

/// A computer player.
///
/// A bot sees only a [`View`]: never the hidden order of stacks 2 and 3. When it needs a game
/// to search, it builds one with [`View::determinize`], which re-deals the unseen tiles.
/// Given the same view, seed and iteration budget, a new bot returns the same action. A bot
/// that keeps state between decisions (the MCTS bot's plan of its turn) returns what that state
/// holds, which again follows only from the views it was given, its seed and its budgets.
pub trait Bot: Send {
    /// The bot's name with its parameters, e.g. `mcts:iterations=2000,c=0.9`.
    fn name(&self) -> String;

    /// Chooses one of the legal actions of the player to move in `view`.
    ///
    /// # Panics
    /// If the game in `view` is over (there is nothing to choose).
    fn choose(&mut self, view: &View, budget: Budget) -> Action;

    /// Searches run so far: decisions played from a plan, forced decisions and the decisions of
    /// bots that do not search count none.
    fn searches(&self) -> u64 {
        0
    }
}

/// A seed for one decision: the bot's seed mixed with a fingerprint of the view.
///
/// Deriving the seed from the view (not from how many decisions came before) makes a decision
/// reproducible from the view alone, e.g. when a server restarts a bot mid-game.
pub fn decision_seed(bot_seed: u64, view: &View) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let bytes = serde_json::to_vec(view).expect("a view serialises");
    bytes.hash(&mut hasher);
    mix(bot_seed ^ hasher.finish())
}

/// SplitMix64's finaliser: spreads nearby seeds far apart.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A generator seeded for one decision.
pub fn decision_rng(bot_seed: u64, view: &View) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(decision_seed(bot_seed, view))
}

/// A game consistent with `view`, its unseen tiles dealt by `rng`.
///
/// # Panics
/// If the view's game is over.
pub fn sample_game(view: &View, rng: &mut ChaCha8Rng) -> Game {
    assert!(
        view.position.to_move().is_some(),
        "a bot was asked to move in a finished game"
    );
    view.determinize(rng)
}
