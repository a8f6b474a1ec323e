//! The log in words, kept only in the languages someone reads it in: a language is written out
//! (by replaying the game) the first time it is asked for, and then grows with each action.

use std::sync::Arc;

use helvetia_engine::{Action, Game, GameOptions, View};

use crate::render::{log_line_in, Lang};

/// The log's lines in the languages asked for so far.
#[derive(Default)]
pub struct LogBook {
    languages: Vec<(Lang, Vec<String>)>,
}

impl LogBook {
    /// Whether `lang` is written out.
    pub fn has(&self, lang: Lang) -> bool {
        self.languages.iter().any(|(l, _)| *l == lang)
    }

    /// The lines in `lang`, written out first if needed by replaying `actions` from the start.
    pub fn lines(
        &mut self,
        lang: Lang,
        start: (GameOptions, u64),
        actions: impl Iterator<Item = Action>,
        names: &[String],
    ) -> &[String] {
        let slot = match self.languages.iter().position(|(l, _)| *l == lang) {
            Some(slot) => slot,
            None => {
                let mut game = Game::new(start.0, start.1);
                let mut lines = Vec::new();
                for action in actions {
                    lines.push(log_line_in(lang, names, &game.view(), &action));
                    game.play_unchecked(action);
                }
                self.languages.push((lang, lines));
                self.languages.len() - 1
            }
        };
        &self.languages[slot].1
    }

    /// Adds the line of `action`, played on `before`, in every language written out.
    pub fn record(&mut self, names: &[String], before: &View, action: &Action) {
        for (lang, lines) in &mut self.languages {
            lines.push(log_line_in(*lang, names, before, action));
        }
    }

    /// Removes the last line in every language.
    pub fn pop(&mut self) {
        for (_, lines) in &mut self.languages {
            lines.pop();
        }
    }

    /// The last `count` lines in every language written out.
    pub fn tails(&self, count: usize) -> Vec<(Lang, Arc<[String]>)> {
        self.languages
            .iter()
            .map(|(lang, lines)| (*lang, lines[lines.len().saturating_sub(count)..].into()))
            .collect()
    }
}
