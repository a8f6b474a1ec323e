//! A player's observation as a fixed-length vector of numbers, built from the engine's [`View`]
//! alone: it cannot contain the order of stacks 2 and 3, which the view does not have.
//!
//! Seats are written relative to the observer ("slot" 0 is the observer, slot 1 the next seat by
//! number, and so on), so one network can play every seat. Counts are raw numbers, flags 0 or 1,
//! choices one-hot; slots of seats or villages not in play stay 0. The vector is a sequence of
//! named sections; [`layout`] lists them with their offsets, and `docs/python.md` describes each.

use helvetia_engine::{
    awake_villagers, score, BuildingKind, Character, Direction, Good, Phase, Position,
    RulesRevision, Seat, SetupMode, Step, View, VillageId, CELLS, MAX_PLAYERS, MAX_VILLAGES,
};

/// Length of every observation vector.
pub const OBSERVATION_LENGTH: usize = 6511;

/// One named part of the vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// What it describes.
    pub name: String,
    /// Its first index.
    pub offset: usize,
    /// How many numbers.
    pub len: usize,
}

/// The observation of `observer` in `view`.
pub fn observe(view: &View, observer: Seat) -> Vec<f32> {
    let mut writer = Writer::default();
    write_observation(&mut writer, view, observer);
    debug_assert_eq!(writer.values.len(), OBSERVATION_LENGTH);
    writer.values
}

/// The sections of the vector, in order. The same for every view and observer.
pub fn layout() -> Vec<Section> {
    let view = helvetia_engine::Game::new(helvetia_engine::GameOptions::for_players(4), 0).view();
    let mut writer = Writer::default();
    write_observation(&mut writer, &view, Seat(0));
    writer.sections
}

/// Appends numbers and remembers where each section starts.
#[derive(Default)]
struct Writer {
    values: Vec<f32>,
    sections: Vec<Section>,
}

impl Writer {
    fn section(&mut self, name: impl Into<String>) {
        self.close_section();
        self.sections.push(Section {
            name: name.into(),
            offset: self.values.len(),
            len: 0,
        });
    }

    fn close_section(&mut self) {
        if let Some(last) = self.sections.last_mut() {
            last.len = self.values.len() - last.offset;
        }
    }

    fn number(&mut self, value: impl Into<f32>) {
        self.values.push(value.into());
    }

    fn flag(&mut self, value: bool) {
        self.values.push(if value { 1.0 } else { 0.0 });
    }

    fn counts(&mut self, values: &[u8]) {
        self.values.extend(values.iter().map(|&v| f32::from(v)));
    }

    /// `size` zeros: a slot or cell that is empty or not in play.
    fn zeros(&mut self, size: usize) {
        self.values.resize(self.values.len() + size, 0.0);
    }

    /// `size` numbers, 1 at `index` (none when `index` is `None`).
    fn one_hot(&mut self, index: Option<usize>, size: usize) {
        let start = self.values.len();
        self.values.resize(start + size, 0.0);
        if let Some(i) = index {
            debug_assert!(i < size, "one-hot index {i} of {size}");
            self.values[start + i] = 1.0;
        }
    }
}

/// Seats and villages as the observer sees them: slot 0 is the observer.
struct Slots {
    observer: u8,
    players: u8,
}

impl Slots {
    fn of_seat(&self, seat: Seat) -> usize {
        usize::from((seat.0 + self.players - self.observer) % self.players)
    }

    fn seat(&self, slot: usize) -> Option<Seat> {
        (slot < usize::from(self.players))
            .then(|| Seat((self.observer + slot as u8) % self.players))
    }

    /// Villages 0..4 by the slot of their seat, the neutral village at 4.
    fn of_village(&self, village: VillageId) -> usize {
        match village {
            VillageId::Player(seat) => self.of_seat(seat),
            VillageId::Neutral => MAX_VILLAGES - 1,
        }
    }

    fn village(&self, slot: usize) -> Option<VillageId> {
        if slot == MAX_VILLAGES - 1 {
            Some(VillageId::Neutral)
        } else {
            self.seat(slot).map(VillageId::Player)
        }
    }
}

fn write_observation(w: &mut Writer, view: &View, observer: Seat) {
    let p = &view.position;
    let slots = Slots {
        observer: observer.0,
        players: p.options.players,
    };
    write_header(w, p, observer, &slots);
    write_phase(w, p, &slots);
    write_turn(w, p, &slots);
    write_players(w, p, &slots);
    write_board(w, view, &slots);
    write_villages(w, p, &slots);
    w.close_section();
}

