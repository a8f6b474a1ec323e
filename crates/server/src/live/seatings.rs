//! Who sits in which game, as this node publishes it, for whoever follows an account's games
//! rather than one game (a bot account's event stream). A broadcast: every change and every
//! load of a game tells its status and seats; a change another node made to a game this node
//! does not hold is told as "changed, seats unknown here". Nothing is built while nobody
//! follows.

use std::sync::Arc;

use tokio::sync::broadcast;

use crate::domain::game_state::GameState;
use crate::domain::seats::{GameStatus, SeatRecord};

/// How many seatings a follower may fall behind before it is told that it missed some.
const BACKLOG: usize = 1024;

/// What a follower hears of a game.
#[derive(Clone, Debug)]
pub enum Seating {
    /// The game as this node just published or loaded it.
    Known {
        /// The game.
        game_id: Arc<str>,
        /// Where it stands.
        status: GameStatus,
        /// Its seats.
        seats: Arc<[SeatRecord]>,
    },
    /// Another node changed a game this node does not hold: its seats are in the database only.
    Unknown,
}

/// The broadcast of seatings.
pub struct Seatings {
    sender: broadcast::Sender<Seating>,
}

impl Default for Seatings {
    fn default() -> Self {
        Seatings {
            sender: broadcast::channel(BACKLOG).0,
        }
    }
}

impl Seatings {
    /// Tells the followers `state` of `game_id`, as just published or loaded.
    pub fn tell(&self, game_id: &Arc<str>, state: &GameState) {
        if self.sender.receiver_count() == 0 {
            return;
        }
        // Fails only when the last follower left meanwhile: nobody to tell.
        let _ = self.sender.send(Seating::Known {
            game_id: game_id.clone(),
            status: state.status,
            seats: state.seats.as_slice().into(),
        });
    }

    /// Tells the followers that another node changed a game this node does not hold.
    pub fn tell_unknown(&self) {
        if self.sender.receiver_count() > 0 {
            let _ = self.sender.send(Seating::Unknown);
        }
    }

    /// A new follower, who hears of every seating from now on.
    pub fn follow(&self) -> broadcast::Receiver<Seating> {
        self.sender.subscribe()
    }
}
