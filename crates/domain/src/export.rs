//! Open data: a finished game as the export writes it (one JSON line, `docs/notation.md`), the
//! filters of an export and the cursor that pages through it.
//!
//! Only finished games are exported, so a record may carry its seed: the order of stacks 2
//! and 3 it deals no longer matters to anyone, and every game draws its own seed at random.
//! Tutorial games are left out (they all share one fixed seed). A person who chose to appear
//! as "anonymous" is written as [`ANONYMOUS`], without a rating (a rating history is public on
//! the profile, so a rating would name them again).

use crate::clock::TimeControl;
use crate::seats::BotLevel;
use crate::time::{parse_day_or_time, rfc3339};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use helvetia_engine::{Action, GameOptions, GameRecord, Seat};
use serde::{Deserialize, Serialize};

/// The name written for a person who appears as anonymous in exports.
pub const ANONYMOUS: &str = "anonymous";

/// Games read from the database at a time: the export holds one such page in memory.
pub const PAGE_GAMES: usize = 100;

/// Which finished games an export holds. Dates are seconds since the epoch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportFilter {
    /// Only games this account played in (and did not hide its name from exports).
    pub player_id: Option<String>,
    /// Only games finished at or after this time.
    pub since: Option<i64>,
    /// Only games finished before this time.
    pub until: Option<i64>,
    /// Only games of this many players.
    pub players: Option<u8>,
}

/// Why a filter or a cursor was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FilterError {
    /// A date that is neither `YYYY-MM-DD` nor an RFC 3339 time.
    Date(String),
    /// `since` is not before `until`.
    EmptyRange,
    /// A player count other than 2, 3 or 4.
    Players(String),
    /// A cursor this server did not write.
    Cursor,
}

impl std::fmt::Display for FilterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FilterError::Date(text) => write!(
                f,
                "{text:?} is not a date: write 2026-11-27 or 2026-11-27T18:30:00Z"
            ),
            FilterError::EmptyRange => f.write_str("since must be before until"),
            FilterError::Players(text) => {
                write!(f, "{text:?} is not a player count: 2, 3 or 4")
            }
            FilterError::Cursor => f.write_str("not a cursor of this export: pass one unchanged"),
        }
    }
}

impl std::error::Error for FilterError {}

/// Reads a date: a day (`2026-11-27`, its midnight UTC) or an RFC 3339 time with its offset
/// ([`parse_day_or_time`]).
///
/// # Errors
/// [`FilterError::Date`] for anything else.
pub fn parse_date(text: &str) -> Result<i64, FilterError> {
    parse_day_or_time(text).ok_or_else(|| FilterError::Date(text.to_string()))
}

/// Reads a player count.
///
/// # Errors
/// [`FilterError::Players`] for anything but 2, 3 or 4.
pub fn parse_players(text: &str) -> Result<u8, FilterError> {
    match text.parse::<u8>() {
        Ok(n @ 2..=4) => Ok(n),
        _ => Err(FilterError::Players(text.to_string())),
    }
}

impl ExportFilter {
    /// Checks that the date range holds something.
    ///
    /// # Errors
    /// [`FilterError::EmptyRange`] when `since` is not before `until`.
    pub fn checked(self) -> Result<ExportFilter, FilterError> {
        match (self.since, self.until) {
            (Some(since), Some(until)) if since >= until => Err(FilterError::EmptyRange),
            _ => Ok(self),
        }
    }
}

/// Where an export stands: the last game written, in the export's order. Each finished game
/// has a number in that order, given in the transaction that finished it, which grows in the
/// order games become visible to readers (`migrations/0022_export_order.sql`): a page that
/// starts after a number misses no game that finished meanwhile, and repeats none. Sent to
/// clients as an opaque string; the next page starts after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportCursor {
    /// After the game with this number in the export's order.
    After(i64),
    /// A cursor of the order exports had before games were numbered: after this finish time
    /// (seconds) and game id. Games finished until then were numbered in that very order, so
    /// the export goes on where such a cursor left it.
    FinishedAt {
        /// When that game finished.
        finished_at: i64,
        /// Its id.
        id: String,
    },
}

impl ExportCursor {
    /// The opaque form.
    pub fn encode(&self) -> String {
        match self {
            ExportCursor::After(number) => URL_SAFE_NO_PAD.encode(format!("n{number}")),
            ExportCursor::FinishedAt { finished_at, id } => {
                URL_SAFE_NO_PAD.encode(format!("{finished_at}:{id}"))
            }
        }
    }