fn write_header(w: &mut Writer, p: &Position, observer: Seat, slots: &Slots) {
    let options = &p.options;
    w.section("observer_seat");
    w.one_hot(Some(observer.index()), MAX_PLAYERS);
    w.section("player_count");
    w.one_hot(Some(usize::from(options.players) - 2), 3);
    w.section("options");
    w.flag(options.rules == RulesRevision::Original);
    w.flag(options.setup == SetupMode::Letters);
    w.flag(options.character_tiles);
    w.number(options.target());
    w.flag(options.direction == Direction::Clockwise);
    w.number(options.round_limit.unwrap_or(0));
    w.section("round");
    w.number(p.round);
    w.section("start_player");
    w.one_hot(Some(slots.of_seat(p.start_player)), MAX_PLAYERS);
    w.section("to_move");
    w.one_hot(p.to_move().map(|seat| slots.of_seat(seat)), MAX_PLAYERS);
}

fn write_phase(w: &mut Writer, p: &Position, slots: &Slots) {
    let (kind, detail, repick) = match p.phase {
        Phase::Draft { pick, repick } => (0, pick, repick),
        Phase::PlaceNeutral { placed } => (1, placed, None),
        Phase::PlaceStart { .. } => (2, 0, None),
        Phase::PlacePair { pair, .. } => (3, pair, None),
        Phase::Turn { .. } => (4, 0, None),
        Phase::SchoolReturn { .. } => (5, 0, None),
        Phase::GameOver => (6, 0, None),
    };
    w.section("phase");
    w.one_hot(Some(kind), 7);
    w.section("phase_number");
    w.number(detail);
    w.section("draft_repick");
    w.one_hot(repick.map(|seat| slots.of_seat(seat)), MAX_PLAYERS);
}

fn write_turn(w: &mut Writer, p: &Position, slots: &Slots) {
    let turn = match p.phase {
        Phase::Turn { turn, .. } => Some(turn),
        _ => None,
    };
    let character = |c: Option<Character>| c.map(Character::index);
    w.section("turn_regular_character");
    w.one_hot(turn.and_then(|t| character(t.regular)), 5);
    w.section("turn_regular_actions");
    w.number(turn.map_or(0, |t| t.regular_actions));
    w.section("turn_tile");
    w.one_hot(turn.and_then(|t| character(t.tile)), 5);
    w.section("turn_closed");
    w.flag(turn.is_some_and(|t| t.closed));
    w.section("turn_source");
    w.one_hot(turn.and_then(|t| t.source).map(|s| s as usize), 3);

    let step = turn.map(|t| t.step);
    let (step_index, kind, remaining, carried, village, cell) = match step {
        None => (None, None, None, None, None, None),
        Some(Step::Choose) => (Some(0), None, None, None, None, None),
        Some(Step::SelectBuilding) => (Some(1), None, None, None, None, None),
        Some(Step::Pay {
            kind,
            remaining,
            carried,
        }) => (Some(2), Some(kind), Some(remaining), carried, None, None),
        Some(Step::Place { kind, village }) => {
            (Some(3), Some(kind), None, None, Some(village), None)
        }
        Some(Step::MoveIn { village, cell }) => {
            (Some(4), None, None, None, Some(village), Some(cell))
        }
        Some(Step::Deliver { carried }) => (Some(5), None, None, carried, None, None),
        Some(Step::Wake) => (Some(6), None, None, None, None, None),
        Some(Step::Marry) => (Some(7), None, None, None, None, None),
        Some(Step::Dowry { village }) => (Some(8), None, None, None, Some(village), None),
        Some(Step::Birth) => (Some(9), None, None, None, None, None),
    };
    w.section("turn_step");
    w.one_hot(step_index, 10);
    w.section("turn_step_building");
    w.one_hot(kind.map(BuildingKind::index), BuildingKind::ALL.len());
    w.section("turn_step_cost_remaining");
    let cost = remaining.unwrap_or_default();
    w.counts(&[cost.wood, cost.brick, cost.stone]);
    w.section("turn_step_carried_good");
    w.one_hot(carried.map(Good::index), Good::ALL.len());
    w.section("turn_step_village");
    w.one_hot(village.map(|v| slots.of_village(v)), MAX_VILLAGES);
    w.section("turn_step_cell");
    w.one_hot(cell.map(|c| c.index()), CELLS);
    w.section("turn_children");
    let children = turn.map_or(0, |t| t.children);
    for bit in 0..CELLS {
        w.flag(children & (1 << bit) != 0);
    }
}

fn write_players(w: &mut Writer, p: &Position, slots: &Slots) {
    for slot in 0..MAX_PLAYERS {
        w.section(format!("player{slot}"));
        let Some(seat) = slots.seat(slot) else {
            w.zeros(PLAYER_LEN);
            continue;
        };
        let player = p.player(seat);
        w.flag(true);
        w.number(player.hand);
        w.number(player.arriving);
        w.counts(&player.on_characters);
        w.counts(&player.supply);
        w.counts(&player.school);
        for good in Good::ALL {
            w.flag(player.delivered.contains(good));
        }
        w.counts(&player.start_buildings);
        w.number(player.score_track);
        w.flag(player.passed);
        w.number(score(p, seat).total);
        w.number(awake_villagers(p, seat));
    }
}

/// Numbers per player slot: in play, hand, arriving, 5 on characters, 2 supply, 2 school,
/// 16 delivered, 5 start buildings, score track, passed, score now, awake villagers.
const PLAYER_LEN: usize = 37;

