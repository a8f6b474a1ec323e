//! One puzzle as it is stored, served and published.

use helvetia_engine::{Action, Seat, View};
use serde::{Deserialize, Serialize};

/// A decision from a game where one action is clearly the best.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// What the player to move sees at the puzzle's first decision: the public view, without
    /// the order of stacks 2 and 3 and without the seed.
    pub view: View,
    /// The best line, the player's own decisions in a row (one to three), each the only good
    /// one where it is taken.
    pub solution: Vec<Action>,
    /// Every first action judged as good as the best (within the generator's ε): each is
    /// accepted as solving the puzzle's first step. Holds `solution[0]`.
    pub accepted: Vec<Action>,
    /// For each later step of the line (`solution[1..]`), the actions accepted there, as
    /// `accepted` is for the first. Empty for a puzzle of one decision, and then absent from
    /// its JSON, so that such a puzzle reads and is stored as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub later_accepted: Vec<Vec<Action>>,
    /// The share of the sampled deals of the unseen tiles in which the best action beat the
    /// second-best by the margin (0 to 1); for a line of several decisions, the smallest of
    /// its steps'.
    pub agreement: f32,
    /// How much more the best action is worth than the second-best, as the mover's chance to
    /// win (0 to 1), averaged over the sampled deals; for a line of several decisions, the
    /// smallest of its steps' (the hardest step).
    pub margin: f32,
    /// What the solution does.
    pub themes: Vec<Theme>,
    /// When in the game it is.
    pub phase: GamePhase,
    /// The game and decision it was taken from.
    pub source: PuzzleSource,
}

impl Puzzle {
    /// The seat whose decision it is.
    ///
    /// # Panics
    /// If the view's game is over (a puzzle is never made there).
    pub fn mover(&self) -> Seat {
        self.view
            .position
            .to_move()
            .expect("a puzzle is a decision of a running game")
    }

    /// Whether `action` solves the puzzle's first step.
    pub fn accepts(&self, action: &Action) -> bool {
        self.accepts_at(0, action)
    }

    /// How many decisions the puzzle's line has: one to three.
    pub fn steps(&self) -> usize {
        self.solution.len().max(1)
    }

    /// The actions accepted at step `step` (the first is 0); none past the line.
    pub fn accepted_at(&self, step: usize) -> &[Action] {
        match step {
            0 => &self.accepted,
            _ => self
                .later_accepted
                .get(step - 1)
                .map_or(&[], |accepted| accepted.as_slice()),
        }
    }

    /// Whether `action` solves step `step` of the puzzle (the first is 0).
    pub fn accepts_at(&self, step: usize, action: &Action) -> bool {
        self.accepted_at(step).contains(action)
    }
}

/// Where a puzzle was found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleSource {
    /// The game's id on the site, for a puzzle from a game played there; `None` for self-play.
    pub game: Option<String>,
    /// The number of actions played before the puzzle's first decision.
    pub step: usize,
}

/// What a puzzle's solution does, named from its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// A marriage (the Priest).
    Marriage,
    /// A child is born (the Midwife).
    Child,
    /// A building is built.
    Building,
    /// Goods delivered to the market.
    Delivery,
    /// The Night Watchman wakes villagers.
    NightWatchman,
    /// A character tile is used.
    CharacterTile,
    /// The decision ends the game or is made in its last round.
    Endgame,
}

impl Theme {
    /// Every theme, in the order a picker lists them.
    pub const ALL: [Theme; 7] = [
        Theme::Marriage,
        Theme::Child,
        Theme::Building,
        Theme::Delivery,
        Theme::NightWatchman,
        Theme::CharacterTile,
        Theme::Endgame,
    ];

    /// Its name in JSON, in the database and in addresses (`night_watchman`).
    pub fn name(self) -> &'static str {
        match self {
            Theme::Marriage => "marriage",
            Theme::Child => "child",
            Theme::Building => "building",
            Theme::Delivery => "delivery",
            Theme::NightWatchman => "night_watchman",
            Theme::CharacterTile => "character_tile",
            Theme::Endgame => "endgame",
        }
    }

    /// The theme of that name.
    pub fn named(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|theme| theme.name() == name)
    }
}

/// When in the game a puzzle is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GamePhase {
    /// The setup or the first round.
    Opening,
    /// Between.
    Middle,
    /// The last round.
    LastRound,
}

/// The rating a new puzzle starts from: a wide margin makes an easy puzzle, a long line a hard
/// one. On the scale of the players' puzzle ratings (Glicko-2, 1500 for a newcomer): a margin
/// of a third of the chance to win in one decision starts at 1000, a line of three decisions
/// with a margin of a twentieth at 1800, and every rating within 600 to 2800.
pub fn initial_rating(margin: f32, depth: usize) -> f64 {
    let margin = f64::from(margin.clamp(0.01, 1.0));
    let depth = depth.clamp(1, 3) as f64;
    let ease = (margin / 0.05).ln() / (0.33_f64 / 0.05).ln();
    (1400.0 - 400.0 * ease + 200.0 * (depth - 1.0)).clamp(600.0, 2800.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_theme_is_named_as_its_json_and_found_by_its_name() {
        for theme in Theme::ALL {
            assert_eq!(serde_json::to_value(theme).unwrap(), theme.name());
            assert_eq!(Theme::named(theme.name()), Some(theme));
        }
        assert_eq!(Theme::named("Marriage"), None);
    }

    #[test]
    fn a_puzzle_stored_before_lines_reads_as_a_line_of_one() {
        let view =
            helvetia_engine::Game::new(helvetia_engine::GameOptions::for_players(2), 1).view();
        let answer = view.legal_actions()[0];
        let one = Puzzle {
            view,
            solution: vec![answer],
            accepted: vec![answer],
            later_accepted: Vec::new(),
            agreement: 0.9,
            margin: 0.1,
            themes: Vec::new(),
            phase: GamePhase::Opening,
            source: PuzzleSource {
                game: None,
                step: 0,
            },
        };
        // As it was stored before lines existed: no `later_accepted`.
        let json = serde_json::to_value(&one).unwrap();
        assert!(json.get("later_accepted").is_none(), "{json}");
        let read: Puzzle = serde_json::from_value(json).unwrap();
        assert_eq!(read, one);
        assert_eq!((read.steps(), read.accepted_at(1)), (1, &[][..]));
        // A line keeps what each later step accepts.
        let line = Puzzle {
            solution: vec![answer, answer],
            later_accepted: vec![vec![answer]],
            ..one
        };
        let json = serde_json::to_value(&line).unwrap();
        assert_eq!(json["later_accepted"], serde_json::json!([[answer]]));
        let read: Puzzle = serde_json::from_value(json).unwrap();
        assert!(read.accepts_at(1, &answer) && read.steps() == 2);
    }

    #[test]
    fn a_wide_margin_starts_easy_and_a_long_thin_line_hard() {
        let easy = initial_rating(0.33, 1);
        let hard = initial_rating(0.05, 3);
        assert!((easy - 1000.0).abs() < 1.0, "{easy}");
        assert!((hard - 1800.0).abs() < 1.0, "{hard}");
        assert!(initial_rating(0.1, 1) > easy && initial_rating(0.1, 1) < hard);
    }
}
