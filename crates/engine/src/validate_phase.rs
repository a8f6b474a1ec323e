//! Checking where a position stands: its phase, whose decision it is, and the counters of the
//! turn in progress against what that turn's own actions can have made of them. Apart from the
//! checks of what lies on the table (villages, villagers, coins, tiles), which never look at
//! the turn.

use crate::geometry::{Cell, CELLS};
use crate::people::{Character, Seat, VillageId};
use crate::position::{ActionSource, Phase, Position, Step, TurnState};
use crate::position_error::Report;

/// Where the position stands: whose decision it is, and the step of the turn in progress.
pub(crate) fn check_phase(
    position: &Position,
    report: &mut Report,
    seat_ok: &dyn Fn(Seat) -> bool,
) {
    let turns = matches!(position.phase, Phase::Turn { .. });
    for seat in position.options.seats() {
        if position.player(seat).passed && !turns {
            report.error(
                format!("players[{}]", seat.0),
                "passed outside the turns of a round (passing lasts until the round ends)",
            );
        } else if position.player(seat).passed && !position.options.rules.pass_lasts_the_round() {
            report.error(
                format!("players[{}]", seat.0),
                "passed under the original rules revision, where a pass ends only the turn",
            );
        }
    }
    match position.phase {
        Phase::Draft { pick, repick }
            if pick >= 3 * position.options.players || repick.is_some_and(|s| !seat_ok(s)) =>
        {
            report.error("phase", "draft pick out of range");
        }
        Phase::PlaceNeutral { placed } if placed >= 4 || !position.options.has_neutral() => report
            .error(
                "phase",
                "neutral placement only with two players, 4 buildings",
            ),
        Phase::PlaceStart { seat }
        | Phase::SchoolReturn { seat }
        | Phase::PlacePair { seat, .. }
            if !seat_ok(seat) =>
        {
            report.error("phase", "no such seat")
        }
        Phase::PlacePair { pair, .. } if !(1..=3).contains(&pair) => {
            report.error("phase", "pairs are 1, 2 and 3")
        }
        Phase::Turn { seat, turn } => {
            if !seat_ok(seat) {
                report.error("phase", "no such seat");
            } else if position.player(seat).passed {
                report.error(
                    "phase",
                    "a player who has passed has no turn until the round ends",
                );
            }
            match turn.step {
                Step::SelectBuilding | Step::Pay { .. } | Step::Place { .. }
                    if position.display.iter().all(|&n| n == 0) =>
                {
                    report.error("phase", "building with nothing on display")
                }
                Step::Pay { kind, .. } | Step::Place { kind, .. }
                    if position.displayed(kind) == 0 =>
                {
                    report.error(
                        "phase",
                        format!("building {} which is not on display", kind.german()),
                    )
                }
                _ => {}
            }
            if let Step::MoveIn { village, cell } = turn.step {
                // Only a workplace just built waits for its first villager, and only when the
                // centre has both sexes (otherwise the one sex moves in at once).
                let in_play = position.village_ids().any(|id| id == village);
                let waiting = in_play
                    && position
                        .village(village)
                        .centre_villagers
                        .iter()
                        .all(|&n| n > 0)
                    && position.village(village).cells[cell.index()]
                        .is_some_and(|b| b.kind.is_workplace() && b.villagers.is_empty());
                if !waiting {
                    report.error(
                        "phase",
                        "moving in needs a new empty workplace and both sexes in the centre",
                    );
                }
            }
            // Each regular action put a coin on the regular character, and coins stay there
            // until the round ends.
            let placed = |regular: Character| position.player(seat).on_characters[regular.index()];
            let placed = if seat_ok(seat) {
                turn.regular.map_or(0, placed)
            } else {
                u8::MAX
            };
            if turn.regular_actions > placed {
                report.error(
                    "phase",
                    format!(
                        "{} regular actions but {placed} coins on their character",
                        turn.regular_actions
                    ),
                );
            }
            if turn.source.is_none() && turn.step != Step::Choose {
                report.error("phase", "a step of an action with no action in progress");
            }
            if seat_ok(seat) {
                check_turn(position, seat, &turn, report);
            }
            if let Step::Pay {
                kind, remaining, ..
            } = turn.step
            {
                let cost = kind.cost();
                if remaining.wood > cost.wood
                    || remaining.brick > cost.brick
                    || remaining.stone > cost.stone
                {
                    report.error("phase", format!("more owed than {} costs", kind.german()));
                }
            }
        }
        _ => {}
    }
}

/// The counters of a turn against what the turn's own actions can have made of them: the
/// character tile in use, the action in progress, the village it works in, the children born.
fn check_turn(position: &Position, seat: Seat, turn: &TurnState, report: &mut Report) {
    if let Some(character) = turn.tile {
        let tile = position.character_tiles[character.index()];
        // Tiles change hands only at the end of a round, and a used tile lies face down.
        if tile.holder != Some(seat) || tile.face_up {
            report.error(
                "phase",
                format!(
                    "the {} tile used this turn must be the player's and face down",
                    character.german()
                ),
            );
        }
    }
    if turn.closed && turn.tile.is_none() {
        report.error("phase", "a turn closed by a tile without a tile used");
    }
    let source_ok = match turn.source {
        None => true,
        Some(ActionSource::Regular) => turn.regular.is_some() && turn.regular_actions > 0,
        Some(ActionSource::Tile) => turn.tile.is_some(),
        Some(ActionSource::Neutral) => {
            position.options.has_neutral() && !position.neutral_coin_available
        }
    };
    if let (false, Some(source)) = (source_ok, turn.source) {
        report.error(
            "phase",
            format!("an action in progress from {source:?} that this turn has not begun"),
        );
    }
    let own = VillageId::Player(seat);
    let village_ok = match turn.step {
        // A building goes into the own village, or the neutral one for the neutral coin.
        Step::Place { village, .. } => {
            village == own || (village == VillageId::Neutral && position.options.has_neutral())
        }
        // A dowry is taken from another village in play.
        Step::Dowry { village } => village != own && position.village_ids().any(|id| id == village),
        _ => true,
    };
    if !village_ok {
        report.error("phase", "the step works in a village it cannot reach");
    }
    if turn.children >> CELLS != 0 {
        report.error(
            "phase",
            format!(
                "children {:#x} names cells past the {CELLS} of a village",
                turn.children
            ),
        );
        return;
    }
    for cell in Cell::all().filter(|cell| turn.children & cell.bit() != 0) {
        // A child born this turn lies with its parents until the round ends.
        let born_here = position.village(own).cells[cell.index()]
            .is_some_and(|b| b.is_couple() && b.newborns.iter().any(|&n| n > 0));
        if !born_here {
            report.error(
                "phase",
                format!("a child born this turn at {cell}, where no newborn lies"),
            );
        }
    }
}
