//! What the live layer tells the node's workers: one event per announced state (a change
//! committed here, a game entering the cache, another node's changes followed; see
//! [`super::announce`]), on a channel that the event worker reads. The write
//! path never calls a worker; the worker decides what follows (a bot's move, a rating). Each of
//! them also tells the game's seats to whoever follows them ([`Seatings`]).

use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use super::live_game::LiveGame;
use super::seatings::Seatings;
use crate::domain::game_state::GameState;
use crate::domain::seats::GameStatus;

/// What happened to a game this node holds.
pub enum GameEvent {
    /// The game as just published: `bot_next` a bot (or the server, for a person's forced step)
    /// decides now; `ended` it has just ended (finished or abandoned), `finished_rated` it has
    /// just finished and counts for ratings.
    Published {
        /// The game.
        game: Arc<LiveGame>,
        /// Whether the game's bot task has something to play.
        bot_next: bool,
        /// Whether the game has just ended.
        ended: bool,
        /// Whether the game is over and rated.
        finished_rated: bool,
    },
}

/// The channel from the write path to the event worker: sending never blocks (a change makes
/// at most one event, and the worker only starts tasks).
pub struct Events {
    sender: mpsc::UnboundedSender<GameEvent>,
    /// The receiving side until the event worker takes it.
    receiver: Mutex<Option<mpsc::UnboundedReceiver<GameEvent>>>,
    /// Who sits in each game published or loaded, for the streams that follow an account.
    pub seatings: Seatings,
}

impl Default for Events {
    fn default() -> Self {
        let (sender, receiver) = mpsc::unbounded_channel();
        Events {
            sender,
            receiver: Mutex::new(Some(receiver)),
            seatings: Seatings::default(),
        }
    }
}

impl Events {
    /// Tells the workers of `state` of `game`, as [`super::announce`] announces it: `ended` the
    /// change that ended it, which is told once, by the node that stored it.
    pub(super) fn tell(&self, game: &Arc<LiveGame>, state: &GameState, ended: bool) {
        self.send(
            game,
            state,
            ended,
            ended && state.settings.rated && state.status == GameStatus::Finished,
        );
    }

    fn send(&self, game: &Arc<LiveGame>, state: &GameState, ended: bool, finished_rated: bool) {
        self.seatings.tell(&game.id, state);
        let bot_next = state.bot_to_move() || state.person_forced_step().is_some();
        if bot_next || ended {
            // Only fails once the worker stopped with the node: nothing is left to tell.
            let _ = self.sender.send(GameEvent::Published {
                game: game.clone(),
                bot_next,
                ended,
                finished_rated,
            });
        }
    }

    /// The receiving side, for the one event worker of this node (`None` once taken).
    pub fn take_receiver(&self) -> Option<mpsc::UnboundedReceiver<GameEvent>> {
        self.receiver.lock().expect("events receiver").take()
    }
}
