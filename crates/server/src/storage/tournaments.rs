//! Tournaments in the database, which every node shares: the tournament, its entries, each
//! round's seats and byes, and the results of its finished tables, as a snapshot; creating,
//! entering and withdrawing. The rounds' steps are in `tournament_rounds.rs`; both take the
//! tournament's `turn` first ([`take_turn`]), so that changes come one node at a time.

use sqlx::{AnyConnection, Row};

use super::bot_accounts::keep_persons;
use super::{decode_error, Store, StoreError, StoreResult};
use crate::domain::play_now::Pace;
use crate::domain::rating::starting_rating;
use crate::domain::seats::GameStatus;
use crate::domain::tokens::random_token;
use crate::domain::tournament::TournamentStatus;

/// A tournament as its creator asked for it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournament {
    /// Its name.
    pub name: String,
    /// Who made it.
    pub creator_id: String,
    /// Players per table (2, 3 or 4).
    pub players: u8,
    /// Its tables' pace.
    pub pace: Pace,
    /// How many rounds.
    pub rounds: u8,
    /// When round 1 starts, in milliseconds since the epoch.
    pub starts_at_ms: i64,
    /// Live: minutes from one round's start to the next's; 0 for turn-based paces.
    pub round_minutes: u32,
    /// Whether its games are rated.
    pub rated: bool,
    /// The lowest rating (at its player count) that may enter.
    pub min_rating: Option<i32>,
    /// The fewest finished games that may enter.
    pub min_games: u32,
}

/// A stored tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    /// Its id.
    pub id: String,
    /// What it asked for at its creation.
    pub asked: NewTournament,
    /// Its creator's name.
    pub creator_name: String,
    /// Where it stands.
    pub status: TournamentStatus,
    /// The round being played (0 before the start).
    pub round: u32,
    /// When that round started.
    pub round_started_at_ms: Option<i64>,
    /// When it was created.
    pub created_at_ms: i64,
    /// When it finished or was cancelled.
    pub finished_at_ms: Option<i64>,
    /// How many entered.
    pub entries: u32,
}

/// One entrant.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryRow {
    /// The account.
    pub user_id: String,
    /// Its name.
    pub username: String,
    /// Its rating at the tournament's player count (the starting rating if it has none).
    pub rating: f64,
    /// Whether they left the tournament after its start: later rounds do not seat them.
    pub withdrawn: bool,
}

/// One player's place in one round: a table (from 1) with its game, or a bye (table 0).
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentSeatRow {
    /// The round (from 1).
    pub round: u32,
    /// The player.
    pub user_id: String,
    /// The table, 0 for a bye.
    pub table_no: u32,
    /// The table's game.
    pub game_id: Option<String>,
    /// Where that game stands, once created.
    pub game_status: Option<GameStatus>,
}

/// One player's result at a finished table.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    /// The round.
    pub round: u32,
    /// The table's game.
    pub game_id: String,
    /// The player.
    pub user_id: String,
    /// 1 for the winners; tied players share a rank.
    pub rank: u8,
    /// Final victory points.
    pub vp: u32,
}

/// Everything a tournament's next step is decided from, read under its turn.
#[derive(Clone, Debug)]
pub struct TournamentSnapshot {
    /// The tournament.
    pub tournament: TournamentRow,
    /// Its entrants, in entry order.
    pub entries: Vec<EntryRow>,
    /// Every round's seats and byes.
    pub seats: Vec<TournamentSeatRow>,
    /// The results recorded so far.
    pub results: Vec<ResultRow>,
}

impl TournamentSnapshot {
    /// The account ids of those who left while it ran: their standing stays, but they are
    /// seated no more and shown as gone.
    pub fn withdrawn(&self) -> std::collections::HashSet<&str> {
        self.entries
            .iter()
            .filter(|entry| entry.withdrawn)
            .map(|entry| entry.user_id.as_str())
            .collect()
    }
}

const TOURNAMENT_COLUMNS: &str = "t.id, t.name, t.creator_id, u.username, t.players, t.pace, \
     t.rounds, t.starts_at, t.round_minutes, t.rated, t.min_rating, t.min_games, t.status, \
     t.round, t.round_started_at, t.created_at, t.finished_at, \
     (SELECT COUNT(*) FROM tournament_entries e WHERE e.tournament_id = t.id)";

