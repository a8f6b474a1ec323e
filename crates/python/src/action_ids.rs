//! A fixed, finite numbering of the engine's actions: ids `0..NUM_ACTION_IDS`, the same in every
//! game and position, as reinforcement-learning libraries need for a discrete action space.
//!
//! Each variant of [`Action`] owns one block of consecutive ids, in the enum's declaration order.
//! Inside a block the action's fields are digits of a mixed-radix number, the first field most
//! significant. A field's range is what the rules can offer, not everything its type could hold:
//! drafts name the five start kinds, setup placements ring-1 cells, the Builder buys and is paid
//! in the three materials. Every id decodes to exactly one action and that action encodes back to
//! the id (tested for all ids), and every legal action of many random games has an id (tested).

use helvetia_engine::{
    Action, BuildingKind, Cell, Character, Good, Quarter, Seat, Sex, Unattached, VillageId, CELLS,
    MAX_PLAYERS, MAX_VILLAGES, RING1_CELLS,
};

/// One variant's block: its name and the ranges of its fields, most significant first.
pub struct Block {
    /// The variant's name, as in the action's JSON.
    pub name: &'static str,
    /// How many values each field takes.
    pub radices: &'static [u32],
}

impl Block {
    /// How many ids the block holds: the product of its fields' ranges.
    pub const fn size(&self) -> u32 {
        let mut size = 1;
        let mut i = 0;
        while i < self.radices.len() {
            size *= self.radices[i];
            i += 1;
        }
        size
    }
}

const START_KINDS: u32 = BuildingKind::START.len() as u32;
const KINDS: u32 = BuildingKind::ALL.len() as u32;
const SEATS: u32 = MAX_PLAYERS as u32;
const VILLAGES: u32 = MAX_VILLAGES as u32;
const RING1: u32 = RING1_CELLS as u32;
const ALL_CELLS: u32 = CELLS as u32;
const SEXES: u32 = 2;
const CHARACTERS: u32 = Character::ALL.len() as u32;
const GOODS: u32 = Good::ALL.len() as u32;
const MATERIALS: u32 = Good::MATERIALS.len() as u32;
const QUARTERS: u32 = Quarter::ALL.len() as u32;
const SOURCES: u32 = 2;

/// The blocks in id order, one per variant of [`Action`] in its declaration order.
pub const BLOCKS: [Block; 25] = [
    block("DraftPick", &[START_KINDS]),
    block("DraftTake", &[SEATS, START_KINDS]),
    block("PlaceNeutral", &[START_KINDS, RING1, SEXES]),
    block("PlaceStart", &[START_KINDS, RING1]),
    block("PlacePair1", &[RING1, RING1]),
    block("PlacePair2", &[SEXES]),
    block("PlacePair3", &[SEXES, RING1]),
    block("Begin", &[CHARACTERS]),
    block("UseTile", &[CHARACTERS]),
    block("EndTurn", &[]),
    block("Pass", &[]),
    block("NeutralPriest", &[SEXES, ALL_CELLS]),
    block("NeutralBuild", &[KINDS]),
    block("Build", &[KINDS]),
    block("Work", &[VILLAGES, ALL_CELLS, GOODS]),
    block("Buy", &[MATERIALS]),
    block("Pay", &[MATERIALS]),
    block("Place", &[ALL_CELLS]),
    block("MoveIn", &[SEXES]),
    block("Deliver", &[GOODS]),
    block("Wake", &[VILLAGES, QUARTERS]),
    block("Marry", &[SOURCES, SEXES, VILLAGES, ALL_CELLS]),
    block("TakeDowry", &[SEATS]),
    block("Birth", &[ALL_CELLS, SEXES]),
    block("ReturnFromSchool", &[SEXES, ALL_CELLS]),
];

const fn block(name: &'static str, radices: &'static [u32]) -> Block {
    Block { name, radices }
}

/// The first id of each block.
pub const BLOCK_OFFSETS: [u32; 25] = {
    let mut offsets = [0; 25];
    let mut i = 1;
    while i < BLOCKS.len() {
        offsets[i] = offsets[i - 1] + BLOCKS[i - 1].size();
        i += 1;
    }
    offsets
};

/// Size of the action-id space: every id is below it.
pub const NUM_ACTION_IDS: u32 = BLOCK_OFFSETS[24] + BLOCKS[24].size();

