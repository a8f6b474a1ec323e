//! The server's small domain words: game status, who sits in a seat, bot levels.

use serde::{Deserialize, Serialize};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// Seats are being filled.
    Open,
    /// Being played.
    Running,
    /// Over; can be replayed.
    Finished,
    /// Abandoned by its creator before it started.
    Cancelled,
    /// Ended without a result by the players' vote, after clocks ran out for several seats.
    Abandoned,
}

impl GameStatus {
    /// The stored and sent word.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Running => "running",
            GameStatus::Finished => "finished",
            GameStatus::Cancelled => "cancelled",
            GameStatus::Abandoned => "abandoned",
        }
    }

    /// Whether a game that was played has ended: finished, or abandoned by vote (a game
    /// cancelled before its start was never played).
    pub fn has_ended(self) -> bool {
        matches!(self, GameStatus::Finished | GameStatus::Abandoned)
    }

    /// The status named by `word`.
    pub fn parse(word: &str) -> Option<GameStatus> {
        match word {
            "open" => Some(GameStatus::Open),
            "running" => Some(GameStatus::Running),
            "finished" => Some(GameStatus::Finished),
            "cancelled" => Some(GameStatus::Cancelled),
            "abandoned" => Some(GameStatus::Abandoned),
            _ => None,
        }
    }
}

/// How strong a bot plays: a level of the ladder (`helvetia_ai::ladder`), weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    /// Beginner: uniformly random legal actions.
    Random,
    /// Casual: the greedy whole-turn search.
    Greedy,
    /// Good: a short tree search.
    Good,
    /// Strong: the tree search.
    Mcts,
    /// Expert: a longer tree search.
    Expert,
}

impl BotLevel {
    /// Every level, weakest first.
    pub const ALL: [BotLevel; 5] = [
        BotLevel::Random,
        BotLevel::Greedy,
        BotLevel::Good,
        BotLevel::Mcts,
        BotLevel::Expert,
    ];

    /// The stored and sent word (the ladder level's key).
    pub fn as_str(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Greedy => "greedy",
            BotLevel::Good => "good",
            BotLevel::Mcts => "mcts",
            BotLevel::Expert => "expert",
        }
    }

    /// The level named by `word`.
    pub fn parse(word: &str) -> Option<BotLevel> {
        BotLevel::ALL
            .into_iter()
            .find(|level| level.as_str() == word)
    }

    /// Its level of the ladder: the bot that plays it and its rating.
    pub fn ladder(self) -> helvetia_ai::ladder::Level {
        helvetia_ai::ladder::Level::named(self.as_str()).expect("every level is on the ladder")
    }
}

/// What happens when a player resigns from a running game, chosen when the game is created.
/// Either way the one who resigns ranks last, and the game ends once only one person is left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnResign {
    /// A bot plays the seat from then on, so the others can finish the game.
    #[default]
    Bot,
    /// The game ends at once.
    End,
}

impl OnResign {
    /// The stored and sent word.
    pub fn as_str(self) -> &'static str {
        match self {
            OnResign::Bot => "bot",
            OnResign::End => "end",
        }
    }

    /// The choice named by `word`.
    pub fn parse(word: &str) -> Option<OnResign> {
        match word {
            "bot" => Some(OnResign::Bot),
            "end" => Some(OnResign::End),
            _ => None,
        }
    }
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Anyone may join.
    Open,
    /// Kept for whoever holds the invitation token.
    Invite {
        /// The secret of the invitation link.
        token: String,
    },
    /// A person.
    Human {
        /// Their account id.
        user_id: String,
        /// Their name, for display.
        username: String,
        /// The invitation this seat was reserved by, restored if they leave.
        invite: Option<String>,
    },
    /// A computer player.
    Bot {
        /// Its strength.
        level: BotLevel,
    },
    /// Kept for a bot account invited by the creator, until it accepts (it then sits here as
    /// a person does) or declines (the seat opens).
    InvitedBot {
        /// The bot account's id.
        user_id: String,
        /// Its name, for display.
        username: String,
    },
}

impl Occupant {
    /// The stored columns: kind, user id, bot level, invitation token.
    pub fn columns(&self) -> (&'static str, Option<String>, Option<String>, Option<String>) {
        match self {
            Occupant::Open => ("open", None, None, None),
            Occupant::Invite { token } => ("invite", None, None, Some(token.clone())),
            Occupant::Human {
                user_id, invite, ..
            } => ("human", Some(user_id.clone()), None, invite.clone()),
            Occupant::Bot { level } => ("bot", None, Some(level.as_str().to_string()), None),
            Occupant::InvitedBot { user_id, .. } => {
                ("bot-invite", Some(user_id.clone()), None, None)
            }
        }
    }

    /// The occupant described by stored columns.
    pub fn from_columns(
        kind: &str,
        user_id: Option<String>,
        username: Option<String>,
        level: Option<String>,
        token: Option<String>,
    ) -> Option<Occupant> {
        Some(match kind {
            "open" => Occupant::Open,
            "invite" => Occupant::Invite { token: token? },
            "human" => Occupant::Human {
                user_id: user_id?,
                username: username?,
                invite: token,
            },
            "bot" => Occupant::Bot {
                level: BotLevel::parse(&level?)?,
            },
            "bot-invite" => Occupant::InvitedBot {
                user_id: user_id?,
                username: username?,
            },
            _ => return None,
        })
    }

