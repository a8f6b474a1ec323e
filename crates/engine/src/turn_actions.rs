//! The legal actions of a turn: choosing characters and tiles, and the steps of every action
//! (rulings 7–18, 25).
//!
//! The coins a player places equal the actions they carry out: a coin goes onto the character as
//! each action begins, and an action can only begin if it can be completed. Nothing hidden or
//! random is revealed during a turn, so this reaches exactly the outcomes of deciding the count
//! up front, and never lets a player place a coin they cannot use (ruling 7; see docs/rules.md).

use crate::action::{Action, Unattached};
use crate::action_list::ActionList;
use crate::building::BuildingKind;
use crate::census::Census;
use crate::geometry::{Cell, Quarter};
use crate::good::{Good, GoodSet};
use crate::people::{Character, Seat, Sex, VillageId, Villager};
use crate::position::{Building, Position, Step, TurnState};
use crate::production::{can_make_any, coins_needed, outputs, reaches, takers, Workers};

/// `seat`'s own village.
pub(crate) fn own(seat: Seat) -> VillageId {
    VillageId::Player(seat)
}

fn undelivered(position: &Position, seat: Seat) -> GoodSet {
    GoodSet(!position.player(seat).delivered.0)
}

/// The kinds `seat` may build now and pay for with `coins` besides what `workers` make: on display,
/// not yet in its village, with a free cell left (rulings 7, 14).
fn affordable_buildings<'a>(
    position: &'a Position,
    seat: Seat,
    workers: &'a Workers,
    coins: u8,
) -> impl Iterator<Item = BuildingKind> + 'a {
    let village = position.village(own(seat));
    let room = village.free_cells().next().is_some();
    let built = village.kinds();
    BuildingKind::ALL.into_iter().filter(move |&kind| {
        room && position.displayed(kind) > 0
            && built & kind.bit() == 0
            && coins_needed(kind.cost(), None, workers) <= coins
    })
}

fn can_build(position: &Position, seat: Seat, workers: &Workers, coins: u8) -> bool {
    affordable_buildings(position, seat, workers, coins)
        .next()
        .is_some()
}

/// The villager alone on `building` if `seat` may marry them: nobody of `seat`'s own colour.
fn lone_partner(building: &Building, seat: Seat) -> Option<&Villager> {
    match building.villagers.as_slice() {
        [single] if single.owner != own(seat) => Some(single),
        _ => None,
    }
}

fn marriage_targets(
    position: &Position,
    seat: Seat,
    sex: Sex,
) -> impl Iterator<Item = (VillageId, Cell)> + '_ {
    position
        .village_ids()
        .filter(move |&id| id != own(seat))
        .flat_map(move |id| {
            position
                .village(id)
                .buildings()
                .filter(move |(_, building)| {
                    lone_partner(building, seat).is_some_and(|v| v.sex == sex.opposite())
                })
                .map(move |(cell, _)| (id, cell))
        })
}

fn unattached(position: &Position, seat: Seat, from: Unattached, sex: Sex) -> u8 {
    match from {
        Unattached::Centre => position.village(own(seat)).centre_villagers[sex.index()],
        Unattached::School => position.player(seat).school[sex.index()],
    }
}

/// Whether `seat` has an unattached villager of `sex`, in its centre or at school.
fn has_unattached(position: &Position, seat: Seat, sex: Sex) -> bool {
    unattached(position, seat, Unattached::Centre, sex) > 0
        || unattached(position, seat, Unattached::School, sex) > 0
}

/// Whether [`marriage_targets`] holds a partner for any unattached villager of `seat`. Asked
/// for every listing of the characters, so it looks at each building once.
fn can_marry(position: &Position, seat: Seat) -> bool {
    let free = |sex: Sex| has_unattached(position, seat, sex);
    if !Sex::ALL.into_iter().any(free) {
        return false;
    }
    position
        .village_ids()
        .filter(|&id| id != own(seat))
        .any(|id| {
            position.village(id).cells.iter().flatten().any(|building| {
                lone_partner(building, seat).is_some_and(|v| free(v.sex.opposite()))
            })
        })
}

fn birth_cells<'a>(
    position: &'a Position,
    seat: Seat,
    turn: &TurnState,
) -> impl Iterator<Item = Cell> + 'a {
    let children = turn.children;
    position
        .village(own(seat))
        .buildings()
        .filter(move |(cell, b)| b.is_couple() && children & cell.bit() == 0)
        .map(|(cell, _)| cell)
}

fn can_birth(position: &Position, seat: Seat, turn: &TurnState) -> bool {
    position.player(seat).supply.iter().any(|&n| n > 0)
        && birth_cells(position, seat, turn).next().is_some()
}

/// Whether one more action of `character` can be carried out, paying with `coins` for purchases.
fn feasible(
    position: &Position,
    census: &Census,
    seat: Seat,
    turn: &TurnState,
    character: Character,
    coins: u8,
) -> bool {
    let workers = census.workers(seat);
    match character {
        Character::Builder => can_build(position, seat, workers, coins),
        Character::Trader => can_make_any(workers, undelivered(position, seat)),
        Character::NightWatchman => {
            !position.options.rules.night_watchman_must_wake() || census.anyone_asleep()
        }
        Character::Priest => can_marry(position, seat),
        Character::Midwife => can_birth(position, seat, turn),
    }
}

