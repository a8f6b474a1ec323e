//! Who stands on the buildings, counted: every player's awake villagers by building kind, and
//! the sleeping villagers of every colour.
//!
//! Listing the legal actions needs these counts at every decision, and counting means visiting
//! every cell of every village. A [`crate::Game`] keeps its census beside its position and
//! carries it over the actions that move no villager, so a search counts only after the few that
//! do (see [`Census::follow`]).

use crate::action::Action;
use crate::people::{Seat, VillageId, MAX_PLAYERS, MAX_VILLAGES};
use crate::position::{Phase, Position};
use crate::production::Workers;

/// The counts of one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    workers: [Workers; MAX_PLAYERS],
    /// Sleeping villagers on buildings, by owner ([`VillageId::index`]).
    asleep: [u8; MAX_VILLAGES],
}

impl Census {
    /// Counts every villager on a building of a village in play.
    pub fn of(position: &Position) -> Census {
        let mut census = Census::default();
        // Hot in search: plain loops over the villages in play.
        for village in position.villages_in_play() {
            for building in village.cells.iter().flatten() {
                for villager in building.villagers.iter() {
                    match villager.owner {
                        VillageId::Player(seat) if villager.awake => {
                            census.workers[seat.index()].0[building.kind.index()] += 1;
                        }
                        owner if !villager.awake => census.asleep[owner.index()] += 1,
                        _ => {}
                    }
                }
            }
        }
        census
    }

    /// `seat`'s awake villagers on buildings, by kind: who can work.
    pub fn workers(&self, seat: Seat) -> &Workers {
        &self.workers[seat.index()]
    }

    /// `seat`'s villagers asleep on buildings, in any village.
    pub fn asleep(&self, seat: Seat) -> u8 {
        self.asleep[seat.index()]
    }

    /// Whether anybody sleeps on a building: then a Night Watchman has something to wake.
    pub fn anyone_asleep(&self) -> bool {
        self.asleep.iter().any(|&n| n > 0)
    }

    /// Brings the census of the position before `action` up to date with `after`, the position
    /// it led to. `mover` played it in round `round`.
    ///
    /// Within one round, a turn's choices, purchases, payments and deliveries move no villager,
    /// and a work step puts exactly the worker to sleep. Everything else (placing a building,
    /// which may move villagers in by itself, waking, marrying, births, the end of a round,
    /// setting up) is counted afresh.
    pub(crate) fn follow(&mut self, action: Action, mover: Seat, round: u16, after: &Position) {
        let same_round = after.round == round && matches!(after.phase, Phase::Turn { .. });
        match action {
            Action::Work { village, cell, .. } if same_round => {
                let building = after.village(village).cells[cell.index()]
                    .as_ref()
                    .expect("work happens on a building");
                self.workers[mover.index()].0[building.kind.index()] -= 1;
                self.asleep[mover.index()] += 1;
            }
            Action::Begin(_)
            | Action::UseTile(_)
            | Action::EndTurn
            | Action::Pass
            | Action::Build(_)
            | Action::Buy(_)
            | Action::Pay(_)
            | Action::Deliver(_)
                if same_round => {}
            _ => *self = Census::of(after),
        }
    }
}
