//! The story in words, kept only in the languages someone reads it in: a language is written
//! out (by replaying the game) the first time it is asked for, and then grows with each action.
//! Each action keeps its own lines (the decision, then what followed from it), so an undo takes
//! them all back.

use std::sync::Arc;

use helvetia_engine::{Action, Game, GameOptions, View};

use crate::render::{story_lines, Lang, StoryLine};

/// The story's lines by action, in the languages asked for so far.
#[derive(Default)]
pub struct LogBook {
    languages: Vec<(Lang, Vec<Vec<StoryLine>>)>,
}

impl LogBook {
    /// Whether `lang` is written out.
    pub fn has(&self, lang: Lang) -> bool {
        self.languages.iter().any(|(l, _)| *l == lang)
    }

    /// The lines of each action in `lang`, written out first if needed by replaying `actions`
    /// from the start.
    pub fn lines(
        &mut self,
        lang: Lang,
        start: (GameOptions, u64),
        actions: impl Iterator<Item = Action>,
        names: &[String],
    ) -> &[Vec<StoryLine>] {
        let slot = match self.languages.iter().position(|(l, _)| *l == lang) {
            Some(slot) => slot,
            None => {
                let mut game = Game::new(start.0, start.1);
                let mut story = Vec::new();
                let mut before = game.view();
                for action in actions {
                    game.play_unchecked(action);
                    let after = game.view();
                    story.push(story_lines(lang, names, &before, &action, &after));
                    before = after;
                }
                self.languages.push((lang, story));
                self.languages.len() - 1
            }
        };
        &self.languages[slot].1
    }

    /// Adds the lines of `action`, played on `before` and leading to `after`, in every language
    /// written out.
    pub fn record(&mut self, names: &[String], before: &View, action: &Action, after: &View) {
        for (lang, story) in &mut self.languages {
            story.push(story_lines(*lang, names, before, action, after));
        }
    }

    /// Removes the last action's lines in every language.
    pub fn pop(&mut self) {
        for (_, story) in &mut self.languages {
            story.pop();
        }
    }

    /// The whole story in every language written out.
    pub fn stories(&self) -> Vec<(Lang, Arc<[StoryLine]>)> {
        self.languages
            .iter()
            .map(|(lang, story)| (*lang, story.iter().flatten().cloned().collect()))
            .collect()
    }
}

/// An action's decision as one line, `"Anna: build Butcher"` (the JSON log).
pub fn decision_line(names: &[String], lines: &[StoryLine]) -> String {
    let Some(first) = lines.first() else {
        return String::new();
    };
    match first.seat.and_then(|seat| names.get(seat.index())) {
        Some(name) => format!("{name}: {}", first.text),
        None => first.text.clone(),
    }
}