    /// Reads the opaque form.
    ///
    /// # Errors
    /// [`FilterError::Cursor`] for anything [`ExportCursor::encode`] did not write.
    pub fn decode(text: &str) -> Result<ExportCursor, FilterError> {
        let bytes = URL_SAFE_NO_PAD
            .decode(text)
            .map_err(|_| FilterError::Cursor)?;
        let text = String::from_utf8(bytes).map_err(|_| FilterError::Cursor)?;
        if let Some(number) = text.strip_prefix('n') {
            let digits_only = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
            return match number.parse() {
                Ok(number) if digits_only => Ok(ExportCursor::After(number)),
                _ => Err(FilterError::Cursor),
            };
        }
        let (at, id) = text.split_once(':').ok_or(FilterError::Cursor)?;
        let finished_at = at.parse().map_err(|_| FilterError::Cursor)?;
        let id_ok = !id.is_empty()
            && id.len() <= 64
            && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !id_ok {
            return Err(FilterError::Cursor);
        }
        Ok(ExportCursor::FinishedAt {
            finished_at,
            id: id.to_string(),
        })
    }
}

/// A finished game as the database holds it, with what the export needs of its accounts.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// Game id.
    pub id: String,
    /// Engine options.
    pub options: GameOptions,
    /// The seed (a finished game's).
    pub seed: u64,
    /// Every action, in order.
    pub actions: Vec<Action>,
    /// Seconds since the epoch.
    pub created_at: i64,
    /// Seconds since the epoch.
    pub finished_at: i64,
    /// Its number in the export's order ([`ExportCursor::After`]).
    pub finish_seq: i64,
    /// Whether the result counted for ratings.
    pub rated: bool,
    /// Whether a resignation ended it.
    pub ended_by_resignation: bool,
    /// The winners' seats, as stored when it ended.
    pub winners: Vec<Seat>,
    /// Its time control, if it had a clock.
    pub time_control: Option<TimeControl>,
    /// The seats in order.
    pub seats: Vec<FinishedSeat>,
}

/// One seat of a finished game.
#[derive(Clone, Debug)]
pub struct FinishedSeat {
    /// Seat number.
    pub seat: u8,
    /// The person's name, for a person's seat.
    pub username: Option<String>,
    /// Whether that person appears as anonymous in exports.
    pub anonymous: bool,
    /// The bot's level, for a bot's seat.
    pub bot: Option<BotLevel>,
    /// Rating before and after, for a rated game.
    pub rating: Option<(f64, f64)>,
    /// When the person here resigned: the number of actions then.
    pub resigned_at: Option<u64>,
}

/// One exported game: one line of the export.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportRecord {
    /// Game id (also its page: `/games/{id}`).
    pub id: String,
    /// The game record of `docs/notation.md`: options, seed, actions; it replays in the engine.
    pub record: GameRecord,
    /// The players, by seat.
    pub players: Vec<ExportPlayer>,
    /// Whether the result counted for ratings.
    pub rated: bool,
    /// The time control, or `null` for a game without a clock.
    pub time_control: Option<TimeControl>,
    /// How it ended.
    pub result: ExportResult,
    /// When it was created (RFC 3339, UTC).
    pub created_at: String,
    /// When it finished (RFC 3339, UTC).
    pub finished_at: String,
    /// Where an export that ends with this game goes on: pass it as `cursor`.
    pub cursor: String,
}

/// One seat of an exported game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportPlayer {
    /// Seat number, 0-based.
    pub seat: u8,
    /// `"person"` or `"bot"`.
    pub kind: String,
    /// The person's name, [`ANONYMOUS`], or `null` for a bot.
    pub name: Option<String>,
    /// The bot's level (`random`, `greedy`, `mcts`), or `null` for a person.
    pub bot: Option<String>,
    /// Rating before the game (rated games; never for an anonymous person).
    pub rating_before: Option<f64>,
    /// Rating after the game.
    pub rating_after: Option<f64>,
    /// The number of actions in the record when this person resigned, if they did.
    pub resigned_at: Option<u64>,
}

/// How an exported game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportResult {
    /// Each seat's score in the final position.
    pub scores: Vec<u8>,
    /// The winners' seats.
    pub winners: Vec<u8>,
    /// `"played-out"` (the game's end by the rules) or `"resigned"`.
    pub ended: String,
}

/// Why a stored game cannot be exported: its log does not replay (a damaged record).
#[derive(Debug)]
pub struct Damaged(pub String);

