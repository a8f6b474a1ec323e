//! The complete state of a game as plain data with public fields: for notation, editing and tests.
//!
//! A `Position` can describe states no game reaches; [`crate::Game::from_position`] checks it and
//! reports every inconsistency. Everything here is fixed-size, so cloning never allocates.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::building::BuildingKind;
use crate::geometry::{Cell, CELLS};
use crate::good::{Good, GoodSet};
use crate::options::GameOptions;
use crate::people::{
    Character, Seat, Sex, VillageId, Villager, MAX_PLAYERS, MAX_VILLAGES, NEUTRAL,
};

/// A building tile placed in a village, with who lives there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    /// What the tile is.
    pub kind: BuildingKind,
    /// At most two villagers; two make a couple.
    #[serde(default)]
    pub villagers: Occupants,
    /// This round's children lying with their parents, by sex (they belong to the village owner).
    #[serde(default)]
    pub newborns: [u8; 2],
}

impl Building {
    /// An empty building of `kind`.
    pub fn new(kind: BuildingKind) -> Building {
        Building {
            kind,
            villagers: Occupants::default(),
            newborns: [0; 2],
        }
    }

    /// Whether it holds a couple.
    pub fn is_couple(&self) -> bool {
        self.villagers.len() == 2
    }
}

/// The villagers on one building: none, one, or a couple. `Copy`, unlike a vector.
/// Villagers never leave a building, so the list only grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupants {
    list: [Villager; 2],
    len: u8,
}

const NOBODY: Villager = Villager {
    owner: VillageId::Neutral,
    sex: Sex::Female,
    awake: false,
};

impl Default for Occupants {
    fn default() -> Self {
        Occupants {
            list: [NOBODY; 2],
            len: 0,
        }
    }
}

impl Occupants {
    /// The villagers, first comer first.
    pub fn as_slice(&self) -> &[Villager] {
        &self.list[..self.len as usize]
    }

    /// The villagers, mutably.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, Villager> {
        self.list[..self.len as usize].iter_mut()
    }

    /// The villagers.
    pub fn iter(&self) -> std::slice::Iter<'_, Villager> {
        self.as_slice().iter()
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether nobody lives here.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a villager.
    ///
    /// # Panics
    /// If two already live here; the rules never allow a third.
    pub fn push(&mut self, villager: Villager) {
        assert!(self.len < 2, "a building holds at most two villagers");
        self.list[self.len as usize] = villager;
        self.len += 1;
    }
}

impl<'a> IntoIterator for &'a Occupants {
    type Item = &'a Villager;
    type IntoIter = std::slice::Iter<'a, Villager>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Occupants {
    type Item = &'a mut Villager;
    type IntoIter = std::slice::IterMut<'a, Villager>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl Serialize for Occupants {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Occupants {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<Villager>::deserialize(deserializer)?;
        if list.len() > 2 {
            return Err(serde::de::Error::custom(format!(
                "{} villagers on one building; at most two",
                list.len()
            )));
        }
        let mut occupants = Occupants::default();
        for villager in list {
            occupants.push(villager);
        }
        Ok(occupants)
    }
}

/// A village: the centre (villagers and dowry coins) and the building cells of both rings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Village {
    /// The village owner's unattached villagers in the centre, by sex (always awake).
    pub centre_villagers: [u8; 2],
    /// Dowry coins in the centre, by the colour of the seat that owns them.
    pub centre_coins: [u8; MAX_PLAYERS],
    /// The 28 cells, ring 1 first.
    pub cells: [Option<Building>; CELLS],
}

impl Village {
    /// Whether all ten ring-1 cells hold buildings.
    pub fn ring1_full(&self) -> bool {
        Cell::ring1().all(|cell| self.cells[cell.index()].is_some())
    }

