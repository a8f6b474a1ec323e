//! Whatever a node learns of a game, it announces in one place ([`announce`]): the snapshot
//! published to the watchers, one event to the workers, one count of its kind in `/metrics`. A
//! change committed here ([`super::write_path::commit`]), a game entering the cache, and a
//! change another node made (followed here from the database, [`super::follow`]) are announced
//! alike, each once.

use std::sync::Arc;

use super::held_game::HeldGame;
use super::live_game::LiveGame;
use super::Node;

/// What a committed change of a game did, as it is announced and counted.
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

impl ChangeKind {
    /// The kind's name in `/metrics`.
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Action => "action",
            ChangeKind::Undo => "undo",
            ChangeKind::Seat => "seat",
            ChangeKind::Start => "start",
            ChangeKind::Cancel => "cancel",
            ChangeKind::Resignation => "resignation",
            ChangeKind::StandIn => "stand_in",
            ChangeKind::Vote => "vote",
            ChangeKind::Rating => "rating",
            ChangeKind::Vacation => "vacation",
        }
    }
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
    fn name(self) -> &'static str {
        match self {
            Announcement::Committed { kind, .. } => kind.name(),
            Announcement::Held => "held",
            Announcement::Followed => "followed",
        }
    }
}

/// Announces `state` of `live` (under the writer's lock): its snapshot to the watchers, one
/// event to the workers (a bot or forced step to play; a game just ended to rate and to its
/// tournament), counted by kind. The one place that does either.
pub(super) fn announce(node: &Node, live: &Arc<LiveGame>, state: &HeldGame, what: Announcement) {
    live.publish(state);
    let ended = matches!(what, Announcement::Committed { ended: true, .. });
    node.events.tell(live, state, ended);
    super::metrics::game_announced(node.store.node(), what.name());
}