impl FinishedGame {
    /// The game as the export writes it; replays it for the final scores.
    ///
    /// # Errors
    /// [`Damaged`] if the stored actions do not replay.
    pub fn to_record(self) -> Result<ExportRecord, Damaged> {
        let record = GameRecord {
            options: self.options,
            seed: self.seed,
            actions: self.actions,
        };
        let game = record
            .replay()
            .map_err(|error| Damaged(format!("game {}: {error}", self.id)))?;
        let scores = record
            .options
            .seats()
            .map(|seat| game.score(seat).total)
            .collect();
        let cursor = ExportCursor::After(self.finish_seq);
        Ok(ExportRecord {
            players: self.seats.iter().map(ExportPlayer::of).collect(),
            record,
            rated: self.rated,
            time_control: self.time_control,
            result: ExportResult {
                scores,
                winners: self.winners.iter().map(|seat| seat.0).collect(),
                ended: if self.ended_by_resignation {
                    "resigned"
                } else {
                    "played-out"
                }
                .to_string(),
            },
            created_at: rfc3339(self.created_at),
            finished_at: rfc3339(self.finished_at),
            cursor: cursor.encode(),
            id: self.id,
        })
    }
}

impl ExportPlayer {
    fn of(seat: &FinishedSeat) -> ExportPlayer {
        let rating = seat.rating.filter(|_| !seat.anonymous);
        ExportPlayer {
            seat: seat.seat,
            kind: if seat.bot.is_some() { "bot" } else { "person" }.to_string(),
            name: seat.username.as_ref().map(|name| {
                if seat.anonymous {
                    ANONYMOUS.to_string()
                } else {
                    name.clone()
                }
            }),
            bot: seat.bot.map(|level| level.as_str().to_string()),
            rating_before: rating.map(|(before, _)| before),
            rating_after: rating.map(|(_, after)| after),
            resigned_at: seat.resigned_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_as_written() {
        for cursor in [
            ExportCursor::After(0),
            ExportCursor::After(1_234_567),
            ExportCursor::FinishedAt {
                finished_at: 1_790_000_000,
                id: "a1b2-c3".into(),
            },
        ] {
            assert_eq!(ExportCursor::decode(&cursor.encode()), Ok(cursor));
        }
    }

    #[test]
    fn a_cursor_the_server_did_not_write_is_refused() {
        let forged = URL_SAFE_NO_PAD.encode("12:a'b");
        let signed = URL_SAFE_NO_PAD.encode("n-3");
        let empty = URL_SAFE_NO_PAD.encode("n");
        let plus = URL_SAFE_NO_PAD.encode("n+3");
        for text in [
            "",
            "%%%",
            "bm90IGEgY3Vyc29y",
            forged.as_str(),
            signed.as_str(),
            empty.as_str(),
            plus.as_str(),
        ] {
            assert_eq!(
                ExportCursor::decode(text),
                Err(FilterError::Cursor),
                "{text}"
            );
        }
    }

    #[test]
    fn dates_are_days_or_rfc3339_times() {
        assert_eq!(parse_date("1970-01-02"), Ok(86_400));
        assert_eq!(parse_date("1970-01-01T01:00:00Z"), Ok(3_600));
        assert_eq!(parse_date("1970-01-01T01:00:00+01:00"), Ok(0));
        assert!(matches!(parse_date("yesterday"), Err(FilterError::Date(_))));
        assert!(matches!(
            parse_date("2026-13-01"),
            Err(FilterError::Date(_))
        ));
    }

    #[test]
    fn player_counts_are_two_to_four() {
        assert_eq!(parse_players("3"), Ok(3));
        for bad in ["1", "5", "three", "-2"] {
            assert!(parse_players(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_empty_date_range_is_refused() {
        let filter = ExportFilter {
            since: Some(10),
            until: Some(10),
            ..ExportFilter::default()
        };
        assert_eq!(filter.checked(), Err(FilterError::EmptyRange));
    }

    #[test]
    fn an_anonymous_person_has_neither_name_nor_rating() {
        let seat = FinishedSeat {
            seat: 1,
            username: Some("zelda".into()),
            anonymous: true,
            bot: None,
            rating: Some((1500.0, 1520.0)),
            resigned_at: None,
        };
        let player = ExportPlayer::of(&seat);
        assert_eq!(player.name.as_deref(), Some(ANONYMOUS));
        assert_eq!((player.rating_before, player.rating_after), (None, None));
        let named = ExportPlayer::of(&FinishedSeat {
            anonymous: false,
            ..seat
        });
        assert_eq!(named.name.as_deref(), Some("zelda"));
        assert_eq!(named.rating_after, Some(1520.0));
    }
}