    /// The cells a new building may go on: free ring-1 cells, or free ring-2 cells once ring 1 is full.
    pub fn free_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let full = self.ring1_full();
        Cell::all()
            .filter(move |cell| (cell.ring() == 1) != full && self.cells[cell.index()].is_none())
    }

    /// The buildings with their cells.
    pub fn buildings(&self) -> impl Iterator<Item = (Cell, &Building)> + '_ {
        Cell::all().filter_map(|cell| self.cells[cell.index()].as_ref().map(|b| (cell, b)))
    }

    /// The buildings on `cells` (a set of [`Cell::bit`]s, such as a [`crate::Quarter::cells`]).
    pub fn buildings_among(&self, cells: u32) -> impl Iterator<Item = (Cell, &Building)> + '_ {
        let mut rest = cells;
        std::iter::from_fn(move || {
            while rest != 0 {
                let index = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let cell = Cell::from_index(index)?;
                if let Some(building) = &self.cells[index] {
                    return Some((cell, building));
                }
            }
            None
        })
    }

    /// The buildings on `cells`, to change (see [`Village::buildings_among`]).
    pub fn buildings_among_mut(&mut self, cells: u32) -> impl Iterator<Item = &mut Building> + '_ {
        self.cells
            .iter_mut()
            .enumerate()
            .filter(move |(index, _)| cells & (1 << index) != 0)
            .filter_map(|(_, building)| building.as_mut())
    }

    /// Whether the village has a building of `kind`.
    pub fn has_kind(&self, kind: BuildingKind) -> bool {
        self.kinds() & kind.bit() != 0
    }

    /// The kinds of building in the village, as a set of [`BuildingKind::bit`]s.
    pub fn kinds(&self) -> u32 {
        self.cells
            .iter()
            .flatten()
            .fold(0, |set, b| set | b.kind.bit())
    }

    /// Completely surrounded and every production and exchange building occupied (ruling 19).
    pub fn is_complete(&self) -> bool {
        self.ring1_full()
            && self
                .buildings()
                .all(|(_, b)| !b.kind.is_workplace() || !b.villagers.is_empty())
    }
}

/// What a player has in front of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// Coins in hand.
    pub hand: u8,
    /// Own coins won back as dowry this turn: in hand from the next turn on (ruling 10).
    pub arriving: u8,
    /// Coins on each character this round.
    pub on_characters: [u8; 5],
    /// Villagers not yet in play, by sex.
    pub supply: [u8; 2],
    /// Villagers in the school, by sex.
    pub school: [u8; 2],
    /// Goods delivered to the market (one cube each).
    #[serde(with = "good_set_serde")]
    pub delivered: GoodSet,
    /// Drafted start buildings not yet placed, by start kind.
    pub start_buildings: [u8; 5],
    /// Score shown on the track, as last adjusted at the end of a round.
    pub score_track: u8,
    /// Passed this round: no further turn until the round ends (ruling 8). Records written
    /// before this field existed load with `false`; never set under the original rules revision,
    /// where a pass ends only the turn.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub passed: bool,
}

/// A character tile: who holds it and whether it can be used this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterTile {
    /// The holder, or `None` while it lies on the board.
    pub holder: Option<Seat>,
    /// Face up: not yet used this round.
    pub face_up: bool,
}

impl Default for CharacterTile {
    fn default() -> Self {
        CharacterTile {
            holder: None,
            face_up: true,
        }
    }
}

/// Which action a step belongs to: paid with a coin, given by a character tile, or neutral.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionSource {
    /// A coin on the chosen character.
    Regular,
    /// A held character tile.
    Tile,
    /// The neutral coin (two players).
    Neutral,
}

/// Where a turn stands: between actions, or in the middle of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Between actions: start one, use a tile, end the turn.
    Choose,
    /// Builder: choose a building from the display.
    SelectBuilding,
    /// Builder: produce or buy the cost of `kind`.
    Pay {
        /// The building being built.
        kind: BuildingKind,
        /// Materials still owed.
        remaining: crate::building::Cost,
        /// A good produced in this chain and not yet used.
        carried: Option<Good>,
    },
    /// Builder: put `kind` on a free cell of `village`.
    Place {
        /// The building.
        kind: BuildingKind,
        /// The player's own village, or the neutral one.
        village: VillageId,
    },
    /// A new workplace at `cell` of `village` takes a villager of the chosen sex from the centre.
    MoveIn {
        /// The village.
        village: VillageId,
        /// The new building.
        cell: Cell,
    },
    /// Trader: produce a good and deliver it.
    Deliver {
        /// A good produced in this chain and not yet delivered.
        carried: Option<Good>,
    },
    /// Night Watchman: choose a quarter.
    Wake,
    /// Priest: choose an unattached villager and a partner.
    Marry,
    /// Priest: take one dowry coin from the centre of `village`.
    Dowry {
        /// The village married into.
        village: VillageId,
    },
    /// Midwife: choose a couple and the child's sex.
    Birth,
}