/// Whether a villager sleeps somewhere in `quarter` of `village`: what a Night Watchman action
/// needs (ruling 8: coins go only on a character whose function the player uses).
fn quarter_sleeps(position: &Position, village: VillageId, quarter: Quarter) -> bool {
    position
        .village(village)
        .buildings_among(quarter.cells())
        .any(|(_, b)| b.villagers.iter().any(|v| !v.awake))
}

fn neutral_actions(position: &Position, seat: Seat, list: &mut ActionList) {
    if !position.options.has_neutral() || !position.neutral_coin_available {
        return;
    }
    let neutral = position.village(VillageId::Neutral);
    for sex in Sex::ALL {
        if neutral.centre_villagers[sex.index()] == 0 {
            continue;
        }
        for (cell, building) in position.village(own(seat)).buildings() {
            if let [single] = building.villagers.as_slice() {
                if single.sex == sex.opposite() {
                    list.push(Action::NeutralPriest { sex, cell });
                }
            }
        }
    }
    if neutral.free_cells().next().is_some() {
        for kind in BuildingKind::ALL {
            if position.displayed(kind) > 0 {
                list.push(Action::NeutralBuild(kind));
            }
        }
    }
}

fn tile_usable(position: &Position, seat: Seat, character: Character) -> bool {
    let tile = position.character_tiles[character.index()];
    position.options.character_tiles && tile.holder == Some(seat) && tile.face_up
}

fn choose_actions(
    position: &Position,
    census: &Census,
    seat: Seat,
    turn: &TurnState,
    list: &mut ActionList,
) {
    let hand = position.player(seat).hand;
    let fresh = turn.regular.is_none() && turn.tile.is_none();
    if fresh && hand == 0 {
        neutral_actions(position, seat, list);
        list.push(Action::Pass);
        return;
    }
    list.extend(character_actions(position, census, seat, turn));
    if fresh {
        neutral_actions(position, seat, list);
    } else if turn.regular.is_some() || hand == 0 {
        list.push(Action::EndTurn);
    }
    if list.is_empty() {
        // Coins but nothing they can be used for (or, after a tile action, no coin action left):
        // the player must pass and is out for the round (ruling 8). Never under the original
        // rules revision: there the Night Watchman can always take a coin.
        list.push(Action::Pass);
    }
}

/// The characters `seat` can act with now: with a coin (`Begin`) or a held tile (`UseTile`).
fn character_actions<'a>(
    position: &'a Position,
    census: &'a Census,
    seat: Seat,
    turn: &'a TurnState,
) -> impl Iterator<Item = Action> + 'a {
    let hand = position.player(seat).hand;
    let coins = (!turn.closed && hand > 0).then_some(hand.saturating_sub(1));
    let begins = Character::ALL.into_iter().filter(move |&character| {
        coins.is_some_and(|coins| {
            turn.regular.is_none_or(|regular| regular == character)
                && feasible(position, census, seat, turn, character, coins)
        })
    });
    let tiles_open = turn.tile.is_none() && !turn.closed;
    let tiles = Character::ALL.into_iter().filter(move |&character| {
        tiles_open
            && tile_usable(position, seat, character)
            && feasible(position, census, seat, turn, character, hand)
    });
    begins.map(Action::Begin).chain(tiles.map(Action::UseTile))
}

/// Whether ending the turn is all that `seat`, having just finished an action, can do: the
/// [`choose_actions`] list would be exactly `[EndTurn]`. Asked after every action, so it stops
/// at the first character that can still act.
pub(crate) fn only_end_turn(
    position: &Position,
    census: &Census,
    seat: Seat,
    turn: &TurnState,
) -> bool {
    let hand = position.player(seat).hand;
    let end_offered = turn.regular.is_some() || hand == 0;
    let tile_left = turn.tile.is_none()
        && Character::ALL
            .into_iter()
            .any(|character| tile_usable(position, seat, character));
    let may_act = !turn.closed && (hand > 0 || tile_left);
    end_offered
        && (!may_act
            || character_actions(position, census, seat, turn)
                .next()
                .is_none())
}

/// Work steps: own awake villagers whose building turns `carried` into a good `accept` approves.
/// Only buildings of a kind that takes `carried` and has a worker of `seat` somewhere can offer
/// one, so the others are passed over without looking at who stands on them.
fn work_actions(
    position: &Position,
    seat: Seat,
    workers: &Workers,
    carried: Option<Good>,
    accept: impl Fn(Good, &Workers) -> bool,
    list: &mut ActionList,
) {
    let workable = takers(carried) & workers.kinds();
    if workable == 0 {
        return;
    }
    for id in position.village_ids() {
        for (cell, building) in position.village(id).buildings() {
            if workable & building.kind.bit() == 0 {
                continue;
            }
            let works = building
                .villagers
                .iter()
                .any(|v| v.owner == own(seat) && v.awake);
            if !works {
                continue;
            }
            let after = workers.without(building.kind);
            for into in outputs(building.kind, carried).iter() {
                if accept(into, &after) {
                    list.push(Action::Work {
                        village: id,
                        cell,
                        into,
                    });
                }
            }
        }
    }
}

