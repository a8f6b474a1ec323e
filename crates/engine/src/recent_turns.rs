//! What the others did since the viewer last acted: the pieces each other player's last turn
//! changed, so that the table can show them until the viewer's next action.
//!
//! Everything comes from views, compared before and after each action (as the story compares
//! them), so nothing hidden is used. A turn here is a run of consecutive actions by one seat
//! (a turn of the round, or a decision of the setup). Each viewer sees the last turn of every
//! other seat played after their own last action; a spectator sees the last turn of the player
//! who moved before the one to move now.

use crate::{Character, Good, Seat, View, CELLS};

/// One piece of the table an action changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// A village cell: its building and the villagers in it.
    Cell {
        /// The village, by index.
        village: u8,
        /// The cell, by index.
        cell: u8,
    },
    /// A village centre: its villagers and dowry coins.
    Centre {
        /// The village, by index.
        village: u8,
    },
    /// A seat's coins on a character.
    Coins {
        /// The character, by index.
        character: u8,
        /// Whose coins.
        seat: u8,
    },
    /// A seat's delivery cube on a good of the market.
    Cube {
        /// The good, by index.
        good: u8,
        /// Whose cube.
        seat: u8,
    },
}

/// The pieces that differ between `before` and `after`.
pub fn marks_of(before: &View, after: &View) -> Vec<Mark> {
    let (was, now) = (&before.position, &after.position);
    let mut marks = Vec::new();
    for id in now.village_ids() {
        let (old, new) = (was.village(id), now.village(id));
        let village = id.index() as u8;
        marks.extend(
            (0..CELLS)
                .filter(|&cell| old.cells[cell] != new.cells[cell])
                .map(|cell| Mark::Cell {
                    village,
                    cell: cell as u8,
                }),
        );
        if old.centre_villagers != new.centre_villagers || old.centre_coins != new.centre_coins {
            marks.push(Mark::Centre { village });
        }
    }
    for seat in now.options.seats() {
        let (old, new) = (was.player(seat), now.player(seat));
        for character in Character::ALL {
            let i = character.index();
            if new.on_characters[i] > old.on_characters[i] {
                marks.push(Mark::Coins {
                    character: i as u8,
                    seat: seat.0,
                });
            }
        }
        for good in Good::ALL {
            if new.delivered.contains(good) && !old.delivered.contains(good) {
                marks.push(Mark::Cube {
                    good: good.index() as u8,
                    seat: seat.0,
                });
            }
        }
    }
    marks
}

/// One seat's last turn, as some viewers see it highlighted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecentTurn {
    /// Who played it.
    pub seat: Seat,
    /// The pieces it changed, sorted, each once.
    pub marks: Vec<Mark>,
    /// The seats whose viewers see it.
    pub seen_by: Vec<Seat>,
    /// Whether spectators see it.
    pub spectators: bool,
}

/// The turns to highlight, for every viewer of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecentTurns {
    /// The turns, oldest first.
    pub turns: Vec<RecentTurn>,
}

impl RecentTurns {
    /// Nothing to highlight (a replay, a game not started).
    pub const NONE: RecentTurns = RecentTurns { turns: Vec::new() };
}

/// Where the actions that can still be highlighted begin, given the seat of each action in
/// order: the start of the earliest of the seats' last runs of actions. Only a seat's last run
/// is ever highlighted, so [`recent_turns`] of the actions from here on is the same as of them
/// all, and a long game's snapshot need not read its whole history.
pub fn recent_from<I>(seats: I, players: u8) -> usize
where
    I: DoubleEndedIterator<Item = Seat> + ExactSizeIterator,
{
    let every_seat = (1u8 << players) - 1;
    let (mut start, mut found, mut run) = (seats.len(), 0u8, None);
    for seat in seats.rev() {
        if found == every_seat && run != Some(seat) {
            break;
        }
        found |= 1 << seat.0;
        run = Some(seat);
        start -= 1;
    }
    start
}