fn write_board(w: &mut Writer, view: &View, slots: &Slots) {
    let p = &view.position;
    let holder = |w: &mut Writer, seat: Option<Seat>| {
        w.one_hot(seat.map(|s| slots.of_seat(s)), MAX_PLAYERS);
    };
    w.section("neutral_coin_available");
    w.flag(p.neutral_coin_available);
    w.section("display");
    w.counts(&p.display);
    w.section("stack_sizes");
    w.counts(&[view.stack2_size, view.stack3_size]);
    w.section("unseen_tiles");
    w.counts(&view.unseen());
    w.section("draft_pool");
    w.counts(&p.draft_pool);
    w.section("boxed");
    w.counts(&p.boxed);
    w.section("good_tiles");
    for &seat in &p.good_tiles {
        holder(w, seat);
    }
    w.section("branch_tiles");
    for &seat in &p.branch_tiles {
        holder(w, seat);
    }
    w.section("village_tiles");
    for &seat in &p.village_tiles {
        holder(w, seat);
    }
    w.section("character_tiles");
    for tile in &p.character_tiles {
        holder(w, tile.holder);
        w.flag(tile.face_up);
    }
}

fn write_villages(w: &mut Writer, p: &Position, slots: &Slots) {
    for slot in 0..MAX_VILLAGES {
        w.section(format!("village{slot}"));
        let in_play = slots
            .village(slot)
            .filter(|&id| p.village_ids().any(|v| v == id));
        let Some(id) = in_play else {
            w.zeros(VILLAGE_LEN);
            continue;
        };
        let village = p.village(id);
        w.counts(&village.centre_villagers);
        for coin_slot in 0..MAX_PLAYERS {
            let count = slots
                .seat(coin_slot)
                .map_or(0, |seat| village.centre_coins[seat.index()]);
            w.number(count);
        }
        for cell in &village.cells {
            let Some(building) = cell else {
                w.zeros(CELL_LEN);
                continue;
            };
            w.flag(true);
            w.one_hot(Some(building.kind.index()), BuildingKind::ALL.len());
            for place in 0..2 {
                match building.villagers.as_slice().get(place) {
                    Some(villager) => {
                        w.flag(true);
                        w.one_hot(Some(slots.of_village(villager.owner)), MAX_VILLAGES);
                        w.flag(villager.sex == helvetia_engine::Sex::Male);
                        w.flag(villager.awake);
                    }
                    None => w.zeros(8),
                }
            }
            w.counts(&building.newborns);
        }
    }
}

/// Numbers per cell: built, 24 kinds, two villagers of 8 (present, 5 owners, man, awake),
/// 2 newborns by sex.
const CELL_LEN: usize = 1 + 24 + 2 * 8 + 2;
/// Numbers per village slot: 2 centre villagers, 4 centre coins by slot, 28 cells.
const VILLAGE_LEN: usize = 2 + MAX_PLAYERS + CELLS * CELL_LEN;

#[cfg(test)]
mod tests {
    use super::*;
    use helvetia_engine::{Game, GameOptions};
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    #[test]
    fn the_layout_covers_the_vector_without_gaps() {
        let sections = layout();
        let mut next = 0;
        for section in &sections {
            assert_eq!(section.offset, next, "{}", section.name);
            next += section.len;
        }
        assert_eq!(next, OBSERVATION_LENGTH);
    }

    /// Every seat of random games of each player count: one length, and a vector that depends
    /// on the view only, so re-dealing the hidden stacks changes nothing.
    #[test]
    fn observations_have_one_length_and_ignore_the_hidden_order() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for players in 2..=4u8 {
            let options = GameOptions {
                round_limit: Some(40),
                ..GameOptions::for_players(players)
            };
            let mut game = Game::new(options, u64::from(players));
            let mut decisions = 0;
            while !game.is_over() && decisions < 600 {
                if decisions % 25 == 0 {
                    let mut redealt = game.clone();
                    redealt.redeal(&mut rng);
                    for seat in game.options().seats() {
                        let seen = observe(&game.view(), seat);
                        assert_eq!(seen.len(), OBSERVATION_LENGTH);
                        assert_eq!(seen, observe(&redealt.view(), seat));
                    }
                }
                let legal = game.legal_actions();
                game.play(legal[(rng.next_u64() % legal.len() as u64) as usize])
                    .unwrap();
                decisions += 1;
            }
        }
    }

    #[test]
    fn the_observer_is_slot_zero() {
        let game = Game::new(GameOptions::for_players(3), 5);
        let to_move = game.to_move().unwrap();
        let sections = layout();
        let to_move_section = sections.iter().find(|s| s.name == "to_move").unwrap();
        let seen = observe(&game.view(), to_move);
        assert_eq!(seen[to_move_section.offset], 1.0);
        let other = Seat((to_move.0 + 1) % 3);
        let seen = observe(&game.view(), other);
        assert_eq!(seen[to_move_section.offset + 2], 1.0);
    }
}
