//! What a puzzle is about, named from what its solution does, and when in the game it is: so
//! that people can pick puzzles on a subject and the site can mix them.
//!
//! A theme follows from the solution's actions (choosing the Priest is about a marriage even
//! before the couple is named) and from the view; nothing hidden is read.

use helvetia_engine::{Action, Character, GameRecord, View};

use super::{GamePhase, Theme};

/// The themes of `solution` played from `view`, sorted, each once. `last_round` is the round
/// the game ended in, where known (see [`last_round`]): a decision in it is about the end of
/// the game, as is one that ends the game.
pub fn themes(view: &View, solution: &[Action], last_round: Option<u16>) -> Vec<Theme> {
    let mut found: Vec<Theme> = solution.iter().flat_map(|&a| action_themes(a)).collect();
    if last_round.is_some_and(|last| view.position.round >= last) || ends_game(view, solution) {
        found.push(Theme::Endgame);
    }
    found.sort_unstable();
    found.dedup();
    found
}

/// The themes of one action.
fn action_themes(action: Action) -> Vec<Theme> {
    match action {
        Action::Begin(character) => vec![character_theme(character)],
        Action::UseTile(character) => vec![Theme::CharacterTile, character_theme(character)],
        Action::Marry { .. } | Action::NeutralPriest { .. } | Action::TakeDowry(_) => {
            vec![Theme::Marriage]
        }
        Action::Birth { .. } => vec![Theme::Child],
        Action::Build(_)
        | Action::NeutralBuild(_)
        | Action::Buy(_)
        | Action::Pay(_)
        | Action::Place(_)
        | Action::MoveIn(_) => vec![Theme::Building],
        Action::Deliver(_) => vec![Theme::Delivery],
        Action::Wake { .. } => vec![Theme::NightWatchman],
        _ => Vec::new(),
    }
}

/// The theme of the character an action is taken with.
fn character_theme(character: Character) -> Theme {
    match character {
        Character::Builder => Theme::Building,
        Character::Trader => Theme::Delivery,
        Character::NightWatchman => Theme::NightWatchman,
        Character::Priest => Theme::Marriage,
        Character::Midwife => Theme::Child,
    }
}

/// Whether playing `solution` from `view` ends the game. The end is decided when a round is
/// scored, before any face-down tile is drawn, so any deal of the unseen tiles answers alike.
fn ends_game(view: &View, solution: &[Action]) -> bool {
    if view.position.to_move().is_none() {
        return false;
    }
    let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(0);
    let mut game = view.determinize(&mut rng);
    for &action in solution {
        if game.play(action).is_err() {
            return false;
        }
    }
    game.is_over()
}

/// When in the game `view` is: the setup and the first round are the opening, `last_round`
/// (where known) the last round, the rest the middle.
pub fn phase(view: &View, last_round: Option<u16>) -> GamePhase {
    let round = view.position.round;
    if last_round.is_some_and(|last| round >= last) {
        GamePhase::LastRound
    } else if round <= 1 {
        GamePhase::Opening
    } else {
        GamePhase::Middle
    }
}

/// The last round of the game in `record`: the round it ended in if it is over, else the
/// options' round limit (a game that stops there ends with that round), else unknown.
pub fn last_round(record: &GameRecord) -> Option<u16> {
    match record.replay() {
        Ok(game) if game.is_over() => Some(game.position().round),
        _ => record.options.round_limit,
    }
}
