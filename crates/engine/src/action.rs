//! The atomic decisions of the game, with their stable JSON form and a short label for people.

use serde::{Deserialize, Serialize};

use crate::building::BuildingKind;
use crate::geometry::{Cell, Quarter};
use crate::good::Good;
use crate::people::{Character, Seat, Sex, VillageId};

/// Where an unattached villager comes from when marrying.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Unattached {
    /// The player's own village centre.
    Centre,
    /// The school.
    School,
}

/// One atomic decision. Small and `Copy`: search keeps millions of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Draft: take a start building of this kind from the pool.
    DraftPick(BuildingKind),
    /// Draft special case: take `kind` from `from`, who then chooses again (ruling 3).
    DraftTake {
        /// The player who loses the building.
        from: Seat,
        /// The building taken.
        kind: BuildingKind,
    },
    /// Two players: place a neutral start building with a neutral villager of `sex` (ruling 24).
    PlaceNeutral {
        /// The building.
        kind: BuildingKind,
        /// A ring-1 cell of the neutral village.
        cell: Cell,
        /// The neutral villager placed on it.
        sex: Sex,
    },
    /// Place one of your start buildings on a ring-1 cell (ruling 6).
    PlaceStart {
        /// The building.
        kind: BuildingKind,
        /// The cell.
        cell: Cell,
    },
    /// Pair 1: the woman and the man go onto two of your buildings.
    PlacePair1 {
        /// The woman's building.
        woman: Cell,
        /// The man's building.
        man: Cell,
    },
    /// Pair 2: the villager of `worker` sex takes your last building, the other goes to school.
    PlacePair2 {
        /// Who takes the building.
        worker: Sex,
    },
    /// Pair 3: the villager of `spouse` sex marries onto `cell` of the left neighbour's village;
    /// the other goes into your village centre.
    PlacePair3 {
        /// Who marries.
        spouse: Sex,
        /// The partner's building.
        cell: Cell,
    },
    /// Place a coin on `character` and carry out one action with it.
    Begin(Character),
    /// Carry out the extra action of a held, face-up character tile (ruling 11).
    UseTile(Character),
    /// End the turn.
    EndTurn,
    /// No coins: pass for the rest of the round (ruling 8).
    Pass,
    /// Two players: the neutral coin's Priest (ruling 25).
    NeutralPriest {
        /// The neutral villager's sex.
        sex: Sex,
        /// Your building with one villager of the other sex.
        cell: Cell,
    },
    /// Two players: the neutral coin's Builder: build `kind` from the display into the neutral village.
    NeutralBuild(BuildingKind),
    /// Builder: choose the building to build.
    Build(BuildingKind),
    /// Produce or exchange: your awake villager at `cell` of `village` works and makes `into`.
    Work {
        /// The village of the building.
        village: VillageId,
        /// The building's cell.
        cell: Cell,
        /// The good made (the one choice of an exchange building).
        into: Good,
    },
    /// Builder: buy one wood, brick or stone for a coin, placed on the Builder.
    Buy(Good),
    /// Builder: pay the cost with the good just produced.
    Pay(Good),
    /// Builder: put the paid building on a free cell.
    Place(Cell),
    /// A villager of `sex` moves from the centre into the new building.
    MoveIn(Sex),
    /// Trader: deliver the good just produced.
    Deliver(Good),
    /// Night Watchman: wake every villager in `quarter` of `village`.
    Wake {
        /// The village.
        village: VillageId,
        /// The quarter.
        quarter: Quarter,
    },
    /// Priest: marry your unattached villager onto a building of another village.
    Marry {
        /// Centre or school.
        from: Unattached,
        /// The villager's sex.
        sex: Sex,
        /// The partner's village.
        village: VillageId,
        /// The partner's building.
        cell: Cell,
    },
    /// Priest: take one dowry coin of this colour from the centre married into.
    TakeDowry(Seat),
    /// Midwife: the couple at `cell` of your village has a child of `sex`.
    Birth {
        /// The couple's building.
        cell: Cell,
        /// The child's sex.
        sex: Sex,
    },
    /// End of round: a school villager of `sex` moves into your free building at `cell`.
    ReturnFromSchool {
        /// The villager's sex.
        sex: Sex,
        /// The free building.
        cell: Cell,
    },
}

fn sex_word(sex: Sex) -> &'static str {
    match sex {
        Sex::Female => "woman",
        Sex::Male => "man",
    }
}

impl Action {
    /// A short description for people, e.g. `Builder: build Metzgerei`.
    pub fn label(&self) -> String {
        match *self {
            Action::DraftPick(kind) => format!("draft {}", kind.german()),
            Action::DraftTake { from, kind } => format!("take {} from {from}", kind.german()),
            Action::PlaceNeutral { kind, cell, sex } => {
                format!(
                    "neutral {} at {cell} with a {}",
                    kind.german(),
                    sex_word(sex)
                )
            }
            Action::PlaceStart { kind, cell } => format!("place {} at {cell}", kind.german()),
            Action::PlacePair1 { woman, man } => format!("woman to {woman}, man to {man}"),
            Action::PlacePair2 { worker } => {
                format!(
                    "{} to the last building, {} to school",
                    sex_word(worker),
                    sex_word(worker.opposite())
                )
            }
            Action::PlacePair3 { spouse, cell } => format!(
                "{} marries at {cell} of the left neighbour, {} to the centre",
                sex_word(spouse),
                sex_word(spouse.opposite())
            ),
            Action::Begin(character) => format!("coin on {}", character.german()),
            Action::UseTile(character) => format!("use the {} tile", character.german()),
            Action::EndTurn => "end turn".into(),
            Action::Pass => "pass".into(),
            Action::NeutralPriest { sex, cell } => {
                format!(
                    "neutral coin: Pfarrer, neutral {} marries at {cell}",
                    sex_word(sex)
                )
            }
            Action::NeutralBuild(kind) => format!("neutral coin: Baumeister, {}", kind.german()),
            Action::Build(kind) => format!("build {}", kind.german()),
            Action::Work {
                village,
                cell,
                into,
            } => {
                format!("work at {cell} in {village} → {}", into.german())
            }
            Action::Buy(good) => format!("buy {}", good.german()),
            Action::Pay(good) => format!("pay {}", good.german()),
            Action::Place(cell) => format!("place at {cell}"),
            Action::MoveIn(sex) => format!("{} moves in", sex_word(sex)),
            Action::Deliver(good) => format!("deliver {}", good.german()),
            Action::Wake { village, quarter } => format!("wake {quarter:?} of {village}"),
            Action::Marry {
                from,
                sex,
                village,
                cell,
            } => format!(
                "{} from the {} marries at {cell} in {village}",
                sex_word(sex),
                match from {
                    Unattached::Centre => "centre",
                    Unattached::School => "school",
                }
            ),
            Action::TakeDowry(colour) => format!("take {colour}'s dowry coin"),
            Action::Birth { cell, sex } => format!(
                "a {} is born at {cell}",
                match sex {
                    Sex::Female => "girl",
                    Sex::Male => "boy",
                }
            ),
            Action::ReturnFromSchool { sex, cell } => {
                format!("{} from school moves into {cell}", sex_word(sex))
            }
        }
    }
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label())
    }
}
