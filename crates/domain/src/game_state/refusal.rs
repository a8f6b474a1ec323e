//! Why the domain refuses a change of a game: one reason per rule broken, worded here for logs
//! (the site words each for people in their language).

/// Why a state change was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is not being played.
    NotRunning,
    /// The viewer has no seat here.
    NotSeated,
    /// Someone else decides now.
    NotYourTurn,
    /// The client saw an older (or newer) version.
    StaleVersion {
        /// The version now.
        current: u64,
    },
    /// Not a legal action; the engine's reason.
    Illegal(String),
    /// Nothing of the current turn is left to undo.
    NothingToUndo,
    /// The person's time ran out and a bot plays for them.
    StoodIn,
    /// The person resigned from this game.
    Resigned,
    /// No bot stands in for the person: they play their seat already.
    NotStoodIn,
    /// The game has no clock (a bot stands in only where one ran out).
    NoClock,
    /// The vote to end is not open to the person now.
    CannotVoteToEnd,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotRunning => f.write_str("the game is not running"),
            Refusal::NotSeated => f.write_str("you have no seat in this game"),
            Refusal::NotYourTurn => f.write_str("it is not your turn"),
            Refusal::StaleVersion { current } => {
                write!(f, "stale version: the game is at version {current}; reload")
            }
            Refusal::Illegal(reason) => write!(f, "illegal action: {reason}"),
            Refusal::NothingToUndo => {
                f.write_str("nothing to undo: only your own actions of your current turn")
            }
            Refusal::StoodIn => {
                f.write_str("your time ran out and a bot plays for you: take your seat back first")
            }
            Refusal::Resigned => f.write_str("you resigned from this game"),
            Refusal::NotStoodIn => f.write_str("you play your seat already"),
            Refusal::NoClock => f.write_str("this game has no clock"),
            Refusal::CannotVoteToEnd => f.write_str("the vote to end is not open to you now"),
        }
    }
}
