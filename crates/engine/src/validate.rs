//! Checking a position: every inconsistency is reported at once, each with where it is. Here
//! what lies on the table (villages, villagers, coins, tiles, awards); where the game stands
//! (its phase and the turn in progress) is checked in [`crate::validate_phase`].

use crate::building::{BuildingClass, BuildingKind};
use crate::good::{Branch, Good};
use crate::people::{Seat, Sex, VillageId, MAX_VILLAGES, NEUTRAL};
use crate::position::{Phase, Position};
use crate::position_error::{PositionError, Report};
use crate::validate_phase::check_phase;

/// Checks every rule a reachable position keeps.
///
/// # Errors
/// All the inconsistencies found.
pub fn check(position: &Position) -> Result<(), Vec<PositionError>> {
    let mut report = Report(Vec::new());
    if let Err(problem) = position.options.check() {
        report.error("options", problem);
        return Err(report.0);
    }
    let n = position.options.players as usize;
    if position.players.len() != n {
        report.error(
            "players",
            format!("{} entries for {n} players", position.players.len()),
        );
        return Err(report.0);
    }
    let seat_ok = |seat: Seat| seat.index() < n;
    let village_in_play = |id: usize| id < n || (id == NEUTRAL && position.options.has_neutral());
    for id in 0..MAX_VILLAGES {
        let village = &position.villages[id];
        if !village_in_play(id) && *village != Default::default() {
            report.error(
                format!("villages[{id}]"),
                "a village not in play must be empty",
            );
        }
    }
    check_villages(position, &mut report, &seat_ok);
    check_villagers(position, &mut report);
    check_coins(position, &mut report);
    check_tiles(position, &mut report);
    check_awards(position, &mut report, &seat_ok);
    if !seat_ok(position.start_player) {
        report.error("start_player", "no such seat");
    }
    if position.round == 0 {
        report.error("round", "rounds count from 1");
    }
    if !matches!(position.phase, Phase::GameOver) {
        // The score track moves only at the end of a round, and a round that ends with
        // somebody at the target ends the game.
        let target = position.options.target();
        for seat in position.options.seats() {
            let track = position.player(seat).score_track;
            if track >= target {
                report.error(
                    format!("players[{}]", seat.0),
                    format!(
                        "score track {track} is at the target {target}, which would have ended \
                         the game"
                    ),
                );
            }
        }
    }
    if let Some(limit) = position.options.round_limit {
        // The round that reaches the limit ends the game.
        if position.round > limit {
            report.error(
                "round",
                format!("round {} is past the round limit {limit}", position.round),
            );
        }
    }
    check_phase(position, &mut report, &seat_ok);
    if report.0.is_empty() {
        Ok(())
    } else {
        Err(report.0)
    }
}

fn check_villages(position: &Position, report: &mut Report, seat_ok: &dyn Fn(Seat) -> bool) {
    for id in position.village_ids() {
        let village = position.village(id);
        let at = format!("villages[{}]", id.index());
        if !village.ring1_full()
            && crate::geometry::Cell::ring2().any(|c| village.cells[c.index()].is_some())
        {
            report.error(&at, "a ring-2 building while ring 1 is not full");
        }
        let mut kinds = 0u32;
        for (cell, building) in village.buildings() {
            let at = format!("{at}.{cell}");
            if matches!(id, VillageId::Player(_)) {
                if kinds & building.kind.bit() != 0 {
                    report.error(
                        &at,
                        format!(
                            "a second {} in one player's village",
                            building.kind.german()
                        ),
                    );
                }
                kinds |= building.kind.bit();
            }
            let people = building.villagers.as_slice();
            if building.kind.class() == BuildingClass::VictoryPoints && !people.is_empty() {
                report.error(&at, "nobody lives in a victory point building");
            }
            for villager in people {
                match villager.owner {
                    VillageId::Player(seat) if !seat_ok(seat) => {
                        report.error(&at, "a villager of no seat in play")
                    }
                    VillageId::Neutral if !position.options.has_neutral() => {
                        report.error(&at, "a neutral villager without a neutral village")
                    }
                    _ => {}
                }
                if villager.owner == VillageId::Neutral && !villager.awake {
                    report.error(&at, "neutral villagers never sleep");
                }
            }
            if let [first, second] = people {
                if first.owner == second.owner {
                    report.error(&at, "a couple of one player's villagers");
                }
                if first.sex == second.sex {
                    report.error(&at, "a couple of one sex");
                }
            }
            if let [first] = people {
                if first.owner != id {
                    report.error(
                        &at,
                        "a building's first villager belongs to the village owner",
                    );
                }
            }
            let newborns = u32::from(building.newborns[0]) + u32::from(building.newborns[1]);
            if newborns > 0 && (!building.is_couple() || id == VillageId::Neutral) {
                report.error(&at, "newborns lie only with a couple in a player's village");
            }
        }
    }
}

