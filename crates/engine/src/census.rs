//! Who stands on the buildings, counted: every player's awake villagers by building kind, and
//! the sleeping villagers of every colour.
//!
//! Listing the legal actions needs these counts at every decision, and counting means visiting
//! every cell of every village. A [`crate::Game`] keeps its census beside its position and, for
//! the actions that move villagers only on a few known cells, recounts just those cells (see
//! [`Reach`]); only the rest make it count everything again.

use crate::action::Action;
use crate::people::{Seat, VillageId, MAX_PLAYERS, MAX_VILLAGES};
use crate::position::{Building, Phase, Position, Step};
use crate::production::Workers;

/// The counts of one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    workers: [Workers; MAX_PLAYERS],
    /// Sleeping villagers on buildings, by owner ([`VillageId::index`]).
    asleep: [u8; MAX_VILLAGES],
}

/// Where playing an action may change who stands on the buildings, within the round it is
/// played in (the end of a round can change anything).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Choices, purchases, payments, deliveries, dowries and births move no villager (a
    /// newborn lies with its parents and is no villager on the building until the round ends).
    Nowhere,
    /// Only on these cells (a set of [`crate::Cell::bit`]s) of this village: a worker falls
    /// asleep, a new building takes a villager in, a Night Watchman wakes a quarter, a
    /// marriage brings a partner.
    Cells(VillageId, u32),
    /// Anywhere: setting up, and the return from school.
    Anywhere,
}

impl Reach {
    /// The reach of `action`, legal in `position`.
    pub(crate) fn of(position: &Position, action: Action) -> Reach {
        let (seat, step) = match position.phase {
            Phase::Turn { seat, turn } => (seat, turn.step),
            _ => return Reach::Anywhere,
        };
        match (action, step) {
            (Action::Work { village, cell, .. }, _) | (Action::Marry { village, cell, .. }, _) => {
                Reach::Cells(village, cell.bit())
            }
            (Action::Wake { village, quarter }, _) => Reach::Cells(village, quarter.cells()),
            (Action::Place(cell), Step::Place { village, .. }) => Reach::Cells(village, cell.bit()),
            (Action::MoveIn(_), Step::MoveIn { village, cell }) => {
                Reach::Cells(village, cell.bit())
            }
            (Action::NeutralPriest { cell, .. }, _) => {
                Reach::Cells(VillageId::Player(seat), cell.bit())
            }
            (
                Action::Begin(_)
                | Action::UseTile(_)
                | Action::EndTurn
                | Action::Pass
                | Action::NeutralBuild(_)
                | Action::Build(_)
                | Action::Buy(_)
                | Action::Pay(_)
                | Action::Deliver(_)
                | Action::TakeDowry(_)
                | Action::Birth { .. },
                _,
            ) => Reach::Nowhere,
            _ => Reach::Anywhere,
        }
    }
}

// Beside the census, which does the counting: the workers' counts are one row of it.
impl Workers {
    /// Counts `seat`'s awake villagers on buildings of every village. A game keeps these
    /// counts for every player in its [`Census`].
    pub fn of(position: &Position, seat: Seat) -> Workers {
        *Census::of(position).workers(seat)
    }
}

impl Census {
    /// Counts every villager on a building of a village in play.
    pub fn of(position: &Position) -> Census {
        let mut census = Census::default();
        for village in position.villages_in_play() {
            for building in village.cells.iter().flatten() {
                census.add(building);
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

    /// Takes the villagers within `reach` out of the count, before the action is played.
    pub(crate) fn leave(&mut self, position: &Position, reach: Reach) {
        if let Reach::Cells(village, cells) = reach {
            for (_, building) in position.village(village).buildings_among(cells) {
                self.remove(building);
            }
        }
    }

    /// Counts the villagers within `reach` again in `after`, the position the action led to
    /// from round `round`; counts everything afresh if the reach was anywhere or a round ended.
    pub(crate) fn settle(&mut self, after: &Position, reach: Reach, round: u16) {
        let same_round = after.round == round && matches!(after.phase, Phase::Turn { .. });
        match reach {
            Reach::Nowhere if same_round => {}
            Reach::Cells(village, cells) if same_round => {
                for (_, building) in after.village(village).buildings_among(cells) {
                    self.add(building);
                }
            }
            _ => *self = Census::of(after),
        }
    }

    fn add(&mut self, building: &Building) {
        self.tally(building, |count| *count += 1);
    }

    fn remove(&mut self, building: &Building) {
        self.tally(building, |count| *count -= 1);
    }

    /// Applies `change` to the count each villager on `building` belongs to.
    fn tally(&mut self, building: &Building, change: fn(&mut u8)) {
        for villager in building.villagers.iter() {
            let count = match villager.owner {
                VillageId::Player(seat) if villager.awake => {
                    &mut self.workers[seat.index()].0[building.kind.index()]
                }
                owner if !villager.awake => &mut self.asleep[owner.index()],
                _ => continue,
            };
            change(count);
        }
    }
}