/// The legal actions of `seat` in the turn `turn`.
pub(crate) fn actions(
    position: &Position,
    census: &Census,
    seat: Seat,
    turn: &TurnState,
    list: &mut ActionList,
) {
    let hand = position.player(seat).hand;
    let workers = census.workers(seat);
    match turn.step {
        Step::Choose => choose_actions(position, census, seat, turn, list),
        Step::SelectBuilding => {
            for kind in affordable_buildings(position, seat, workers, hand) {
                list.push(Action::Build(kind));
            }
        }
        Step::Pay {
            remaining, carried, ..
        } => {
            let goals = remaining.needed();
            match carried {
                Some(good) => {
                    if remaining.of(good) > 0 {
                        list.push(Action::Pay(good));
                    }
                }
                None => {
                    for material in goals.iter() {
                        let mut after = remaining;
                        after.pay(material);
                        if hand > 0 && coins_needed(after, None, workers) < hand {
                            list.push(Action::Buy(material));
                        }
                    }
                }
            }
            work_actions(
                position,
                seat,
                workers,
                carried,
                |into, workers| {
                    reaches(into, workers, goals)
                        && coins_needed(remaining, Some(into), workers) <= hand
                },
                list,
            );
        }
        Step::Place { village, .. } => {
            for cell in position.village(village).free_cells() {
                list.push(Action::Place(cell));
            }
        }
        Step::MoveIn { village, .. } => {
            for sex in Sex::ALL {
                if position.village(village).centre_villagers[sex.index()] > 0 {
                    list.push(Action::MoveIn(sex));
                }
            }
        }
        Step::Deliver { carried } => {
            let goals = undelivered(position, seat);
            if let Some(good) = carried.filter(|&good| goals.contains(good)) {
                list.push(Action::Deliver(good));
            }
            work_actions(
                position,
                seat,
                workers,
                carried,
                |into, workers| reaches(into, workers, goals),
                list,
            );
        }
        Step::Wake => {
            let must_wake = position.options.rules.night_watchman_must_wake();
            for village in position.village_ids() {
                for quarter in Quarter::ALL {
                    if !must_wake || quarter_sleeps(position, village, quarter) {
                        list.push(Action::Wake { village, quarter });
                    }
                }
            }
        }
        Step::Marry => {
            for from in [Unattached::Centre, Unattached::School] {
                for sex in Sex::ALL {
                    if unattached(position, seat, from, sex) == 0 {
                        continue;
                    }
                    for (village, cell) in marriage_targets(position, seat, sex) {
                        list.push(Action::Marry {
                            from,
                            sex,
                            village,
                            cell,
                        });
                    }
                }
            }
        }
        Step::Dowry { village } => {
            for (colour, &coins) in position.village(village).centre_coins.iter().enumerate() {
                if coins > 0 {
                    list.push(Action::TakeDowry(Seat(colour as u8)));
                }
            }
        }
        Step::Birth => {
            for cell in birth_cells(position, seat, turn) {
                for sex in Sex::ALL {
                    if position.player(seat).supply[sex.index()] > 0 {
                        list.push(Action::Birth { cell, sex });
                    }
                }
            }
        }
    }
}

/// Whether `seat` gets a turn: not passed this round (ruling 8), and coins in hand or a neutral
/// action to take (ruling 25). A player with neither is passed over.
pub(crate) fn has_turn(position: &Position, seat: Seat) -> bool {
    let player = position.player(seat);
    if player.passed {
        return false;
    }
    if player.hand > 0 {
        return true;
    }
    let mut list = ActionList::new();
    neutral_actions(position, seat, &mut list);
    !list.is_empty()
}

/// Whether a marriage of `seat` could bring back a dowry coin of its own colour: an unattached
/// villager and a partner in another village whose centre holds such a coin (ruling 10).
pub(crate) fn own_dowry_within_reach(position: &Position, seat: Seat) -> bool {
    Sex::ALL.into_iter().any(|sex| {
        has_unattached(position, seat, sex)
            && marriage_targets(position, seat, sex)
                .any(|(village, _)| position.village(village).centre_coins[seat.index()] > 0)
    })
}

/// Whether `seat` could marry into `village` for a dowry coin of its own colour once a building
/// there held a single villager of either sex: a coin of its colour in that centre and an
/// unattached villager (ruling 10).
pub(crate) fn own_dowry_from_a_new_building(
    position: &Position,
    seat: Seat,
    village: VillageId,
) -> bool {
    position.village(village).centre_coins[seat.index()] > 0
        && Sex::ALL
            .into_iter()
            .any(|sex| has_unattached(position, seat, sex))
}
