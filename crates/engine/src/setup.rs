//! Setting up a game: stacks, the start-building draft or letters, the neutral village,
//! start buildings, the three villager pairs and the dowry coins.

use arrayvec::ArrayVec;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::action::Action;
use crate::action_list::ActionList;
use crate::building::{BuildingKind, LETTER_SETS};
use crate::geometry::Cell;
use crate::options::{GameOptions, SetupMode};
use crate::people::{Seat, Sex, VillageId, Villager};
use crate::position::{Building, CharacterTile, Phase, PlayerState, Position, TurnState, Village};

/// An unbiased-enough random index below `bound`, from the game's seeded generator.
pub(crate) fn random_below(rng: &mut ChaCha8Rng, bound: usize) -> usize {
    ((rng.next_u64() as u128 * bound as u128) >> 64) as usize
}

/// Shuffles `items` in place (Fisher–Yates).
pub(crate) fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, random_below(rng, i + 1));
    }
}

/// The tiles of stack `stack` (1, 2 or 3), in tile order.
fn stack_tiles(stack: usize) -> impl Iterator<Item = BuildingKind> {
    BuildingKind::ALL
        .into_iter()
        .flat_map(move |kind| std::iter::repeat_n(kind, kind.tiles()[stack] as usize))
}

/// A new game at its first decision, dealt from `seed`.
pub fn new_position(options: GameOptions, seed: u64) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = options.players as usize;
    let mut stack2: ArrayVec<BuildingKind, 17> = stack_tiles(2).collect();
    let mut stack3: ArrayVec<BuildingKind, 11> = stack_tiles(3).collect();
    shuffle(&mut rng, &mut stack2);
    shuffle(&mut rng, &mut stack3);
    let mut display = [0u8; 24];
    for kind in stack_tiles(1) {
        display[kind.index()] += 1;
    }
    // The draft offers all 15 lettered start buildings with 4 players and 2 of each type with 2
    // or 3 (ruling 3). The beginner setup deals the letter sets from all 15: a type may then be
    // in play three times (ruling 4), and the rest go back to the box. Both rules revisions deal
    // alike: the original release took the letters from a pool of two per type with three
    // players, and its release build let such a count wrap below zero and back when the
    // remainder went to the box, ending with exactly these holdings, pool and box.
    let per_kind = if n == 4 || options.setup == SetupMode::Letters {
        START_TILES_PER_KIND
    } else {
        2
    };
    let mut villages = [Village::default(); 5];
    if options.has_neutral() {
        villages[VillageId::Neutral.index()].centre_villagers = [8, 8];
    }
    let mut position = Position {
        options,
        round: 1,
        start_player: Seat(random_below(&mut rng, n) as u8),
        phase: Phase::Draft {
            pick: 0,
            repick: None,
        },
        players: (0..n)
            .map(|_| PlayerState {
                hand: 6,
                supply: [8, 8],
                ..PlayerState::default()
            })
            .collect(),
        villages,
        neutral_coin_available: options.has_neutral(),
        display,
        stack2,
        stack3,
        draft_pool: [per_kind; 5],
        boxed: [START_TILES_PER_KIND - per_kind; 5],
        good_tiles: [None; 10],
        branch_tiles: [None; 4],
        village_tiles: [None; 2],
        character_tiles: [CharacterTile::default(); 5],
    };
    if options.setup == SetupMode::Letters {
        let mut letters = [0usize, 1, 2, 3, 4];
        shuffle(&mut rng, &mut letters);
        for seat in options.seats() {
            for kind in LETTER_SETS[letters[seat.index()]] {
                let k = kind
                    .start_index()
                    .expect("letter sets hold start buildings");
                // Each type is printed on exactly three of the five letter sets, and the pool
                // holds all three of its tiles, so every letter's building is there to take.
                position.draft_pool[k] -= 1;
                position.player_mut(seat).start_buildings[k] += 1;
            }
        }
        finish_draft(&mut position);
    }
    position
}

/// Lettered start buildings of each type in the box (15 in all).
const START_TILES_PER_KIND: u8 = 3;

fn holds(position: &Position, seat: Seat, k: usize) -> bool {
    position.player(seat).start_buildings[k] > 0
}

fn can_pick_from_pool(position: &Position, seat: Seat) -> bool {
    (0..5).any(|k| position.draft_pool[k] > 0 && !holds(position, seat, k))
}

