//! Who is at the table: seats, villager owners (players or the neutral village), sexes, characters.

use serde::{Deserialize, Serialize};

/// Most seats at the table.
pub const MAX_PLAYERS: usize = 4;
/// Villages in play at most: four players, or two players and the neutral village.
pub const MAX_VILLAGES: usize = 5;
/// Index of the neutral village (two-player game) in per-village arrays.
pub const NEUTRAL: usize = 4;

/// A player's seat: 0-based, numbered around the table counter-clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// Index for per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// A village: a player's, or the neutral one of the two-player game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum VillageId {
    /// The village of this seat.
    Player(Seat),
    /// The neutral village (two players only).
    Neutral,
}

impl VillageId {
    /// Index for per-village arrays: the seat, or [`NEUTRAL`].
    pub const fn index(self) -> usize {
        match self {
            VillageId::Player(seat) => seat.0 as usize,
            VillageId::Neutral => NEUTRAL,
        }
    }

    /// The village with this array index.
    pub const fn from_index(index: usize) -> VillageId {
        if index == NEUTRAL {
            VillageId::Neutral
        } else {
            VillageId::Player(Seat(index as u8))
        }
    }
}

impl std::fmt::Display for VillageId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VillageId::Player(seat) => write!(f, "{seat}'s village"),
            VillageId::Neutral => write!(f, "the neutral village"),
        }
    }
}

/// Whose colour a villager or coin has: a player's, or the neutral colour.
pub type Owner = VillageId;

/// A villager's sex (men wear hats).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Sex {
    /// A woman.
    Female,
    /// A man.
    Male,
}

impl Sex {
    /// Both sexes.
    pub const ALL: [Sex; 2] = [Sex::Female, Sex::Male];

    /// Index for `[_; 2]` arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other sex.
    pub const fn opposite(self) -> Sex {
        match self {
            Sex::Female => Sex::Male,
            Sex::Male => Sex::Female,
        }
    }
}

/// One of the five characters (Persönlichkeiten).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Character {
    /// Baumeister: builds buildings.
    Builder,
    /// Fuhrmann: delivers goods to the market.
    Trader,
    /// Nachtwächter: wakes a quarter of a village.
    NightWatchman,
    /// Pfarrer: marries villagers into other villages.
    Priest,
    /// Hebamme: brings children into the game.
    Midwife,
}

impl Character {
    /// All five, in board order.
    pub const ALL: [Character; 5] = [
        Character::Builder,
        Character::Trader,
        Character::NightWatchman,
        Character::Priest,
        Character::Midwife,
    ];

    /// Index for `[_; 5]` arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The German name.
    pub const fn german(self) -> &'static str {
        match self {
            Character::Builder => "Baumeister",
            Character::Trader => "Fuhrmann",
            Character::NightWatchman => "Nachtwächter",
            Character::Priest => "Pfarrer",
            Character::Midwife => "Hebamme",
        }
    }
}

/// A villager standing on a building.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Villager {
    /// Whose colour.
    pub owner: Owner,
    /// Woman or man.
    pub sex: Sex,
    /// Standing (can work) or lying (asleep).
    pub awake: bool,
}