/// The state of the turn in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// The character chosen with coins, once chosen.
    pub regular: Option<Character>,
    /// Regular actions carried out (coins placed for actions).
    pub regular_actions: u8,
    /// The character tile used this turn, if any.
    pub tile: Option<Character>,
    /// Whether a tile action of another character followed the regular ones: nothing may follow.
    pub closed: bool,
    /// The action in progress, if any.
    pub source: Option<ActionSource>,
    /// What is being decided.
    pub step: Step,
    /// Cells of the own village whose couple has had a child this turn.
    pub children: u32,
}

impl TurnState {
    /// A turn that has not started.
    pub const fn fresh() -> TurnState {
        TurnState {
            regular: None,
            regular_actions: 0,
            tile: None,
            closed: false,
            source: None,
            step: Step::Choose,
            children: 0,
        }
    }
}

/// Which part of the game is being played, and whose decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Start-building draft: pick number `pick` (0-based) of the snake order.
    Draft {
        /// Index into the pick order.
        pick: u8,
        /// A player who lost a building to the special case and chooses again.
        repick: Option<Seat>,
    },
    /// Two players: the neutral buildings are placed alternately, the non-start player first.
    PlaceNeutral {
        /// Buildings placed so far (0..4).
        placed: u8,
    },
    /// `seat` places its start buildings on ring-1 cells.
    PlaceStart {
        /// The player placing.
        seat: Seat,
    },
    /// `seat` places villager pair `pair` (1, 2 or 3).
    PlacePair {
        /// 1, 2 or 3.
        pair: u8,
        /// The player placing.
        seat: Seat,
    },
    /// A turn of the round.
    Turn {
        /// The active player.
        seat: Seat,
        /// The turn's progress.
        turn: TurnState,
    },
    /// End of round step 3: `seat` moves school villagers into free buildings.
    SchoolReturn {
        /// The player choosing.
        seat: Seat,
    },
    /// The game is over.
    GameOver,
}

/// The complete state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The game's options.
    pub options: GameOptions,
    /// Round number, from 1.
    pub round: u16,
    /// Holder of the start player token.
    pub start_player: Seat,
    /// What is being decided.
    pub phase: Phase,
    /// One entry per seat.
    pub players: ArrayVec<PlayerState, MAX_PLAYERS>,
    /// Indexed by seat, with the neutral village at index 4.
    pub villages: [Village; MAX_VILLAGES],
    /// Neutral villagers not yet in play are in the neutral centre; this is the neutral coin.
    pub neutral_coin_available: bool,
    /// Buildings that can be built now, by kind.
    pub display: [u8; 24],
    /// Stack 2, face down; the last entry is drawn first. Hidden from every player.
    pub stack2: ArrayVec<BuildingKind, 17>,
    /// Stack 3, face down; the last entry is drawn first. Hidden from every player.
    pub stack3: ArrayVec<BuildingKind, 11>,
    /// Start buildings open for the draft, by start kind.
    pub draft_pool: [u8; 5],
    /// Start buildings returned to the box, by start kind.
    pub boxed: [u8; 5],
    /// Holder of each good tile, indexed by [`Good::good_tile_index`].
    pub good_tiles: [Option<Seat>; 10],
    /// Holder of each branch tile, indexed by [`crate::Branch::index`].
    pub branch_tiles: [Option<Seat>; 4],
    /// Holders of the village completion tiles: 4 VP, then 2 VP.
    pub village_tiles: [Option<Seat>; 2],
    /// The five character tiles.
    pub character_tiles: [CharacterTile; 5],
}

