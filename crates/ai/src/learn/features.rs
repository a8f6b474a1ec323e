//! A position as numbers for a learned evaluation: each player's evaluation terms counted in
//! their own units, seen from one player.
//!
//! The terms are those of the hand-written evaluation ([`crate::evaluate`]), counted rather
//! than weighed: the evaluation is their dot product with `[1, Weights…]`, so a linear model
//! over them can be compared with today's weights, and a network can weigh them anew.

use helvetia_engine::{
    coins_needed, score, Branch, BuildingClass, BuildingKind, Character, GoodSet, Position, Seat,
    VillageId, MAX_PLAYERS,
};

use crate::evaluate::{makeable, workers, Weights};

/// One player's terms: the score, then one count per [`Weights`] field in their order.
pub const TERMS: usize = 1 + Weights::COUNT;

/// Numbers per player: the terms and whether the player has passed this round.
pub const PER_PLAYER: usize = TERMS + 1;

/// Numbers about the whole table: 2, 3 or 4 players (one each), and the round over ten.
pub const GLOBAL: usize = 4;

/// Length of the feature vector: four players' numbers (the viewer's first, then the seats
/// after it; zeros for seats nobody holds), then the table's.
pub const FEATURES: usize = MAX_PLAYERS * PER_PLAYER + GLOBAL;

/// Names of one player's numbers, in feature order: the score, the evaluation's terms by
/// their weights' names ([`Weights::NAMES`]), whether they passed.
pub const PLAYER_NAMES: [&str; PER_PLAYER] = {
    let mut names = [""; PER_PLAYER];
    names[0] = "score";
    let mut term = 0;
    while term < Weights::COUNT {
        names[1 + term] = Weights::NAMES[term];
        term += 1;
    }
    names[PER_PLAYER - 1] = "passed";
    names
};

/// Names of the table's numbers, in feature order.
pub const GLOBAL_NAMES: [&str; GLOBAL] = ["two_players", "three_players", "four_players", "round"];

/// The seat `offset` places after `viewer` at a table of `players`.
pub fn seat_after(viewer: Seat, offset: usize, players: u8) -> Seat {
    Seat(((viewer.index() + offset) % usize::from(players)) as u8)
}

/// The feature vector of `position` as `viewer` sees it (only what every player sees is read).
pub fn features(position: &Position, viewer: Seat) -> [f32; FEATURES] {
    let mut out = [0.0; FEATURES];
    let players = position.options.players;
    for offset in 0..usize::from(players) {
        let seat = seat_after(viewer, offset, players);
        let slot = &mut out[offset * PER_PLAYER..(offset + 1) * PER_PLAYER];
        slot[..TERMS].copy_from_slice(&term_counts(position, seat));
        slot[TERMS] = f32::from(u8::from(position.player(seat).passed));
    }
    let global = &mut out[MAX_PLAYERS * PER_PLAYER..];
    global[usize::from(players.clamp(2, 4)) - 2] = 1.0;
    global[3] = f32::from(position.round) / 10.0;
    out
}

/// One player's evaluation terms, counted: `[score, deliverable goods, tile points, …]` in the
/// order of [`PLAYER_NAMES`]. [`crate::evaluate::prospects`] is their dot product with
/// `[1, Weights::to_array()…]` (a test keeps them in step).
pub fn term_counts(position: &Position, seat: Seat) -> [f32; TERMS] {
    let mut t = [0.0f32; TERMS];
    let player = position.player(seat);
    let (all, awake) = workers(position, seat);
    let undelivered = GoodSet(!player.delivered.0);
    let possible = GoodSet(makeable(&all).0 & undelivered.0);
    let ready = GoodSet(makeable(&awake).0 & undelivered.0);
    t[0] = score(position, seat).total as f32;
    for good in possible.iter() {
        t[1] += 1.0;
        if let (Some(index), Some(points)) = (good.good_tile_index(), good.good_tile_points()) {
            if position.good_tiles[index].is_none() {
                t[2] += points as f32;
            }
        }
        if ready.contains(good) {
            t[3] += 1.0;
        }
    }
    for branch in Branch::ALL {
        if position.branch_tiles[branch.index()].is_none() {
            let goods = branch.goods();
            let done = GoodSet(player.delivered.0 & goods.0).len() as f32;
            let share = done / goods.len() as f32;
            t[4] += branch.points() as f32 * share * share;
        }
    }
    if position.options.character_tiles {
        for character in Character::ALL {
            let mine = player.on_characters[character.index()];
            let lead = mine > 0
                && position.options.seats().all(|s| {
                    s == seat || position.player(s).on_characters[character.index()] < mine
                });
            if lead && position.character_tiles[character.index()].holder != Some(seat) {
                t[5] += 1.0;
            }
        }
    }
    let coins = player.hand + player.arriving;
    if !player.passed {
        t[6] = coins as f32;
    }
    let awake_count: u8 = awake.0.iter().sum();
    let all_count: u8 = all.0.iter().sum();
    t[7] = awake_count as f32;
    t[8] = (all_count - awake_count) as f32;
    let village = position.village(VillageId::Player(seat));
    t[9] = village.buildings().filter(|(_, b)| b.is_couple()).count() as f32;
    t[10] = (village.centre_villagers.iter().sum::<u8>() + player.school.iter().sum::<u8>()) as f32;
    let affordable = BuildingKind::ALL.into_iter().any(|kind| {
        kind.class() == BuildingClass::VictoryPoints
            && position.displayed(kind) > 0
            && !village.has_kind(kind)
            && coins > 0
            && coins_needed(kind.cost(), None, &awake) < coins
    });
    t[11] = f32::from(u8::from(affordable));
    if position.village_tiles.iter().any(|t| t.is_none())
        && !position.village_tiles.contains(&Some(seat))
    {
        t[12] = village.cells[..10].iter().filter(|c| c.is_some()).count() as f32;
    }
    t
}
