//! Whatever a node learns of a game, it announces in one place ([`announce`]): the snapshot
//! published to the watchers, one event to the workers, one count of its kind in `/metrics`. A
//! change committed here ([`super::write_path::commit`]), a game entering the cache, and a
//! change another node made (followed here from the database, [`super::follow`]) are announced
//! alike, each once.

use std::sync::Arc;

use metrics::{counter, Counter};

use super::held_game::HeldGame;
use super::live_game::LiveGame;
use super::Node;

/// What a committed change of a game did, as it is announced and counted (in the order of
/// [`Announcement::NAMES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    /// An action played.
    Action,
    /// An action taken back.
    Undo,
    /// A seat taken, left or filled by a bot.
    Seat,
    /// An open game started.
    Start,
    /// An open game cancelled.
    Cancel,
    /// A person resigned.
    Resignation,
    /// A bot stands in for a person whose time ran out, or the person took their seat back.
    StandIn,
    /// A vote to end the game without a result.
    Vote,
    /// The ratings of a finished game.
    Rating,
    /// A clock moved for a person's vacation.
    Vacation,
}

/// Why a node announces a game's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Announcement {
    /// A change this node committed; `ended` the game by it (finished or abandoned), which
    /// the workers hear once, from the node that stored it.
    Committed { kind: ChangeKind, ended: bool },
    /// The game entered this node's cache: created here, or read from the database.
    Held,
    /// The database was ahead of this node: another node's changes, caught up or read again.
    Followed,
}

impl Announcement {
    /// Every announcement's name in `/metrics`, in the order of [`Announcement::index`].
    const NAMES: [&'static str; 12] = [
        "action",
        "undo",
        "seat",
        "start",
        "cancel",
        "resignation",
        "stand_in",
        "vote",
        "rating",
        "vacation",
        "held",
        "followed",
    ];

    fn index(self) -> usize {
        match self {
            Announcement::Committed { kind, .. } => kind as usize,
            Announcement::Held => 10,
            Announcement::Followed => 11,
        }
    }
}

/// A node's counts of what it announced, by [`Announcement::NAMES`]: looked up once, when the
/// node starts, since a lookup hashes the metric's name and labels and takes the registry's
/// lock, which every action would pay.
pub struct Announced([Counter; 12]);

impl Announced {
    /// The counters of the node named `node`.
    pub fn of_node(node: &str) -> Announced {
        super::metrics::install();
        Announced(Announcement::NAMES.map(|kind| {
            counter!("helvetia_game_announcements_total", "node" => node.to_string(), "kind" => kind)
        }))
    }
}

/// Announces `state` of `live` (under the writer's lock): its snapshot to the watchers, one
/// event to the workers (a bot or forced step to play; a game just ended to rate and to its
/// tournament), counted by kind. The one place that does either.
pub(super) fn announce(node: &Node, live: &Arc<LiveGame>, state: &HeldGame, what: Announcement) {
    live.publish(state);
    let ended = matches!(what, Announcement::Committed { ended: true, .. });
    node.events.tell(live, state, ended);
    node.announced.0[what.index()].increment(1);
}