fn tournament_of(row: &sqlx::any::AnyRow) -> StoreResult<TournamentRow> {
    let pace: String = row.try_get(5)?;
    let status: String = row.try_get(12)?;
    let min_rating: Option<i64> = row.try_get(10)?;
    Ok(TournamentRow {
        id: row.try_get(0)?,
        asked: NewTournament {
            name: row.try_get(1)?,
            creator_id: row.try_get(2)?,
            players: row.try_get::<i64, _>(4)? as u8,
            pace: Pace::parse(&pace).ok_or_else(|| decode_error(&format!("pace {pace}")))?,
            rounds: row.try_get::<i64, _>(6)? as u8,
            starts_at_ms: row.try_get(7)?,
            round_minutes: row.try_get::<i64, _>(8)? as u32,
            rated: row.try_get::<i64, _>(9)? != 0,
            min_rating: min_rating.map(|rating| rating as i32),
            min_games: row.try_get::<i64, _>(11)? as u32,
        },
        creator_name: row.try_get(3)?,
        status: TournamentStatus::parse(&status)
            .ok_or_else(|| decode_error(&format!("tournament status {status}")))?,
        round: row.try_get::<i64, _>(13)? as u32,
        round_started_at_ms: row.try_get(14)?,
        created_at_ms: row.try_get(15)?,
        finished_at_ms: row.try_get(16)?,
        entries: row.try_get::<i64, _>(17)? as u32,
    })
}

async fn tournament_in(conn: &mut AnyConnection, id: &str) -> StoreResult<Option<TournamentRow>> {
    let row = sqlx::query(&format!(
        "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t JOIN users u ON u.id = t.creator_id \
         WHERE t.id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(tournament_of).transpose()
}

async fn entries_in(conn: &mut AnyConnection, id: &str, players: u8) -> StoreResult<Vec<EntryRow>> {
    let rows = sqlx::query(
        "SELECT e.user_id, u.username, r.rating, e.withdrawn_at FROM tournament_entries e \
         JOIN users u ON u.id = e.user_id \
         LEFT JOIN ratings r ON r.user_id = e.user_id AND r.players = $2 \
         WHERE e.tournament_id = $1 ORDER BY e.entered_at, e.user_id",
    )
    .bind(id)
    .bind(i64::from(players))
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(EntryRow {
                user_id: row.try_get(0)?,
                username: row.try_get(1)?,
                rating: row
                    .try_get::<Option<f64>, _>(2)?
                    .unwrap_or(starting_rating().rating),
                withdrawn: row.try_get::<Option<i64>, _>(3)?.is_some(),
            })
        })
        .collect()
}

async fn seats_in(conn: &mut AnyConnection, id: &str) -> StoreResult<Vec<TournamentSeatRow>> {
    let rows = sqlx::query(
        "SELECT s.round, s.user_id, s.table_no, s.game_id, g.status FROM tournament_seats s \
         LEFT JOIN games g ON g.id = s.game_id WHERE s.tournament_id = $1 \
         ORDER BY s.round, s.table_no, s.user_id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            let status: Option<String> = row.try_get(4)?;
            Ok(TournamentSeatRow {
                round: row.try_get::<i64, _>(0)? as u32,
                user_id: row.try_get(1)?,
                table_no: row.try_get::<i64, _>(2)? as u32,
                game_id: row.try_get(3)?,
                game_status: status.as_deref().and_then(GameStatus::parse),
            })
        })
        .collect()
}

async fn results_in(conn: &mut AnyConnection, id: &str) -> StoreResult<Vec<ResultRow>> {
    let rows = sqlx::query(
        "SELECT round, game_id, user_id, rank, vp FROM tournament_results \
         WHERE tournament_id = $1 ORDER BY round, game_id, rank, user_id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(ResultRow {
                round: row.try_get::<i64, _>(0)? as u32,
                game_id: row.try_get(1)?,
                user_id: row.try_get(2)?,
                rank: row.try_get::<i64, _>(3)? as u8,
                vp: row.try_get::<i64, _>(4)? as u32,
            })
        })
        .collect()
}

pub(super) async fn snapshot_in(
    conn: &mut AnyConnection,
    id: &str,
) -> StoreResult<Option<TournamentSnapshot>> {
    let Some(tournament) = tournament_in(conn, id).await? else {
        return Ok(None);
    };
    let entries = entries_in(conn, id, tournament.asked.players).await?;
    let seats = seats_in(conn, id).await?;
    let results = results_in(conn, id).await?;
    Ok(Some(TournamentSnapshot {
        tournament,
        entries,
        seats,
        results,
    }))
}