impl Position {
    /// The village with this id.
    pub fn village(&self, id: VillageId) -> &Village {
        &self.villages[id.index()]
    }

    /// The village with this id, mutably.
    pub fn village_mut(&mut self, id: VillageId) -> &mut Village {
        &mut self.villages[id.index()]
    }

    /// The villages in play.
    pub fn village_ids(&self) -> impl Iterator<Item = VillageId> + Clone + '_ {
        let neutral = self.options.has_neutral().then_some(VillageId::Neutral);
        self.options.seats().map(VillageId::Player).chain(neutral)
    }

    /// The villages in play, in the order of [`Position::village_ids`]. Plain slices, for the
    /// counts a search makes at every decision.
    pub fn villages_in_play(&self) -> impl Iterator<Item = &Village> + '_ {
        let players = usize::from(self.options.players);
        let neutral = if self.options.has_neutral() {
            &self.villages[NEUTRAL..]
        } else {
            &[]
        };
        self.villages[..players].iter().chain(neutral)
    }

    /// The player at `seat`.
    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players[seat.index()]
    }

    /// The player at `seat`, mutably.
    pub fn player_mut(&mut self, seat: Seat) -> &mut PlayerState {
        &mut self.players[seat.index()]
    }

    /// Whose decision it is, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Draft { pick, repick } => Some(repick.unwrap_or_else(|| self.draft_seat(pick))),
            Phase::PlaceNeutral { placed } => {
                let first = self.options.next(self.start_player);
                Some(if placed % 2 == 0 {
                    first
                } else {
                    self.start_player
                })
            }
            Phase::PlaceStart { seat }
            | Phase::PlacePair { seat, .. }
            | Phase::Turn { seat, .. }
            | Phase::SchoolReturn { seat } => Some(seat),
            Phase::GameOver => None,
        }
    }

    /// The seat making pick number `pick` of the snake draft (ruling 3).
    fn draft_seat(&self, pick: u8) -> Seat {
        let options = &self.options;
        let n = options.players;
        let (pass, i) = (pick / n, pick % n);
        let mut seat = self.start_player;
        if pass == 1 {
            for _ in 0..=i {
                seat = options.next(seat);
            }
        } else {
            for _ in 0..i {
                seat = options.previous(seat);
            }
        }
        seat
    }

    /// Number of tiles of `kind` on the display.
    pub fn displayed(&self, kind: BuildingKind) -> u8 {
        self.display[kind.index()]
    }
}

mod good_set_serde {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::good::{Good, GoodSet};

    pub fn serialize<S: Serializer>(set: &GoodSet, serializer: S) -> Result<S::Ok, S::Error> {
        set.iter().collect::<Vec<Good>>().serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<GoodSet, D::Error> {
        let goods = Vec::<Good>::deserialize(deserializer)?;
        Ok(GoodSet::of(&goods))
    }
}

/// The sparse JSON form of a village: only built cells are listed.
#[derive(Serialize, Deserialize)]
struct VillageJson {
    #[serde(default)]
    centre_villagers: [u8; 2],
    #[serde(default)]
    centre_coins: [u8; MAX_PLAYERS],
    #[serde(default)]
    buildings: Vec<PlacedBuildingJson>,
}

#[derive(Serialize, Deserialize)]
struct PlacedBuildingJson {
    cell: Cell,
    #[serde(flatten)]
    building: Building,
}

impl Serialize for Village {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        VillageJson {
            centre_villagers: self.centre_villagers,
            centre_coins: self.centre_coins,
            buildings: self
                .buildings()
                .map(|(cell, building)| PlacedBuildingJson {
                    cell,
                    building: *building,
                })
                .collect(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Village {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let json = VillageJson::deserialize(deserializer)?;
        let mut village = Village {
            centre_villagers: json.centre_villagers,
            centre_coins: json.centre_coins,
            cells: [None; CELLS],
        };
        for placed in json.buildings {
            let slot = &mut village.cells[placed.cell.index()];
            if slot.is_some() {
                return Err(serde::de::Error::custom(format!(
                    "two buildings on cell {}",
                    placed.cell
                )));
            }
            *slot = Some(placed.building);
        }
        Ok(village)
    }
}