    /// Whether a bot plays this seat.
    pub fn is_bot(&self) -> bool {
        matches!(self, Occupant::Bot { .. })
    }

    /// Whether a game may stay rated when this seat, once `self`, holds `next`: a seat kept for
    /// a bot account (in a game rated on the bot ladder) that opens can only be taken by a
    /// person, and a game of people and programs is never rated.
    pub fn keeps_rating_when_it_becomes(&self, next: &Occupant) -> bool {
        !(matches!(self, Occupant::InvitedBot { .. }) && matches!(next, Occupant::Open))
    }

    /// Whether nobody sits here yet.
    pub fn is_free(&self) -> bool {
        matches!(
            self,
            Occupant::Open | Occupant::Invite { .. } | Occupant::InvitedBot { .. }
        )
    }

    /// The username of a person in this seat.
    pub fn username(&self) -> Option<&str> {
        match self {
            Occupant::Human { username, .. } => Some(username),
            _ => None,
        }
    }

    /// The account id of a person in this seat.
    pub fn user_id(&self) -> Option<&str> {
        match self {
            Occupant::Human { user_id, .. } => Some(user_id),
            _ => None,
        }
    }
}

/// One seat of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    /// 0-based seat number (the engine's `Seat`).
    pub seat: u8,
    /// Who sits there.
    pub occupant: Occupant,
    /// The bot playing for the person here since their time ran out, until they take the seat
    /// back.
    pub stand_in: Option<BotLevel>,
    /// Whether the person here voted to end the game without a result.
    pub voted_to_end: bool,
    /// When the person here resigned: the number of actions in the log then.
    pub resigned_at: Option<u64>,
    /// Whether the account here is a bot account: a program plays it as a person's seat (its
    /// clock, stand-ins, refusals), and it is shown as a bot.
    pub bot_account: bool,
}

impl SeatRecord {
    /// Seat number `seat`, held by `occupant`, played by them.
    pub fn new(seat: u8, occupant: Occupant) -> SeatRecord {
        SeatRecord {
            seat,
            occupant,
            stand_in: None,
            voted_to_end: false,
            resigned_at: None,
            bot_account: false,
        }
    }

    /// Whether a program plays here: a built-in bot or a bot account (a stand-in is not:
    /// the seat stays the person's).
    pub fn shown_as_bot(&self) -> bool {
        self.occupant.is_bot() || self.bot_account
    }

    /// The bot that plays this seat: the bot sitting here, or the one standing in for a person.
    pub fn bot_level(&self) -> Option<BotLevel> {
        match self.occupant {
            Occupant::Bot { level } => Some(level),
            _ => self.stand_in,
        }
    }
}

/// Whether these seats are all people's or all programs' (built-in bots and bot accounts): only
/// then is a game rated (people's ratings, or the bot ladder). People and programs are never
/// rated against each other.
pub fn all_people_or_all_bots(seats: &[SeatRecord]) -> bool {
    let bots = seats.iter().filter(|seat| seat.shown_as_bot()).count();
    bots == 0 || bots == seats.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_kept_for_a_bot_account_that_opens_ends_the_rating() {
        let kept = Occupant::InvitedBot {
            user_id: "robo".into(),
            username: "robo".into(),
        };
        let accepted = Occupant::Human {
            user_id: "robo".into(),
            username: "robo".into(),
            invite: None,
        };
        assert!(!kept.keeps_rating_when_it_becomes(&Occupant::Open));
        assert!(kept.keeps_rating_when_it_becomes(&accepted));
        assert!(Occupant::Open.keeps_rating_when_it_becomes(&accepted));
        assert!(accepted.keeps_rating_when_it_becomes(&Occupant::Open));
    }

    #[test]
    fn people_and_programs_are_rated_apart() {
        let person = |seat: u8, id: &str| {
            SeatRecord::new(
                seat,
                Occupant::Human {
                    user_id: id.into(),
                    username: id.into(),
                    invite: None,
                },
            )
        };
        let bot_account = |seat: u8, id: &str| {
            let mut record = person(seat, id);
            record.bot_account = true;
            record
        };
        let level = |seat: u8| {
            SeatRecord::new(
                seat,
                Occupant::Bot {
                    level: BotLevel::Random,
                },
            )
        };
        assert!(all_people_or_all_bots(&[person(0, "a"), person(1, "b")]));
        assert!(all_people_or_all_bots(&[bot_account(0, "r"), level(1)]));
        assert!(all_people_or_all_bots(&[
            bot_account(0, "r"),
            bot_account(1, "s")
        ]));
        assert!(!all_people_or_all_bots(&[
            person(0, "a"),
            bot_account(1, "r")
        ]));
        assert!(!all_people_or_all_bots(&[person(0, "a"), level(1)]));
        // A stand-in keeps the seat a person's.
        let mut stood_in = person(1, "b");
        stood_in.stand_in = Some(BotLevel::Greedy);
        assert!(all_people_or_all_bots(&[person(0, "a"), stood_in]));
    }

    #[test]
    fn every_level_parses_back_and_has_its_ladder_entry() {
        for level in BotLevel::ALL {
            assert_eq!(BotLevel::parse(level.as_str()), Some(level));
            assert_eq!(level.ladder().key, level.as_str());
        }
    }
}
