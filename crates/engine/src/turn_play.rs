//! Playing a turn's actions: what each step changes, where the action goes next, and when the
//! action and then the turn are over (rulings 7–18). Apart from listing the legal actions
//! ([`crate::turn_actions`]) because the end of a round sits between the two: it asks the list
//! whether a player still has a turn, and a turn's end hands over to it.

use crate::action::{Action, Unattached};
use crate::census::Census;
use crate::geometry::Cell;
use crate::good::{Branch, Good};
use crate::people::{Character, Seat, Sex, VillageId, Villager};
use crate::position::{ActionSource, Building, Phase, Position, Step, TurnState};
use crate::round;
use crate::turn_actions::{only_end_turn, own};

fn first_step(character: Character) -> Step {
    match character {
        Character::Builder => Step::SelectBuilding,
        Character::Trader => Step::Deliver { carried: None },
        Character::NightWatchman => Step::Wake,
        Character::Priest => Step::Marry,
        Character::Midwife => Step::Birth,
    }
}

fn building_mut(position: &mut Position, village: VillageId, cell: Cell) -> &mut Building {
    position.village_mut(village).cells[cell.index()]
        .as_mut()
        .expect("legal actions name buildings")
}

fn set_turn(position: &mut Position, seat: Seat, turn: TurnState) {
    position.phase = Phase::Turn { seat, turn };
}

/// What is left to do after a step: whether an action finished, so that the turn may be over.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepOutcome {
    /// Nothing: the turn goes on, or it has ended.
    Settled,
    /// An action finished and its player may have nothing left but to end the turn. Whether
    /// they do depends on the villager counts, which a game updates only after the step, so the
    /// caller asks [`end_if_nothing_left`] with the counts of the position after it.
    ActionFinished,
}

/// Ends the turn in progress if ending it is all its player can do (see [`StepOutcome`]).
/// `census` counts the villagers of `position`.
pub(crate) fn end_if_nothing_left(position: &mut Position, census: &Census) {
    if let Phase::Turn { seat, turn } = position.phase {
        if only_end_turn(position, census, seat, &turn) {
            end_turn(position, seat);
        }
    }
}