fn check_villagers(position: &Position, report: &mut Report) {
    let mut counts = [[0u32; 2]; MAX_VILLAGES];
    for id in position.village_ids() {
        let village = position.village(id);
        for sex in Sex::ALL.map(Sex::index) {
            counts[id.index()][sex] += u32::from(village.centre_villagers[sex]);
        }
        for (_, building) in village.buildings() {
            for villager in &building.villagers {
                // A villager of no village in play is reported by `check_villages`.
                if let Some(count) = counts.get_mut(villager.owner.index()) {
                    count[villager.sex.index()] += 1;
                }
            }
            for sex in Sex::ALL.map(Sex::index) {
                counts[id.index()][sex] += u32::from(building.newborns[sex]);
            }
        }
    }
    for seat in position.options.seats() {
        let player = position.player(seat);
        for sex in Sex::ALL.map(Sex::index) {
            let total = counts[seat.index()][sex]
                + u32::from(player.supply[sex])
                + u32::from(player.school[sex]);
            if total != 8 {
                report.error(
                    format!("players[{}]", seat.0),
                    format!("{total} villagers of sex {sex} in all, not 8"),
                );
            }
        }
    }
    if position.options.has_neutral() {
        for sex in Sex::ALL.map(Sex::index) {
            if counts[NEUTRAL][sex] != 8 {
                report.error(
                    "villages[4]",
                    format!(
                        "{} neutral villagers of sex {sex}, not 8",
                        counts[NEUTRAL][sex]
                    ),
                );
            }
        }
    }
}

fn check_coins(position: &Position, report: &mut Report) {
    for seat in position.options.seats() {
        let player = position.player(seat);
        let in_centres: u32 = position
            .village_ids()
            .map(|id| u32::from(position.village(id).centre_coins[seat.index()]))
            .sum();
        let total = u32::from(player.hand)
            + u32::from(player.arriving)
            + player
                .on_characters
                .iter()
                .map(|&c| u32::from(c))
                .sum::<u32>()
            + in_centres;
        if total != 6 {
            report.error(
                format!("players[{}]", seat.0),
                format!("{total} coins in all, not 6"),
            );
        }
    }
    for id in position.village_ids() {
        for colour in usize::from(position.options.players)..4 {
            if position.village(id).centre_coins[colour] > 0 {
                report.error(
                    format!("villages[{}]", id.index()),
                    "a coin of a seat not in play",
                );
            }
        }
    }
    if position.neutral_coin_available && !position.options.has_neutral() {
        report.error(
            "neutral_coin_available",
            "only the two-player game has a neutral coin",
        );
    }
}

fn check_tiles(position: &Position, report: &mut Report) {
    let mut counts = [0u32; 24];
    for kind in BuildingKind::ALL {
        counts[kind.index()] += u32::from(position.display[kind.index()]);
        if let Some(k) = kind.start_index() {
            counts[kind.index()] +=
                u32::from(position.draft_pool[k]) + u32::from(position.boxed[k]);
            counts[kind.index()] += position
                .players
                .iter()
                .map(|p| u32::from(p.start_buildings[k]))
                .sum::<u32>();
        }
    }
    for (stack, tiles) in [
        (2, position.stack2.as_slice()),
        (3, position.stack3.as_slice()),
    ] {
        for &kind in tiles {
            counts[kind.index()] += 1;
            let in_stack = tiles.iter().filter(|&&k| k == kind).count();
            if in_stack > usize::from(kind.tiles()[stack]) {
                report.error(
                    format!("stack{stack}"),
                    format!("too many {} for this stack", kind.german()),
                );
            }
        }
    }
    for id in position.village_ids() {
        for (_, building) in position.village(id).buildings() {
            counts[building.kind.index()] += 1;
        }
    }
    for kind in BuildingKind::ALL {
        let expected: u32 = kind.tiles().iter().map(|&t| u32::from(t)).sum();
        if counts[kind.index()] != expected {
            report.error(
                "buildings",
                format!(
                    "{} tiles of {}, the game has {expected}",
                    counts[kind.index()],
                    kind.german()
                ),
            );
        }
    }
}

fn check_awards(position: &Position, report: &mut Report, seat_ok: &dyn Fn(Seat) -> bool) {
    for good in Good::ALL {
        if let Some(index) = good.good_tile_index() {
            if let Some(holder) = position.good_tiles[index] {
                if !seat_ok(holder) || !position.player(holder).delivered.contains(good) {
                    report.error(
                        format!("good_tiles[{index}]"),
                        format!("held by a player who has not delivered {}", good.german()),
                    );
                }
            }
        }
    }
    for branch in Branch::ALL {
        if let Some(holder) = position.branch_tiles[branch.index()] {
            if !seat_ok(holder)
                || !position
                    .player(holder)
                    .delivered
                    .contains_all(branch.goods())
            {
                report.error(
                    format!("branch_tiles[{}]", branch.index()),
                    "held by a player who has not delivered the whole branch",
                );
            }
        }
    }
    for (i, tile) in position.character_tiles.iter().enumerate() {
        if let Some(holder) = tile.holder {
            if !seat_ok(holder) || !position.options.character_tiles {
                report.error(
                    format!("character_tiles[{i}]"),
                    "held by no seat in play, or tiles are not in play",
                );
            }
        }
    }
    let [first, second] = position.village_tiles;
    if first.is_none() && second.is_some() || (first.is_some() && first == second) {
        report.error(
            "village_tiles",
            "the 2-point tile goes only to a second, different player",
        );
    }
    for holder in position.village_tiles.into_iter().flatten() {
        // Once taken the tile is kept, even if a new building later stands empty; ring 1 stays full.
        if !seat_ok(holder) || !position.village(VillageId::Player(holder)).ring1_full() {
            report.error(
                "village_tiles",
                format!("{holder} holds a tile but the village is not surrounded"),
            );
        }
    }
}