/// The id of `action`, or `None` for an action outside the ranges the rules offer (see the
/// module documentation; no legal action is).
pub fn encode(action: Action) -> Option<u32> {
    let (block, digits): (usize, [u32; 4]) = match action {
        Action::DraftPick(kind) => (0, [start_kind(kind)?, 0, 0, 0]),
        Action::DraftTake { from, kind } => (1, [seat(from), start_kind(kind)?, 0, 0]),
        Action::PlaceNeutral { kind, cell, sex } => {
            (2, [start_kind(kind)?, ring1(cell)?, sex_digit(sex), 0])
        }
        Action::PlaceStart { kind, cell } => (3, [start_kind(kind)?, ring1(cell)?, 0, 0]),
        Action::PlacePair1 { woman, man } => (4, [ring1(woman)?, ring1(man)?, 0, 0]),
        Action::PlacePair2 { worker } => (5, [sex_digit(worker), 0, 0, 0]),
        Action::PlacePair3 { spouse, cell } => (6, [sex_digit(spouse), ring1(cell)?, 0, 0]),
        Action::Begin(character) => (7, [character.index() as u32, 0, 0, 0]),
        Action::UseTile(character) => (8, [character.index() as u32, 0, 0, 0]),
        Action::EndTurn => (9, [0; 4]),
        Action::Pass => (10, [0; 4]),
        Action::NeutralPriest { sex, cell } => (11, [sex_digit(sex), cell_digit(cell), 0, 0]),
        Action::NeutralBuild(kind) => (12, [kind.index() as u32, 0, 0, 0]),
        Action::Build(kind) => (13, [kind.index() as u32, 0, 0, 0]),
        Action::Work {
            village,
            cell,
            into,
        } => (
            14,
            [village_digit(village), cell_digit(cell), good(into), 0],
        ),
        Action::Buy(good) => (15, [material(good)?, 0, 0, 0]),
        Action::Pay(good) => (16, [material(good)?, 0, 0, 0]),
        Action::Place(cell) => (17, [cell_digit(cell), 0, 0, 0]),
        Action::MoveIn(sex) => (18, [sex_digit(sex), 0, 0, 0]),
        Action::Deliver(into) => (19, [good(into), 0, 0, 0]),
        Action::Wake { village, quarter } => {
            (20, [village_digit(village), quarter_digit(quarter), 0, 0])
        }
        Action::Marry {
            from,
            sex,
            village,
            cell,
        } => (
            21,
            [
                source_digit(from),
                sex_digit(sex),
                village_digit(village),
                cell_digit(cell),
            ],
        ),
        Action::TakeDowry(colour) => (22, [seat(colour), 0, 0, 0]),
        Action::Birth { cell, sex } => (23, [cell_digit(cell), sex_digit(sex), 0, 0]),
        Action::ReturnFromSchool { sex, cell } => (24, [sex_digit(sex), cell_digit(cell), 0, 0]),
    };
    let radices = BLOCKS[block].radices;
    let mut within = 0;
    for (&digit, &radix) in digits.iter().zip(radices) {
        if digit >= radix {
            return None;
        }
        within = within * radix + digit;
    }
    Some(BLOCK_OFFSETS[block] + within)
}

/// The action with this id, or `None` if `id` is not below [`NUM_ACTION_IDS`].
pub fn decode(id: u32) -> Option<Action> {
    if id >= NUM_ACTION_IDS {
        return None;
    }
    let block = BLOCK_OFFSETS.iter().rposition(|&offset| offset <= id)?;
    let radices = BLOCKS[block].radices;
    let mut rest = id - BLOCK_OFFSETS[block];
    let mut d = [0usize; 4];
    for (slot, &radix) in d[..radices.len()].iter_mut().zip(radices).rev() {
        *slot = (rest % radix) as usize;
        rest /= radix;
    }
    let start = |i: usize| BuildingKind::START[i];
    let kind = |i: usize| BuildingKind::ALL[i];
    let cell = |i: usize| Cell::from_index(i).expect("digits stay below their range");
    let sex = |i: usize| Sex::ALL[i];
    let character = |i: usize| Character::ALL[i];
    let village = VillageId::from_index;
    let action = match block {
        0 => Action::DraftPick(start(d[0])),
        1 => Action::DraftTake {
            from: Seat(d[0] as u8),
            kind: start(d[1]),
        },
        2 => Action::PlaceNeutral {
            kind: start(d[0]),
            cell: cell(d[1]),
            sex: sex(d[2]),
        },
        3 => Action::PlaceStart {
            kind: start(d[0]),
            cell: cell(d[1]),
        },
        4 => Action::PlacePair1 {
            woman: cell(d[0]),
            man: cell(d[1]),
        },
        5 => Action::PlacePair2 { worker: sex(d[0]) },
        6 => Action::PlacePair3 {
            spouse: sex(d[0]),
            cell: cell(d[1]),
        },
        7 => Action::Begin(character(d[0])),
        8 => Action::UseTile(character(d[0])),
        9 => Action::EndTurn,
        10 => Action::Pass,
        11 => Action::NeutralPriest {
            sex: sex(d[0]),
            cell: cell(d[1]),
        },
        12 => Action::NeutralBuild(kind(d[0])),
        13 => Action::Build(kind(d[0])),
        14 => Action::Work {
            village: village(d[0]),
            cell: cell(d[1]),
            into: Good::ALL[d[2]],
        },
        15 => Action::Buy(Good::MATERIALS[d[0]]),
        16 => Action::Pay(Good::MATERIALS[d[0]]),
        17 => Action::Place(cell(d[0])),
        18 => Action::MoveIn(sex(d[0])),
        19 => Action::Deliver(Good::ALL[d[0]]),
        20 => Action::Wake {
            village: village(d[0]),
            quarter: Quarter::ALL[d[1]],
        },
        21 => Action::Marry {
            from: [Unattached::Centre, Unattached::School][d[0]],
            sex: sex(d[1]),
            village: village(d[2]),
            cell: cell(d[3]),
        },
        22 => Action::TakeDowry(Seat(d[0] as u8)),
        23 => Action::Birth {
            cell: cell(d[0]),
            sex: sex(d[1]),
        },
        _ => Action::ReturnFromSchool {
            sex: sex(d[0]),
            cell: cell(d[1]),
        },
    };
    Some(action)
}