pub(crate) fn draft_actions(position: &Position, chooser: Seat, list: &mut ActionList) {
    for kind in BuildingKind::START {
        let k = kind.start_index().unwrap_or_default();
        if position.draft_pool[k] > 0 && !holds(position, chooser, k) {
            list.push(Action::DraftPick(kind));
        }
    }
    if !list.is_empty() {
        return;
    }
    // Special case: take a building of another player, who must then be able to choose again.
    for from in position.options.seats().filter(|&s| s != chooser) {
        for kind in BuildingKind::START {
            let k = kind.start_index().unwrap_or_default();
            if holds(position, from, k) && !holds(position, chooser, k) {
                let mut after = position.clone();
                after.player_mut(from).start_buildings[k] -= 1;
                if can_pick_from_pool(&after, from) {
                    list.push(Action::DraftTake { from, kind });
                }
            }
        }
    }
}

pub(crate) fn apply_draft(position: &mut Position, chooser: Seat, action: Action) {
    let Phase::Draft { pick, .. } = position.phase else {
        unreachable!()
    };
    match action {
        Action::DraftPick(kind) => {
            let k = kind.start_index().unwrap_or_default();
            position.draft_pool[k] -= 1;
            position.player_mut(chooser).start_buildings[k] += 1;
            let pick = pick + 1;
            position.phase = Phase::Draft { pick, repick: None };
            if pick == 3 * position.options.players {
                // Whoever chose last becomes start player (ruling 3).
                position.start_player = chooser;
                finish_draft(position);
            }
        }
        Action::DraftTake { from, kind } => {
            let k = kind.start_index().unwrap_or_default();
            position.player_mut(from).start_buildings[k] -= 1;
            position.player_mut(chooser).start_buildings[k] += 1;
            position.phase = Phase::Draft {
                pick,
                repick: Some(from),
            };
        }
        _ => unreachable!("checked by legal_actions"),
    }
}

/// After the draft or letters: unchosen start buildings go to the box, or to the neutral village.
fn finish_draft(position: &mut Position) {
    if position.options.has_neutral() {
        // The pool now holds exactly the neutral village's four buildings (ruling 24).
        let held: [u8; 5] = std::array::from_fn(|k| {
            position
                .players
                .iter()
                .map(|p| p.start_buildings[k])
                .sum::<u8>()
        });
        for (k, held) in held.into_iter().enumerate() {
            let neutral = 2 - held;
            let spare = position.draft_pool[k] - neutral;
            position.boxed[k] += spare;
            position.draft_pool[k] = neutral;
        }
        position.phase = Phase::PlaceNeutral { placed: 0 };
    } else {
        for k in 0..5 {
            position.boxed[k] += position.draft_pool[k];
            position.draft_pool[k] = 0;
        }
        position.phase = Phase::PlaceStart {
            seat: position.start_player,
        };
    }
}

fn neutral_on_buildings(position: &Position, sex: Sex) -> usize {
    position
        .village(VillageId::Neutral)
        .buildings()
        .flat_map(|(_, b)| b.villagers.iter())
        .filter(|v| v.sex == sex)
        .count()
}

pub(crate) fn place_neutral_actions(position: &Position, list: &mut ActionList) {
    let village = position.village(VillageId::Neutral);
    for kind in BuildingKind::START {
        if position.draft_pool[kind.start_index().unwrap_or_default()] == 0 {
            continue;
        }
        for cell in village.free_cells() {
            for sex in Sex::ALL {
                if neutral_on_buildings(position, sex) < 2 {
                    list.push(Action::PlaceNeutral { kind, cell, sex });
                }
            }
        }
    }
}

pub(crate) fn apply_place_neutral(position: &mut Position, action: Action) {
    let Action::PlaceNeutral { kind, cell, sex } = action else {
        unreachable!()
    };
    let Phase::PlaceNeutral { placed } = position.phase else {
        unreachable!()
    };
    position.draft_pool[kind.start_index().unwrap_or_default()] -= 1;
    let village = position.village_mut(VillageId::Neutral);
    village.centre_villagers[sex.index()] -= 1;
    let mut building = Building::new(kind);
    building.villagers.push(Villager {
        owner: VillageId::Neutral,
        sex,
        awake: true,
    });
    village.cells[cell.index()] = Some(building);
    position.phase = if placed + 1 == 4 {
        Phase::PlaceStart {
            seat: position.start_player,
        }
    } else {
        Phase::PlaceNeutral { placed: placed + 1 }
    };
}

pub(crate) fn place_start_actions(position: &Position, seat: Seat, list: &mut ActionList) {
    let village = position.village(VillageId::Player(seat));
    for kind in BuildingKind::START {
        if position.player(seat).start_buildings[kind.start_index().unwrap_or_default()] == 0 {
            continue;
        }
        for cell in Cell::ring1().filter(|c| village.cells[c.index()].is_none()) {
            list.push(Action::PlaceStart { kind, cell });
        }
    }
}

