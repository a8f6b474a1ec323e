//! The end of a turn and of a round: who has coins left, the six end-of-round steps (ruling 20),
//! village completion tiles (ruling 19) and the end of the game.

use crate::action::Action;
use crate::action_list::ActionList;
use crate::geometry::Cell;
use crate::people::{Character, Seat, Sex, VillageId, Villager};
use crate::position::{Phase, PlayerState, Position, TurnState};
use crate::score;
use crate::turn_actions::has_turn;

/// Whether `player` is still in the round: coins in hand and not passed (rulings 8, 9). Coins
/// kept by a player who had to pass do not keep the round going.
pub(crate) fn in_play(player: &PlayerState) -> bool {
    player.hand > 0 && !player.passed
}

/// Colours still in play: players in the round with coins in hand, and the unused neutral coin
/// (ruling 27).
fn colours_in_play(position: &Position) -> usize {
    let players = position.players.iter().filter(|p| in_play(p)).count();
    players + usize::from(position.options.has_neutral() && position.neutral_coin_available)
}

/// After `seat`'s turn: the next player with something to do, or the end of the round (rule 9).
pub(crate) fn after_turn(position: &mut Position, seat: Seat) {
    if colours_in_play(position) <= 1 {
        let holder = position
            .options
            .seats()
            .find(|&s| in_play(position.player(s)));
        position.start_player = match holder {
            Some(holder) => holder,
            // Only the neutral coin is left: the start player token passes on (ruling 27).
            None if position.options.has_neutral() => position.options.next(position.start_player),
            None => seat,
        };
        return end_round(position);
    }
    let mut next = position.options.next(seat);
    while !has_turn(position, next) {
        next = position.options.next(next);
    }
    position.phase = Phase::Turn {
        seat: next,
        turn: TurnState::fresh(),
    };
}

fn end_round(position: &mut Position) {
    // 1. Character tiles go to a strict majority; otherwise they stay where they are.
    if position.options.character_tiles {
        for character in Character::ALL {
            let coins = |s: Seat| position.player(s).on_characters[character.index()];
            let best = position
                .options
                .seats()
                .max_by_key(|&s| coins(s))
                .expect("players");
            let strict = coins(best) > 0
                && position
                    .options
                    .seats()
                    .all(|s| s == best || coins(s) < coins(best));
            if strict {
                position.character_tiles[character.index()].holder = Some(best);
            }
        }
        for tile in &mut position.character_tiles {
            tile.face_up = true;
        }
    }
    // 2. Coins on the characters return; the neutral coin returns beside the neutral village.
    for player in &mut position.players {
        player.hand += player.on_characters.iter().sum::<u8>();
        player.on_characters = [0; 5];
        player.passed = false;
    }
    position.neutral_coin_available = position.options.has_neutral();
    // 3. School villagers return home, in play order from the new start player.
    continue_school_return(position, position.start_player);
}

fn free_workplaces(position: &Position, seat: Seat) -> impl Iterator<Item = Cell> + '_ {
    position
        .village(VillageId::Player(seat))
        .buildings()
        .filter(|(_, b)| b.kind.is_workplace() && b.villagers.is_empty())
        .map(|(cell, _)| cell)
}

fn must_choose(position: &Position, seat: Seat) -> bool {
    position.player(seat).school.iter().any(|&n| n > 0)
        && free_workplaces(position, seat).next().is_some()
}

/// Runs step 3 from `seat` on: players with a choice decide; the rest go to the centre.
fn continue_school_return(position: &mut Position, mut seat: Seat) {
    loop {
        if must_choose(position, seat) {
            position.phase = Phase::SchoolReturn { seat };
            return;
        }
        let school = std::mem::take(&mut position.player_mut(seat).school);
        let centre = &mut position
            .village_mut(VillageId::Player(seat))
            .centre_villagers;
        centre[0] += school[0];
        centre[1] += school[1];
        seat = position.options.next(seat);
        if seat == position.start_player {
            return finish_round(position);
        }
    }
}

pub(crate) fn school_actions(position: &Position, seat: Seat, list: &mut ActionList) {
    for sex in Sex::ALL {
        if position.player(seat).school[sex.index()] > 0 {
            for cell in free_workplaces(position, seat) {
                list.push(Action::ReturnFromSchool { sex, cell });
            }
        }
    }
}

pub(crate) fn apply_school(position: &mut Position, seat: Seat, action: Action) {
    let Action::ReturnFromSchool { sex, cell } = action else {
        unreachable!()
    };
    position.player_mut(seat).school[sex.index()] -= 1;
    let village = VillageId::Player(seat);
    let building = position.village_mut(village).cells[cell.index()]
        .as_mut()
        .expect("free workplace");
    building.villagers.push(Villager {
        owner: village,
        sex,
        awake: true,
    });
    award_village_tiles(position, seat);
    continue_school_return(position, seat);
}

/// Steps 4–6: newborns to school, scores and the game end, new buildings.
fn finish_round(position: &mut Position) {
    for seat in position.options.seats() {
        let village = position.village_mut(VillageId::Player(seat));
        let mut born = [0u8; 2];
        for building in village.cells.iter_mut().flatten() {
            born[0] += building.newborns[0];
            born[1] += building.newborns[1];
            building.newborns = [0; 2];
        }
        let school = &mut position.player_mut(seat).school;
        school[0] += born[0];
        school[1] += born[1];
    }
    for seat in position.options.seats() {
        position.player_mut(seat).score_track = score::score(position, seat).total;
    }
    let target = position.options.target();
    let reached = position.players.iter().any(|p| p.score_track >= target);
    let limit = position
        .options
        .round_limit
        .is_some_and(|limit| position.round >= limit);
    // The round counter's end: no game comes near it, but a saved position may claim it.
    let last_countable = position.round == u16::MAX;
    if reached || limit || last_countable {
        position.phase = Phase::GameOver;
        return;
    }
    for _ in 0..5 {
        let Some(kind) = position.stack2.pop().or_else(|| position.stack3.pop()) else {
            break;
        };
        position.display[kind.index()] += 1;
    }
    position.round += 1;
    position.phase = Phase::Turn {
        seat: position.start_player,
        turn: TurnState::fresh(),
    };
}

/// Gives `seat` the next village completion tile the first time its village is complete, and
/// checks the other villages too (ruling 19). The neutral village never takes one (ruling 26).
pub(crate) fn award_village_tiles(position: &mut Position, seat: Seat) {
    let mut candidate = seat;
    for _ in 0..position.options.players {
        let holds = position.village_tiles.contains(&Some(candidate));
        if !holds && position.village(VillageId::Player(candidate)).is_complete() {
            if let Some(slot) = position
                .village_tiles
                .iter_mut()
                .find(|slot| slot.is_none())
            {
                *slot = Some(candidate);
            }
        }
        candidate = position.options.next(candidate);
    }
}