/// Plays a legal action of the turn in progress.
pub(crate) fn apply(
    position: &mut Position,
    seat: Seat,
    mut turn: TurnState,
    action: Action,
) -> StepOutcome {
    match action {
        Action::Begin(character) => {
            let player = position.player_mut(seat);
            player.hand -= 1;
            player.on_characters[character.index()] += 1;
            turn.regular = Some(character);
            turn.regular_actions += 1;
            turn.source = Some(ActionSource::Regular);
            turn.step = first_step(character);
        }
        Action::UseTile(character) => {
            position.character_tiles[character.index()].face_up = false;
            turn.tile = Some(character);
            turn.closed = turn.regular.is_some_and(|regular| regular != character);
            turn.source = Some(ActionSource::Tile);
            turn.step = first_step(character);
        }
        Action::EndTurn => {
            end_turn(position, seat);
            return StepOutcome::Settled;
        }
        Action::Pass => {
            // Under the original rules a pass ended only the turn.
            position.player_mut(seat).passed = position.options.rules.pass_lasts_the_round();
            end_turn(position, seat);
            return StepOutcome::Settled;
        }
        Action::NeutralPriest { sex, cell } => {
            position.neutral_coin_available = false;
            position.village_mut(VillageId::Neutral).centre_villagers[sex.index()] -= 1;
            let villager = Villager {
                owner: VillageId::Neutral,
                sex,
                awake: true,
            };
            building_mut(position, own(seat), cell)
                .villagers
                .push(villager);
            end_turn(position, seat);
            return StepOutcome::Settled;
        }
        Action::NeutralBuild(kind) => {
            position.neutral_coin_available = false;
            turn.source = Some(ActionSource::Neutral);
            turn.step = Step::Place {
                kind,
                village: VillageId::Neutral,
            };
        }
        Action::Build(kind) => {
            turn.step = Step::Pay {
                kind,
                remaining: kind.cost(),
                carried: None,
            };
        }
        Action::Work {
            village,
            cell,
            into,
        } => {
            let building = building_mut(position, village, cell);
            let worker = building
                .villagers
                .iter_mut()
                .find(|v| v.owner == own(seat) && v.awake)
                .expect("legal work has an awake own villager");
            worker.awake = false;
            turn.step = match turn.step {
                Step::Pay {
                    kind, remaining, ..
                } => Step::Pay {
                    kind,
                    remaining,
                    carried: Some(into),
                },
                _ => Step::Deliver {
                    carried: Some(into),
                },
            };
        }
        Action::Buy(material) | Action::Pay(material) => {
            let Step::Pay {
                kind,
                mut remaining,
                carried,
            } = turn.step
            else {
                unreachable!()
            };
            remaining.pay(material);
            let mut carried = carried;
            if matches!(action, Action::Buy(_)) {
                let player = position.player_mut(seat);
                player.hand -= 1;
                player.on_characters[Character::Builder.index()] += 1;
            } else {
                carried = None;
            }
            turn.step = if remaining.total() == 0 {
                Step::Place {
                    kind,
                    village: own(seat),
                }
            } else {
                Step::Pay {
                    kind,
                    remaining,
                    carried,
                }
            };
        }
        Action::Place(cell) => {
            let Step::Place { kind, village } = turn.step else {
                unreachable!()
            };
            position.display[kind.index()] -= 1;
            position.village_mut(village).cells[cell.index()] = Some(Building::new(kind));
            let centre = position.village(village).centre_villagers;
            if kind.is_workplace() && centre.iter().any(|&n| n > 0) {
                if centre.iter().all(|&n| n > 0) {
                    turn.step = Step::MoveIn { village, cell };
                } else {
                    let sex = if centre[0] > 0 {
                        Sex::Female
                    } else {
                        Sex::Male
                    };
                    move_in(position, village, cell, sex);
                    return finish_action(position, seat, turn);
                }
            } else {
                return finish_action(position, seat, turn);
            }
        }
        Action::MoveIn(sex) => {
            let Step::MoveIn { village, cell } = turn.step else {
                unreachable!()
            };
            move_in(position, village, cell, sex);
            return finish_action(position, seat, turn);
        }
        Action::Deliver(good) => {
            deliver(position, seat, good);
            return finish_action(position, seat, turn);
        }
        Action::Wake { village, quarter } => {
            let village = position.village_mut(village);
            for building in village.buildings_among_mut(quarter.cells()) {
                for villager in &mut building.villagers {
                    villager.awake = true;
                }
            }
            return finish_action(position, seat, turn);
        }
        Action::Marry {
            from,
            sex,
            village,
            cell,
        } => {
            match from {
                Unattached::Centre => {
                    position.village_mut(own(seat)).centre_villagers[sex.index()] -= 1
                }
                Unattached::School => position.player_mut(seat).school[sex.index()] -= 1,
            }
            let villager = Villager {
                owner: own(seat),
                sex,
                awake: true,
            };
            building_mut(position, village, cell)
                .villagers
                .push(villager);
            let coins = position.village(village).centre_coins;
            let colours = coins.iter().filter(|&&n| n > 0).count();
            match colours {
                0 => return finish_action(position, seat, turn),
                1 => {
                    let colour = coins.iter().position(|&n| n > 0).unwrap_or_default();
                    take_dowry(position, seat, village, Seat(colour as u8));
                    return finish_action(position, seat, turn);
                }
                _ => turn.step = Step::Dowry { village },
            }
        }
        Action::TakeDowry(colour) => {
            let Step::Dowry { village } = turn.step else {
                unreachable!()
            };
            take_dowry(position, seat, village, colour);
            return finish_action(position, seat, turn);
        }
        Action::Birth { cell, sex } => {
            position.player_mut(seat).supply[sex.index()] -= 1;
            building_mut(position, own(seat), cell).newborns[sex.index()] += 1;
            turn.children |= cell.bit();
            return finish_action(position, seat, turn);
        }
        _ => unreachable!("not a turn action: {action:?}"),
    }
    set_turn(position, seat, turn);
    StepOutcome::Settled
}

fn move_in(position: &mut Position, village: VillageId, cell: Cell, sex: Sex) {
    position.village_mut(village).centre_villagers[sex.index()] -= 1;
    building_mut(position, village, cell)
        .villagers
        .push(Villager {
            owner: village,
            sex,
            awake: true,
        });
}

/// A dowry coin of the player's own colour returns to hand from the next turn on; another colour
/// goes into the player's own centre (ruling 10).
fn take_dowry(position: &mut Position, seat: Seat, village: VillageId, colour: Seat) {
    position.village_mut(village).centre_coins[colour.index()] -= 1;
    if colour == seat {
        position.player_mut(seat).arriving += 1;
    } else {
        position.village_mut(own(seat)).centre_coins[colour.index()] += 1;
    }
}

/// Delivers `good`: a cube on the market, and the good and branch tiles to the first (ruling 15).
fn deliver(position: &mut Position, seat: Seat, good: Good) {
    position.player_mut(seat).delivered.insert(good);
    if let Some(index) = good.good_tile_index() {
        position.good_tiles[index].get_or_insert(seat);
    }
    let delivered = position.player(seat).delivered;
    for branch in Branch::ALL {
        if delivered.contains_all(branch.goods()) {
            position.branch_tiles[branch.index()].get_or_insert(seat);
        }
    }
}

fn finish_action(position: &mut Position, seat: Seat, mut turn: TurnState) -> StepOutcome {
    round::award_village_tiles(position, seat);
    let neutral = turn.source == Some(ActionSource::Neutral);
    turn.source = None;
    turn.step = Step::Choose;
    if neutral {
        end_turn(position, seat);
        return StepOutcome::Settled;
    }
    set_turn(position, seat, turn);
    StepOutcome::ActionFinished
}

fn end_turn(position: &mut Position, seat: Seat) {
    let player = position.player_mut(seat);
    player.hand += player.arriving;
    player.arriving = 0;
    round::after_turn(position, seat);
}