/// The turns to highlight after `actions` (each action's seat and the pieces it changed, in
/// order), with `to_move` deciding now and `players` seats.
pub fn recent_turns(
    actions: &[(Seat, &[Mark])],
    to_move: Option<Seat>,
    players: u8,
) -> RecentTurns {
    // Runs of consecutive actions by one seat: (seat, first, end).
    let mut runs: Vec<(Seat, usize, usize)> = Vec::new();
    for (i, (seat, _)) in actions.iter().enumerate() {
        match runs.last_mut() {
            Some((last, _, end)) if last == seat => *end = i + 1,
            _ => runs.push((*seat, i, i + 1)),
        }
    }
    let mut seen: Vec<(usize, Vec<Seat>, bool)> = Vec::new();
    let mut show = |run: usize, viewer: Option<Seat>| {
        let slot = match seen.iter().position(|(r, ..)| *r == run) {
            Some(slot) => slot,
            None => {
                seen.push((run, Vec::new(), false));
                seen.len() - 1
            }
        };
        match viewer {
            Some(seat) => seen[slot].1.push(seat),
            None => seen[slot].2 = true,
        }
    };
    for viewer in (0..players).map(Seat) {
        let own_last = runs.iter().rposition(|(seat, ..)| *seat == viewer);
        let after = own_last.map_or(0, |r| r + 1);
        for other in (0..players).map(Seat).filter(|&s| s != viewer) {
            if let Some(r) = (after..runs.len()).rev().find(|&r| runs[r].0 == other) {
                show(r, Some(viewer));
            }
        }
    }
    if let Some(r) = runs.iter().rposition(|(seat, ..)| Some(*seat) != to_move) {
        show(r, None);
    }
    seen.sort_by_key(|(run, ..)| *run);
    RecentTurns {
        turns: seen
            .into_iter()
            .map(|(run, seen_by, spectators)| {
                let (seat, first, end) = runs[run];
                let mut marks: Vec<Mark> = actions[first..end]
                    .iter()
                    .flat_map(|(_, marks)| marks.iter().copied())
                    .collect();
                marks.sort_unstable();
                marks.dedup();
                RecentTurn {
                    seat,
                    marks,
                    seen_by,
                    spectators,
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turns_from_where_the_last_runs_begin_are_the_turns_of_the_whole_game() {
        // Every sequence of seats of up to eight actions at two to four players, each action
        // marking a piece of its own, with every seat (or none) deciding now.
        let mark = |i: usize| Mark::Centre { village: i as u8 };
        for players in 2..=4u8 {
            for len in 0..=8u32 {
                for code in 0..u32::from(players).pow(len) {
                    let seats: Vec<Seat> = (0..len)
                        .map(|i| {
                            Seat((code / u32::from(players).pow(i) % u32::from(players)) as u8)
                        })
                        .collect();
                    let marks: Vec<[Mark; 1]> = (0..seats.len()).map(|i| [mark(i)]).collect();
                    let actions: Vec<(Seat, &[Mark])> = seats
                        .iter()
                        .zip(&marks)
                        .map(|(seat, marks)| (*seat, marks.as_slice()))
                        .collect();
                    let from = recent_from(seats.iter().copied(), players);
                    for to_move in (0..players).map(Some).chain([None]) {
                        let to_move = to_move.map(Seat);
                        assert_eq!(
                            recent_turns(&actions[from..], to_move, players),
                            recent_turns(&actions, to_move, players),
                            "seats {seats:?}, from {from}, {to_move:?} to move"
                        );
                    }
                }
            }
        }
    }
    use crate::{Game, GameOptions};

    const CELL: Mark = Mark::Cell {
        village: 0,
        cell: 1,
    };
    const CENTRE: Mark = Mark::Centre { village: 1 };
    const COINS: Mark = Mark::Coins {
        character: 2,
        seat: 2,
    };

    #[test]
    fn each_viewer_sees_the_others_last_turns_since_their_own_last_action() {
        let (a, b, c) = (Seat(0), Seat(1), Seat(2));
        let actions: Vec<(Seat, &[Mark])> = vec![
            (b, &[CENTRE]),
            (a, &[]),
            (b, &[CELL]),
            (b, &[CENTRE]),
            (c, &[COINS]),
        ];
        let recent = recent_turns(&actions, Some(a), 3);
        let [bruno, carla] = recent.turns.as_slice() else {
            panic!("two turns: {recent:?}");
        };
        assert_eq!(bruno.seat, b);
        assert_eq!(
            bruno.marks,
            vec![CELL, CENTRE],
            "both actions of the turn, sorted"
        );
        assert_eq!(bruno.seen_by, vec![a], "only Anna has not acted since");
        assert!(!bruno.spectators);
        assert_eq!(carla.seat, c);
        assert_eq!(carla.seen_by, vec![a, b]);
        assert!(
            carla.spectators,
            "spectators see the turn before the one to move"
        );
        // Anna acts: her highlight is gone, Bruno and Carla still see what the others did.
        let mut more = actions.clone();
        more.push((a, &[]));
        let after = recent_turns(&more, Some(b), 3);
        assert!(after.turns.iter().all(|t| !t.seen_by.contains(&a)));
        assert!(after.turns.iter().any(|t| t.seat == a && t.spectators));
    }

    #[test]
    fn the_marks_of_a_game_are_the_pieces_that_changed() {
        let mut game = Game::new(GameOptions::for_players(3), 5);
        let (mut cells, mut coins) = (0, 0);
        while !game.is_over() && game.position().round < 5 {
            let before = game.view();
            let legal = game.legal_actions();
            game.play(legal[legal.len() / 2]).expect("legal");
            for mark in marks_of(&before, &game.view()) {
                match mark {
                    Mark::Cell { .. } => cells += 1,
                    Mark::Coins { .. } => coins += 1,
                    Mark::Cube { .. } | Mark::Centre { .. } => {}
                }
            }
            assert!(marks_of(&game.view(), &game.view()).is_empty());
        }
        assert!(cells > 0 && coins > 0, "{cells} cells, {coins} coins");
    }
}