/// `statuses` as a list of SQL string literals, for `IN (…)` (their words are constants).
fn sql_words(statuses: &[TournamentStatus]) -> String {
    statuses
        .iter()
        .map(|status| format!("'{}'", status.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Store {
    /// Stores a new tournament, upcoming, and answers its id; or answers `None` and stores
    /// nothing when its creator already has `most_upcoming` upcoming tournaments.
    ///
    /// # Errors
    /// Database failure.
    pub async fn create_tournament(
        &self,
        asked: &NewTournament,
        now_ms: i64,
        most_upcoming: u32,
    ) -> StoreResult<Option<String>> {
        let id = random_token()[..12].to_string();
        let created = sqlx::query(
            "INSERT INTO tournaments (id, name, creator_id, players, pace, rounds, starts_at, \
             round_minutes, rated, min_rating, min_games, status, created_at) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 \
             WHERE (SELECT COUNT(*) FROM tournaments WHERE creator_id = $3 AND status = $12) < $14",
        )
        .bind(&id)
        .bind(&asked.name)
        .bind(&asked.creator_id)
        .bind(i64::from(asked.players))
        .bind(asked.pace.as_str())
        .bind(i64::from(asked.rounds))
        .bind(asked.starts_at_ms)
        .bind(i64::from(asked.round_minutes))
        .bind(i64::from(asked.rated))
        .bind(asked.min_rating.map(i64::from))
        .bind(i64::from(asked.min_games))
        .bind(TournamentStatus::Upcoming.as_str())
        .bind(now_ms)
        .bind(i64::from(most_upcoming))
        .execute(&self.pool)
        .await?;
        Ok((created.rows_affected() == 1).then_some(id))
    }

    /// The tournaments standing at one of `statuses`: soonest first when they are all
    /// upcoming, else newest first; at most `limit`.
    ///
    /// # Errors
    /// Database failure or a row that does not parse.
    pub async fn tournaments(
        &self,
        statuses: &[TournamentStatus],
        limit: u32,
    ) -> StoreResult<Vec<TournamentRow>> {
        let order = if statuses == [TournamentStatus::Upcoming] {
            "t.starts_at, t.id"
        } else {
            "t.starts_at DESC, t.id"
        };
        let words = sql_words(statuses);
        let rows = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t JOIN users u ON u.id = t.creator_id \
             WHERE t.status IN ({words}) ORDER BY {order} LIMIT $1"
        ))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(tournament_of).collect()
    }

    /// One tournament with its entries, seats and results.
    ///
    /// # Errors
    /// Database failure or a row that does not parse.
    pub async fn tournament(&self, id: &str) -> StoreResult<Option<TournamentSnapshot>> {
        let mut conn = self.pool.acquire().await?;
        snapshot_in(&mut conn, id).await
    }

    /// Enters `user_id` in an upcoming tournament (entering twice changes nothing).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the tournament is not upcoming (any more), or a database
    /// failure; nothing is written either way.
    pub async fn enter_tournament(&self, id: &str, user_id: &str, now_ms: i64) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        if !take_turn(&mut tx, id, &[TournamentStatus::Upcoming]).await? {
            return Err(StoreError::Conflict);
        }
        keep_persons(&mut tx, [user_id]).await?;
        sqlx::query(
            "INSERT INTO tournament_entries (tournament_id, user_id, entered_at) \
             VALUES ($1, $2, $3) ON CONFLICT (tournament_id, user_id) DO NOTHING",
        )
        .bind(id)
        .bind(user_id)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Takes `user_id` out of a tournament: before the start their entry goes; once it runs,
    /// the entry stays, marked withdrawn, and later rounds do not seat them (the table they sit
    /// at, if any, plays on). Answers whether they had an entry still in play.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the tournament is over, or a database failure; nothing is
    /// written either way.
    pub async fn withdraw_from_tournament(
        &self,
        id: &str,
        user_id: &str,
        now_ms: i64,
    ) -> StoreResult<bool> {
        let mut tx = self.pool.begin().await?;
        let open = [TournamentStatus::Upcoming, TournamentStatus::Running];
        if !take_turn(&mut tx, id, &open).await? {
            return Err(StoreError::Conflict);
        }
        let started = tournament_in(&mut tx, id)
            .await?
            .is_some_and(|t| t.status == TournamentStatus::Running);
        let change = if started {
            sqlx::query(
                "UPDATE tournament_entries SET withdrawn_at = $1 \
                 WHERE tournament_id = $2 AND user_id = $3 AND withdrawn_at IS NULL",
            )
            .bind(now_ms)
        } else {
            sqlx::query("DELETE FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2")
        };
        let changed = change
            .bind(id)
            .bind(user_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(changed == 1)
    }

    /// The upcoming and running tournaments `user_id` entered and still plays in, soonest
    /// first.
    ///
    /// # Errors
    /// Database failure or a row that does not parse.
    pub async fn tournaments_entered(&self, user_id: &str) -> StoreResult<Vec<TournamentRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t JOIN users u ON u.id = t.creator_id \
             JOIN tournament_entries me ON me.tournament_id = t.id AND me.user_id = $1 \
             AND me.withdrawn_at IS NULL WHERE t.status IN ($2, $3) ORDER BY t.starts_at, t.id"
        ))
        .bind(user_id)
        .bind(TournamentStatus::Upcoming.as_str())
        .bind(TournamentStatus::Running.as_str())
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(tournament_of).collect()
    }
}

/// Takes a tournament's turn in `tx` if it stands at one of `statuses`: `false` if it does not.
pub(super) async fn take_turn(
    tx: &mut AnyConnection,
    id: &str,
    statuses: &[TournamentStatus],
) -> StoreResult<bool> {
    let allowed = sql_words(statuses);
    let taken = sqlx::query(&format!(
        "UPDATE tournaments SET turn = turn + 1 WHERE id = $1 AND status IN ({allowed})"
    ))
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    Ok(taken == 1)
}
