//! Game options: rules revision, player count, setup variant, character tiles, target,
//! direction, round limit.

use serde::{Deserialize, Serialize};

use crate::people::Seat;

/// How the start buildings are handed out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupMode {
    /// The snake draft of the full rules (ruling 3).
    Draft,
    /// The beginner setup: a random village-centre letter per player (ruling 4).
    Letters,
}

/// Direction of play. Counter-clockwise is the Swiss tradition and the default (ruling 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Direction {
    /// The next player is the one on your right.
    CounterClockwise,
    /// The next player is the one on your left; the draft mirrors too.
    Clockwise,
}

/// The revision of the rules a game is played by, fixed when it starts (see docs/rules.md,
/// "Rules revisions").
///
/// Written as a number in the options (`"rules": 1`); options without it mean
/// [`RulesRevision::CURRENT`], so new games need not name it, while games stored under an older
/// revision carry it and replay by the rules they were played by. Each rule that changed between
/// revisions asks one predicate below, named after its ruling.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(into = "u8", try_from = "u8")]
#[repr(u8)]
pub enum RulesRevision {
    /// The rules of the releases before the corrections: a Night Watchman coin may wake a quarter
    /// where nobody sleeps; a pass ends only that turn, so a player who passed may still take
    /// the two-player neutral coin later in the round; the target is 20 unless set.
    Original = 1,
    /// The corrected rules: the Night Watchman must wake somebody, a pass lasts the rest of the
    /// round, and without character tiles the target is 18 unless set.
    #[default]
    Corrected = 2,
}

impl RulesRevision {
    /// The revision of new games, and of options that do not name one.
    pub const CURRENT: RulesRevision = RulesRevision::Corrected;

    /// Ruling 8: a coin on the Night Watchman must wake a quarter where somebody sleeps (and so
    /// the Night Watchman is chosen only while somebody sleeps). The original revision let the
    /// coin wake any quarter of any village.
    pub fn night_watchman_must_wake(self) -> bool {
        self >= RulesRevision::Corrected
    }

    /// Ruling 8: a pass lasts the rest of the round, neutral coin included. Under the original
    /// revision a pass only ended that turn: a player without coins who passed got a turn again
    /// while the two-player neutral coin was there.
    pub fn pass_lasts_the_round(self) -> bool {
        self >= RulesRevision::Corrected
    }

    /// Ruling 4: a game without a target set ends at 18 without character tiles (20 with them).
    /// Under the original revision it was 20 either way.
    pub fn target_follows_tiles(self) -> bool {
        self >= RulesRevision::Corrected
    }
}

impl From<RulesRevision> for u8 {
    fn from(revision: RulesRevision) -> u8 {
        revision as u8
    }
}

impl TryFrom<u8> for RulesRevision {
    type Error = String;

    fn try_from(number: u8) -> Result<RulesRevision, String> {
        match number {
            1 => Ok(RulesRevision::Original),
            2 => Ok(RulesRevision::Corrected),
            _ => Err(format!(
                "rules revision {number} is unknown (1 original, 2 corrected)"
            )),
        }
    }
}

/// Everything chosen before a game starts. Missing fields take their defaults; an unknown field
/// is refused (a misspelt option must not be silently ignored).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameOptions {
    /// The rules the game is played by; absent in JSON means the current revision.
    pub rules: RulesRevision,
    /// 2, 3 or 4.
    pub players: u8,
    /// Draft or letters.
    pub setup: SetupMode,
    /// Whether the five character tiles are in play.
    pub character_tiles: bool,
    /// Victory points that end the game, when set explicitly; `None` follows the tiles option
    /// (ruling 4). Read the target through [`GameOptions::target`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_vp: Option<u8>,
    /// Direction of play.
    pub direction: Direction,
    /// Stop after this many rounds (simulations only, ruling 28); `None` plays to the target.
    pub round_limit: Option<u16>,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            rules: RulesRevision::CURRENT,
            players: 4,
            setup: SetupMode::Draft,
            character_tiles: true,
            target_vp: None,
            direction: Direction::CounterClockwise,
            round_limit: None,
        }
    }
}

impl GameOptions {
    /// Default options for `players` players.
    pub fn for_players(players: u8) -> GameOptions {
        GameOptions {
            players,
            ..GameOptions::default()
        }
    }

    /// The target the game ends at when none is set: 20 with character tiles, 18 without
    /// (ruling 4). The one place that decides it, for the engine, the command line and the server.
    pub const fn default_target(character_tiles: bool) -> u8 {
        if character_tiles {
            20
        } else {
            18
        }
    }

    /// The victory points that end the game: the explicit target, or the default that follows the
    /// tiles option (ruling 4; always 20 under the original rules revision).
    pub fn target(&self) -> u8 {
        self.target_vp
            .unwrap_or(if self.rules.target_follows_tiles() {
                GameOptions::default_target(self.character_tiles)
            } else {
                GameOptions::default_target(true)
            })
    }

    /// The seats in play.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + Clone {
        (0..self.players).map(Seat)
    }

    /// The player after `seat` in the order of play.
    pub fn next(&self, seat: Seat) -> Seat {
        let n = self.players;
        match self.direction {
            Direction::CounterClockwise => Seat((seat.0 + 1) % n),
            Direction::Clockwise => Seat((seat.0 + n - 1) % n),
        }
    }

    /// The player before `seat` in the order of play: the "left neighbour" (ruling 2).
    pub fn previous(&self, seat: Seat) -> Seat {
        let n = self.players;
        match self.direction {
            Direction::CounterClockwise => Seat((seat.0 + n - 1) % n),
            Direction::Clockwise => Seat((seat.0 + 1) % n),
        }
    }

    /// Whether the neutral village is in play.
    pub fn has_neutral(&self) -> bool {
        self.players == 2
    }

    /// Checks the options, naming the first problem.
    ///
    /// # Errors
    /// A message when the player count or target is out of range.
    pub fn check(&self) -> Result<(), String> {
        if !(2..=4).contains(&self.players) {
            return Err(format!("players must be 2, 3 or 4, not {}", self.players));
        }
        if self.target_vp == Some(0) {
            return Err("target_vp must be at least 1".into());
        }
        if self.round_limit == Some(0) {
            return Err("round_limit must be at least 1".into());
        }
        Ok(())
    }
}