pub(crate) fn apply_place_start(position: &mut Position, seat: Seat, action: Action) {
    let Action::PlaceStart { kind, cell } = action else {
        unreachable!()
    };
    position.player_mut(seat).start_buildings[kind.start_index().unwrap_or_default()] -= 1;
    position.village_mut(VillageId::Player(seat)).cells[cell.index()] = Some(Building::new(kind));
    if position
        .player(seat)
        .start_buildings
        .iter()
        .all(|&c| c == 0)
    {
        let next = position.options.next(seat);
        position.phase = if next == position.start_player {
            Phase::PlacePair {
                pair: 1,
                seat: next,
            }
        } else {
            Phase::PlaceStart { seat: next }
        };
    }
}

fn empty_own_buildings(position: &Position, seat: Seat) -> impl Iterator<Item = Cell> + '_ {
    position
        .village(VillageId::Player(seat))
        .buildings()
        .filter(|(_, b)| b.villagers.is_empty() && b.kind.is_workplace())
        .map(|(cell, _)| cell)
}

pub(crate) fn place_pair_actions(position: &Position, pair: u8, seat: Seat, list: &mut ActionList) {
    match pair {
        1 => {
            for woman in empty_own_buildings(position, seat) {
                for man in empty_own_buildings(position, seat).filter(|&c| c != woman) {
                    list.push(Action::PlacePair1 { woman, man });
                }
            }
        }
        2 => {
            if empty_own_buildings(position, seat).next().is_some() {
                for worker in Sex::ALL {
                    list.push(Action::PlacePair2 { worker });
                }
            }
        }
        _ => {
            let left = VillageId::Player(position.options.previous(seat));
            for (cell, building) in position.village(left).buildings() {
                if let [single] = building.villagers.as_slice() {
                    if single.owner != VillageId::Player(seat) {
                        list.push(Action::PlacePair3 {
                            spouse: single.sex.opposite(),
                            cell,
                        });
                    }
                }
            }
        }
    }
}

pub(crate) fn apply_place_pair(position: &mut Position, pair: u8, seat: Seat, action: Action) {
    let own = VillageId::Player(seat);
    let put = |position: &mut Position, village: VillageId, cell: Cell, sex: Sex| {
        position.player_mut(seat).supply[sex.index()] -= 1;
        let building = position.village_mut(village).cells[cell.index()]
            .as_mut()
            .expect("legal placements name buildings");
        building.villagers.push(Villager {
            owner: own,
            sex,
            awake: true,
        });
    };
    match action {
        Action::PlacePair1 { woman, man } => {
            put(position, own, woman, Sex::Female);
            put(position, own, man, Sex::Male);
        }
        Action::PlacePair2 { worker } => {
            let cell = empty_own_buildings(position, seat)
                .next()
                .expect("one building left");
            put(position, own, cell, worker);
            let other = worker.opposite().index();
            position.player_mut(seat).supply[other] -= 1;
            position.player_mut(seat).school[other] += 1;
        }
        Action::PlacePair3 { spouse, cell } => {
            let left = VillageId::Player(position.options.previous(seat));
            put(position, left, cell, spouse);
            let other = spouse.opposite().index();
            position.player_mut(seat).supply[other] -= 1;
            position.village_mut(own).centre_villagers[other] += 1;
        }
        _ => unreachable!("checked by legal_actions"),
    }
    let next = position.options.next(seat);
    position.phase = match (next == position.start_player, pair) {
        (false, _) => Phase::PlacePair { pair, seat: next },
        (true, 1 | 2) => Phase::PlacePair {
            pair: pair + 1,
            seat: next,
        },
        (true, _) => {
            give_dowry_coins(position);
            Phase::Turn {
                seat: position.start_player,
                turn: TurnState::fresh(),
            }
        }
    };
}

/// Each player puts one coin into the centre of each of the next two players in play order;
/// with two players, one into the neutral centre and one into the opponent's (rulings 2, 24).
fn give_dowry_coins(position: &mut Position) {
    let options = position.options;
    for seat in options.seats() {
        let first = VillageId::Player(options.next(seat));
        let second = if options.has_neutral() {
            VillageId::Neutral
        } else {
            VillageId::Player(options.next(options.next(seat)))
        };
        for village in [first, second] {
            position.village_mut(village).centre_coins[seat.index()] += 1;
            position.player_mut(seat).hand -= 1;
        }
    }
}
