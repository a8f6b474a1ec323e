//! The game's story: every decision and everything the game does on its own (tiles won, the
//! steps of a round's end, the end of the game), in words, grouped later by round and turn.
//!
//! A decision's lines are written once, when it is played, from the views before and after
//! it; the table only lays them out ([`crate::table`]'s log).

mod events;
mod telling;
#[cfg(test)]
mod tests;

use helvetia_engine::{Action, Phase, Seat, View};

pub use events::{events, StoryEvent};

use crate::i18n::Lang;
use crate::words::Namer;

/// One line of the story.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoryLine {
    /// The round it belongs to.
    pub round: u16,
    /// The part of the game it belongs to.
    pub stage: Stage,
    /// The player who decided; `None` for what the game does on its own.
    pub seat: Option<Seat>,
    /// What happened, in words.
    pub text: String,
}

/// The parts of the game the log has a heading for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The draft and placing the start buildings and villagers.
    Setup,
    /// The players' turns of a round.
    Turns,
    /// The steps at the end of a round.
    RoundEnd,
    /// The final result.
    GameEnd,
}

/// The story of `action`, played on `before` and leading to `after`: the decision first, then
/// what followed from it. `names` are the players' names by seat.
pub fn story_lines(
    lang: Lang,
    names: &[String],
    before: &View,
    action: &Action,
    after: &View,
) -> Vec<StoryLine> {
    let position = &before.position;
    let namer = Namer {
        lang,
        names,
        position: Some(position),
    };
    let stage = match position.phase {
        Phase::Turn { .. } => Stage::Turns,
        Phase::SchoolReturn { .. } | Phase::GameOver => Stage::RoundEnd,
        _ => Stage::Setup,
    };
    let decider = position.to_move();
    let line = |stage, seat, text| StoryLine {
        round: position.round,
        stage,
        seat,
        text,
    };
    let mut decision = telling::decision(&namer, position, action);
    if before.forced_step() == Some(*action) {
        // Played for the player (or clicked) because nothing else was possible: the log says so.
        decision = lang.tr_args("story-only-choice", &[("decision", decision.into())]);
    }
    let mut lines = vec![line(stage, decider, decision)];
    for event in events(before, action, after) {
        let (stage, seat) = match event {
            StoryEvent::TurnEndsByItself { .. }
            | StoryEvent::GoodTile { .. }
            | StoryEvent::BranchTile { .. }
            | StoryEvent::VillageTile { .. } => (stage, decider),
            StoryEvent::GameOver { .. } => (Stage::GameEnd, None),
            _ => (Stage::RoundEnd, None),
        };
        for text in telling::event(&namer, &event) {
            lines.push(line(stage, seat, text));
        }
    }
    lines
}

/// The heading of the part of the game `line` belongs to.
pub fn heading(lang: Lang, line: &StoryLine) -> String {
    let round = [("round", line.round.into())];
    match line.stage {
        Stage::Setup => lang.tr("story-setup"),
        Stage::Turns => lang.tr_args("table-round", &round),
        Stage::RoundEnd => lang.tr_args("story-round-end", &round),
        Stage::GameEnd => lang.tr("story-game-end"),
    }
}

/// The line that tells of `name` resigning, in the chapter of `previous` (the story's last line
/// before it): with `bot_plays_on`, a bot plays their seat from then on; otherwise the game ends.
pub fn resignation_line(
    lang: Lang,
    name: &str,
    previous: Option<&StoryLine>,
    bot_plays_on: bool,
) -> StoryLine {
    let key = if bot_plays_on {
        "story-resigned-bot"
    } else {
        "story-resigned"
    };
    StoryLine {
        round: previous.map_or(1, |line| line.round),
        stage: previous.map_or(Stage::Setup, |line| line.stage),
        seat: None,
        text: lang.tr_args(key, &[("name", name.to_string().into())]),
    }
}
