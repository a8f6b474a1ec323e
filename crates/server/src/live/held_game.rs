//! A game as this node holds it: the domain's state, and its story in words in the languages
//! someone reads it in. A committed change is applied here, so that the story follows every
//! change of the state's history; everything else reads and changes the state through it.

use std::ops::{Deref, DerefMut};

use helvetia_web::{Lang, StoryLine};

use super::story_book::{decision_line, StoryBook};
use crate::domain::game_state::{Change, GameState};
use crate::names::seat_names;

/// The state of a held game and its story.
pub struct HeldGame {
    state: GameState,
    story: StoryBook,
}

impl HeldGame {
    /// Holds `state`, read in no language yet.
    pub fn new(state: GameState) -> HeldGame {
        HeldGame {
            state,
            story: StoryBook::default(),
        }
    }

    /// Replaces the state by `state` (the database's, read again), its story written out
    /// again in the languages read so far.
    pub fn replace(&mut self, state: GameState) {
        let read = self.story.languages();
        *self = HeldGame::new(state);
        for lang in read {
            self.read_in(lang);
        }
    }

    /// Applies a change the database has committed, to the state and its story.
    pub fn apply(&mut self, change: Change) {
        let applied = self.state.apply(change);
        let (seats, options) = (&self.state.seats, self.state.options);
        self.story
            .follow(&applied, self.state.public_view(), |lang| {
                seat_names(seats, options, lang)
            });
    }

    /// The names shown for the seats, in `lang` (bots are named by their level).
    pub fn seat_names(&self, lang: Lang) -> Vec<String> {
        seat_names(&self.state.seats, self.state.options, lang)
    }

    /// The log in words, one line per action (the decision), actions `from..to`, in `lang`.
    pub fn log_lines(&mut self, lang: Lang, from: usize, to: usize) -> Vec<String> {
        let names = self.seat_names(lang);
        let story = self.story_by_action(lang);
        story[from.min(story.len())..to.min(story.len())]
            .iter()
            .map(|lines| decision_line(&names, lines))
            .collect()
    }

    /// The story of the first `to` actions in `lang`: every decision and what followed.
    pub fn story(&mut self, lang: Lang, to: usize) -> Vec<StoryLine> {
        let story = self.story_by_action(lang);
        story[..to.min(story.len())]
            .iter()
            .flatten()
            .cloned()
            .collect()
    }

    fn story_by_action(&mut self, lang: Lang) -> &[Vec<StoryLine>] {
        let names = self.seat_names(lang);
        let start = (self.state.options, self.state.seed_for_storage());
        let actions = self.state.history().iter().map(|entry| entry.action);
        self.story.lines(lang, start, actions, &names)
    }

    /// Writes the log out in `lang` if nobody asked for it before, and keeps what each action
    /// changed for the table's highlights; tells whether it wrote the log out.
    pub fn read_in(&mut self, lang: Lang) -> bool {
        self.state.keep_marks();
        if self.story.has(lang) {
            return false;
        }
        self.log_lines(lang, 0, 0);
        true
    }

    /// The story book (for snapshots).
    pub fn story_book(&self) -> &StoryBook {
        &self.story
    }
}

impl Deref for HeldGame {
    type Target = GameState;
    fn deref(&self) -> &GameState {
        &self.state
    }
}

impl DerefMut for HeldGame {
    fn deref_mut(&mut self) -> &mut GameState {
        &mut self.state
    }
}
