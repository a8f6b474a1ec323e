//! The story in words, kept only in the languages someone reads it in: a language is written
//! out (by replaying the game) the first time it is asked for, and then grows with each change
//! the game applies. Each action keeps its own lines (the decision, then what followed from it),
//! so an undo takes them all back.

use std::sync::Arc;

use helvetia_engine::{Action, Game, GameOptions, View};
use helvetia_web::{resignation_line, story_lines, Lang, StoryLine};

use crate::domain::game_state::Applied;

/// The story's lines by action, in the languages asked for so far.
#[derive(Default)]
pub struct StoryBook {
    languages: Vec<(Lang, Vec<Vec<StoryLine>>)>,
}

impl StoryBook {
    /// Whether `lang` is written out.
    pub fn has(&self, lang: Lang) -> bool {
        self.languages.iter().any(|(l, _)| *l == lang)
    }

    /// The languages written out.
    pub fn languages(&self) -> Vec<Lang> {
        self.languages.iter().map(|(lang, _)| *lang).collect()
    }

    /// The lines of each action in `lang`, written out first if needed by replaying `actions`
    /// from the start (`names`: the seats' names in `lang`).
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

    /// Follows what a change did to the game's history in every language written out: the
    /// lines of the action it played (leading to the view `after`) added, or the lines of the
    /// actions it took back removed. `names` gives the seats' names in a language.
    pub fn follow(&mut self, applied: &Applied, after: &View, names: impl Fn(Lang) -> Vec<String>) {
        for (lang, story) in &mut self.languages {
            match applied {
                Applied::Appended { action, before } => {
                    story.push(story_lines(*lang, &names(*lang), before, action, after));
                }
                Applied::TakenBack { kept } => story.truncate(*kept),
            }
        }
    }

    /// The whole story in every language written out, with a line for each resignation after
    /// the actions played before it.
    pub fn stories(&self, resigned: &[Resigned]) -> Vec<(Lang, Arc<[StoryLine]>)> {
        self.languages
            .iter()
            .map(|(lang, story)| {
                let mut lines: Vec<StoryLine> = Vec::new();
                let told = |lines: &mut Vec<StoryLine>, step: usize, last: bool| {
                    for r in resigned
                        .iter()
                        .filter(|r| r.at_step == step || (last && r.at_step > step))
                    {
                        let line = resignation_line(*lang, &r.name, lines.last(), r.bot_plays_on);
                        lines.push(line);
                    }
                };
                for (step, action_lines) in story.iter().enumerate() {
                    told(&mut lines, step, false);
                    lines.extend(action_lines.iter().cloned());
                }
                told(&mut lines, story.len(), true);
                (*lang, lines.into())
            })
            .collect()
    }
}

/// A resignation as the story tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resigned {
    /// The number of actions played before it.
    pub at_step: usize,
    /// The name of the person who resigned.
    pub name: String,
    /// Whether a bot played their seat on (otherwise the game ended).
    pub bot_plays_on: bool,
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
