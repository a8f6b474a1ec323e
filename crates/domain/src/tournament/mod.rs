//! Tournaments: where one stands ([`TournamentStatus`]) and the Swiss system it is played by
//! ([`swiss`]: the split of a round into tables, points, standings, pairing).

pub mod swiss;

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Open for entries until its start time.
    Upcoming,
    /// Its rounds are being played.
    Running,
    /// Its last round is over.
    Finished,
    /// Too few entered to make a table at the start.
    Cancelled,
}

impl TournamentStatus {
    /// Every status, in the order of a tournament's life.
    pub const ALL: [TournamentStatus; 4] = [
        TournamentStatus::Upcoming,
        TournamentStatus::Running,
        TournamentStatus::Finished,
        TournamentStatus::Cancelled,
    ];

    /// The stored and sent word.
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::Upcoming => "upcoming",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    /// The status named by `word`.
    pub fn parse(word: &str) -> Option<TournamentStatus> {
        TournamentStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip_through_their_words() {
        for status in TournamentStatus::ALL {
            assert_eq!(TournamentStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(TournamentStatus::parse("paused"), None);
    }
}
