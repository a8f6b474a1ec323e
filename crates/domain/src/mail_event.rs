//! What a change tells people by mail: the kind of mail, and to whom.

use helvetia_engine::Seat;

/// What a mail tells of. Each kind can be turned off on the settings page (the end of a
/// tournament with the end of a game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MailKind {
    /// The decision passed to this person.
    YourTurn,
    /// A game they sit in started.
    GameStarted,
    /// A game they sat in ended (finished, or ended by vote without a result).
    GameEnded,
    /// Their clock runs out within the hour.
    ClockLow,
    /// A tournament they played is over: their place is the mail's event key, its game their
    /// last table's.
    TournamentEnded,
    /// Another player of a finished game asked to play again: a seat in the next game is kept
    /// for them (the event is the finished game's, where they take it).
    Rematch,
}

impl MailKind {
    /// Every kind.
    pub const ALL: [MailKind; 6] = [
        MailKind::YourTurn,
        MailKind::GameStarted,
        MailKind::GameEnded,
        MailKind::ClockLow,
        MailKind::TournamentEnded,
        MailKind::Rematch,
    ];

    /// The kinds the settings page turns on and off, in its order.
    pub const SETTINGS: [MailKind; 5] = [
        MailKind::YourTurn,
        MailKind::GameStarted,
        MailKind::GameEnded,
        MailKind::ClockLow,
        MailKind::Rematch,
    ];

    /// The setting that turns this kind on and off.
    pub fn setting(self) -> MailKind {
        match self {
            MailKind::TournamentEnded => MailKind::GameEnded,
            kind => kind,
        }
    }

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::YourTurn => "your_turn",
            MailKind::GameStarted => "game_started",
            MailKind::GameEnded => "game_ended",
            MailKind::ClockLow => "clock_low",
            MailKind::TournamentEnded => "tournament_ended",
            MailKind::Rematch => "rematch",
        }
    }

    /// The kind with this stored name.
    pub fn parse(name: &str) -> Option<MailKind> {
        MailKind::ALL.into_iter().find(|kind| kind.as_str() == name)
    }

    /// The `users` column that says whether a person wants this kind.
    pub fn setting_column(self) -> &'static str {
        match self {
            MailKind::YourTurn => "mail_your_turn",
            MailKind::GameStarted => "mail_game_started",
            MailKind::GameEnded | MailKind::TournamentEnded => "mail_game_ended",
            MailKind::ClockLow => "mail_clock",
            MailKind::Rematch => "mail_rematch",
        }
    }
}

/// A mail to plan with a change of a game: to the person in `seat`, or to every person seated
/// but `except_user` (who caused the change and knows of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailEvent {
    /// What it tells of.
    pub kind: MailKind,
    /// The one seat it goes to, if not all.
    pub seat: Option<Seat>,
    /// An account that is not told.
    pub except_user: Option<String>,
}

impl MailEvent {
    /// The mails a log write calls for, from whose decision it was before and the game after:
    /// the end of the game for everyone, or the decision passing to another seat.
    pub fn after_log_write(
        before: Option<Seat>,
        after: Option<Seat>,
        finished: bool,
    ) -> Option<MailEvent> {
        if finished {
            return Some(MailEvent::to_everyone(MailKind::GameEnded, None));
        }
        match after {
            Some(seat) if before != Some(seat) => Some(MailEvent {
                kind: MailKind::YourTurn,
                seat: Some(seat),
                except_user: None,
            }),
            _ => None,
        }
    }

    /// A mail of `kind` to every person seated, but `except_user`.
    pub fn to_everyone(kind: MailKind, except_user: Option<&str>) -> MailEvent {
        MailEvent {
            kind,
            seat: None,
            except_user: except_user.map(str::to_string),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_their_stored_names() {
        for kind in MailKind::ALL {
            assert_eq!(MailKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(MailKind::parse("spam"), None);
    }

    #[test]
    fn a_log_write_mails_the_next_decider_or_everyone_at_the_end() {
        let turn = MailEvent::after_log_write(Some(Seat(0)), Some(Seat(1)), false).unwrap();
        assert_eq!((turn.kind, turn.seat), (MailKind::YourTurn, Some(Seat(1))));
        assert_eq!(
            MailEvent::after_log_write(Some(Seat(1)), Some(Seat(1)), false),
            None
        );
        let end = MailEvent::after_log_write(Some(Seat(1)), None, true).unwrap();
        assert_eq!((end.kind, end.seat), (MailKind::GameEnded, None));
    }
}
