//! What each action changed on the table, kept so that the table can highlight the others'
//! recent turns. Kept only once someone reads the game at a table: it is worked out then by
//! replaying the game, and grows with each change after.

use helvetia_engine::{marks_of, recent_from, recent_turns, Game, Mark, RecentTurns, Seat};

use super::GameState;
use crate::seats::GameStatus;

impl GameState {
    /// Keeps what each action changed from now on, worked out for the actions so far; tells
    /// whether it was not kept before.
    pub fn keep_marks(&mut self) -> bool {
        if self.marks.is_some() {
            return false;
        }
        let mut game = Game::new(self.options, self.seed);
        let mut before = game.view();
        let mut marks = Vec::with_capacity(self.history.len());
        for entry in &self.history {
            game.play_unchecked(entry.action);
            let after = game.view();
            marks.push(marks_of(&before, &after));
            before = after;
        }
        self.marks = Some(marks);
        true
    }

    /// The others' last turns each viewer sees highlighted, from what each action changed;
    /// none until someone reads the game at a table ([`GameState::keep_marks`]).
    pub fn recent_turns(&self) -> RecentTurns {
        let Some(marks) = &self.marks else {
            return RecentTurns::NONE;
        };
        if self.status != GameStatus::Running {
            return RecentTurns::NONE;
        }
        let players = self.options.players;
        let from = recent_from(self.history.iter().map(|entry| entry.seat), players);
        let actions: Vec<(Seat, &[Mark])> = self.history[from..]
            .iter()
            .zip(&marks[from..])
            .map(|(entry, marks)| (entry.seat, marks.as_slice()))
            .collect();
        recent_turns(&actions, self.to_move(), players)
    }
}
