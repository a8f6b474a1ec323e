//! What a player or spectator may see: everything but the order of stacks 2 and 3.

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::building::BuildingKind;
use crate::game::Game;
use crate::position::Position;
use crate::setup::shuffle;

/// A position as every player sees it. Its `position.stack2` and `position.stack3` are always
/// empty; only their sizes are shown. All players see the same, so one view serves every seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The position with both face-down stacks emptied.
    pub position: Position,
    /// Tiles left in stack 2.
    pub stack2_size: u8,
    /// Tiles left in stack 3.
    pub stack3_size: u8,
}

// Beside the view rather than the game: a view deals a game back (`View::determinize`), so the
// view sits above the game, which need not know it.
impl Game {
    /// What `viewer` may see: the position without the order of stacks 2 and 3.
    pub fn view(&self) -> View {
        View::of(self.position())
    }
}

impl View {
    /// The action of the decision now if it is forced (see [`crate::forced_step`]).
    pub fn forced_step(&self) -> Option<crate::Action> {
        crate::forced::forced_step(&self.position)
    }

    /// The legal actions of the player to move: the same as the game's, since no decision
    /// depends on the order of stacks 2 and 3.
    pub fn legal_actions(&self) -> crate::ActionList {
        crate::decisions::legal_in(&self.position, &crate::Census::of(&self.position))
    }

    /// The view of `position`.
    pub fn of(position: &Position) -> View {
        let mut position = position.clone();
        let stack2_size = position.stack2.len() as u8;
        let stack3_size = position.stack3.len() as u8;
        position.stack2.clear();
        position.stack3.clear();
        View {
            position,
            stack2_size,
            stack3_size,
        }
    }

    /// The tiles not yet seen, by kind: what stacks 2 and 3 hold between them.
    pub fn unseen(&self) -> [u8; 24] {
        let p = &self.position;
        std::array::from_fn(|i| {
            let kind = BuildingKind::ALL[i];
            let [_, _, two, three] = kind.tiles();
            let placed = p
                .village_ids()
                .flat_map(|id| p.village(id).buildings())
                .filter(|(_, b)| b.kind == kind)
                .count();
            (two + three)
                .saturating_sub(p.display[i])
                .saturating_sub(placed as u8)
        })
    }

    /// A game consistent with this view, the unseen tiles dealt at random (determinization).
    ///
    /// Stack 2 is drawn out before stack 3 is touched, so while stack 2 has tiles, stack 3 is
    /// still whole, and stack 2 holds the rest of the unseen tiles.
    pub fn determinize(&self, rng: &mut ChaCha8Rng) -> Game {
        let mut position = self.position.clone();
        let mut unseen = self.unseen();
        if self.stack2_size > 0 {
            for kind in BuildingKind::ALL {
                for _ in 0..kind.tiles()[3] {
                    position.stack3.push(kind);
                    unseen[kind.index()] -= 1;
                }
            }
        }
        let target = if self.stack2_size > 0 {
            &mut position.stack2
        } else {
            &mut Default::default()
        };
        for kind in BuildingKind::ALL {
            for _ in 0..unseen[kind.index()] {
                if self.stack2_size > 0 {
                    target.push(kind);
                } else {
                    position.stack3.push(kind);
                }
            }
        }
        shuffle(rng, &mut position.stack2);
        shuffle(rng, &mut position.stack3);
        // The tiles dealt are exactly the unseen ones, so the position is as legal as the view.
        Game::from_trusted_position(position)
    }
}