fn start_kind(kind: BuildingKind) -> Option<u32> {
    kind.start_index().map(|i| i as u32)
}

fn ring1(cell: Cell) -> Option<u32> {
    (cell.ring() == 1).then_some(cell.index() as u32)
}

fn cell_digit(cell: Cell) -> u32 {
    cell.index() as u32
}

fn seat(seat: Seat) -> u32 {
    u32::from(seat.0)
}

fn sex_digit(sex: Sex) -> u32 {
    sex.index() as u32
}

fn village_digit(village: VillageId) -> u32 {
    village.index() as u32
}

fn good(good: Good) -> u32 {
    good.index() as u32
}

fn material(good: Good) -> Option<u32> {
    Good::MATERIALS
        .iter()
        .position(|&m| m == good)
        .map(|i| i as u32)
}

fn quarter_digit(quarter: Quarter) -> u32 {
    Quarter::ALL.iter().position(|&q| q == quarter).unwrap_or(0) as u32
}

fn source_digit(from: Unattached) -> u32 {
    match from {
        Unattached::Centre => 0,
        Unattached::School => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use helvetia_engine::{Game, GameOptions, SetupMode};
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};
    use std::collections::HashSet;

    #[test]
    fn every_id_decodes_to_an_action_that_encodes_back_to_it() {
        let mut seen = HashSet::new();
        for id in 0..NUM_ACTION_IDS {
            let action = decode(id).expect("every id below the size decodes");
            assert_eq!(encode(action), Some(id), "{action:?}");
            assert!(seen.insert(action), "{action:?} decoded twice");
        }
        assert_eq!(decode(NUM_ACTION_IDS), None);
    }

    #[test]
    fn blocks_follow_the_variants_json_names() {
        for (block, offset) in BLOCKS.iter().zip(BLOCK_OFFSETS) {
            let json = serde_json::to_string(&decode(offset).unwrap()).unwrap();
            assert!(json.contains(block.name), "{} vs {json}", block.name);
        }
    }

    /// Random games of every player count and setup: each legal action has an id, and distinct
    /// legal actions have distinct ids.
    #[test]
    fn every_legal_action_of_random_games_has_its_own_id() {
        let mut rng = ChaCha8Rng::seed_from_u64(16);
        let mut decisions = 0;
        for game_number in 0..120u64 {
            let mut options = GameOptions::for_players(2 + (game_number % 3) as u8);
            if game_number % 2 == 1 {
                options.setup = SetupMode::Letters;
            }
            options.character_tiles = game_number % 4 < 2;
            // Random play may never reach the target.
            options.round_limit = Some(40);
            let mut game = Game::new(options, game_number);
            while !game.is_over() {
                let legal = game.legal_actions();
                let mut ids = HashSet::new();
                for &action in &legal {
                    let id = encode(action).unwrap_or_else(|| panic!("no id for {action:?}"));
                    assert_eq!(decode(id), Some(action));
                    assert!(ids.insert(id), "two legal actions share id {id}");
                }
                decisions += 1;
                let pick = legal[(rng.next_u64() % legal.len() as u64) as usize];
                game.play(pick).unwrap();
            }
        }
        assert!(decisions > 10_000, "only {decisions} decisions checked");
    }
}
