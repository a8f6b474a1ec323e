//! Tournaments in the database, which every node shares: the tournament, its entries, each
//! round's seats and byes, and the results of its finished tables. Rounds change one node at a
//! time: [`Store::advance_tournament`] first updates the tournament's `turn`, whose row lock
//! (PostgreSQL) or write lock (SQLite) it holds until it commits.

use sqlx::{AnyConnection, Row};

use super::bot_accounts::keep_persons;
use super::event_planning::Channels;
use super::paired_tables::PairedTable;
use super::{decode_error, Store, StoreError, StoreResult};
use crate::domain::mail_event::MailKind;
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

/// What a tournament does next, decided from its snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextStep {
    /// Nothing yet.
    Wait,
    /// Too few entered at the start.
    Cancel,
    /// Round `round` starts with these tables (account ids, in the pairing's order) and byes.
    StartRound {
        /// The round.
        round: u32,
        /// Its tables.
        tables: Vec<Vec<String>>,
        /// Who sits out.
        byes: Vec<String>,
    },
    /// The last round is over: each entrant's place (1 for the winners, shared on a tie), as
    /// their mail tells it.
    Finish {
        /// Account id and place.
        places: Vec<(String, u32)>,
    },
}

/// What [`Store::advance_tournament`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advanced {
    /// The step taken.
    pub step: NextStep,
    /// The tables stored, whose games are to be created.
    pub tables: Vec<PairedTable>,
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

async fn snapshot_in(
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

/// Takes a tournament's turn in `tx` if it stands at one of `statuses`: `false` if it does not.
async fn take_turn(
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

    /// The tournaments that may have a step to take: upcoming ones due to start by `now_ms`,
    /// and running ones.
    ///
    /// # Errors
    /// Database failure.
    pub async fn tournaments_to_advance(&self, now_ms: i64) -> StoreResult<Vec<String>> {
        let rows = sqlx::query(
            "SELECT id FROM tournaments WHERE (status = $1 AND starts_at <= $2) OR status = $3 \
             ORDER BY starts_at, id",
        )
        .bind(TournamentStatus::Upcoming.as_str())
        .bind(now_ms)
        .bind(TournamentStatus::Running.as_str())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| row.try_get(0).map_err(StoreError::from))
            .collect()
    }

    /// A tournament's tables whose game has ended and whose result is not recorded yet:
    /// (round, game id).
    ///
    /// # Errors
    /// Database failure.
    pub async fn tournament_games_to_record(&self, id: &str) -> StoreResult<Vec<(u32, String)>> {
        let rows = sqlx::query(
            "SELECT DISTINCT s.round, s.game_id FROM tournament_seats s \
             JOIN games g ON g.id = s.game_id \
             WHERE s.tournament_id = $1 AND g.status IN ($2, $3) \
             AND NOT EXISTS (SELECT 1 FROM tournament_results r WHERE r.game_id = s.game_id) \
             ORDER BY s.round, s.game_id",
        )
        .bind(id)
        .bind(GameStatus::Finished.as_str())
        .bind(GameStatus::Abandoned.as_str())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get::<i64, _>(0)? as u32, row.try_get(1)?)))
            .collect()
    }

    /// Records a finished table's result, once (a second record of the same game changes
    /// nothing).
    ///
    /// # Errors
    /// Database failure (nothing is written).
    pub async fn record_tournament_table(
        &self,
        tournament_id: &str,
        round: u32,
        game_id: &str,
        places: &[(String, u8, u32)],
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        for (user_id, rank, vp) in places {
            sqlx::query(
                "INSERT INTO tournament_results (tournament_id, round, game_id, user_id, rank, vp) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, user_id) DO NOTHING",
            )
            .bind(tournament_id)
            .bind(i64::from(round))
            .bind(game_id)
            .bind(user_id)
            .bind(i64::from(*rank))
            .bind(i64::from(*vp))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Takes a tournament's next step, one node at a time: under its turn, reads it, lets
    /// `decide` choose the step, and stores it (a round's tables and byes, its number and start,
    /// or the end). Answers the step and the tables made, whose games are yet to be created.
    ///
    /// # Errors
    /// Database failure or a row that does not parse (nothing is written).
    pub async fn advance_tournament(
        &self,
        id: &str,
        now_ms: i64,
        decide: impl FnOnce(&TournamentSnapshot) -> NextStep,
    ) -> StoreResult<Advanced> {
        let waited = Advanced {
            step: NextStep::Wait,
            tables: Vec::new(),
        };
        let mut tx = self.pool.begin().await?;
        let open = [TournamentStatus::Upcoming, TournamentStatus::Running];
        if !take_turn(&mut tx, id, &open).await? {
            return Ok(waited);
        }
        let Some(snapshot) = snapshot_in(&mut tx, id).await? else {
            return Ok(waited);
        };
        let step = decide(&snapshot);
        let tournament = &snapshot.tournament;
        let mut tables = Vec::new();
        match &step {
            NextStep::Wait => return Ok(waited),
            NextStep::Cancel => {
                end(&mut tx, id, TournamentStatus::Cancelled, now_ms).await?;
            }
            NextStep::Finish { places } => {
                end(&mut tx, id, TournamentStatus::Finished, now_ms).await?;
                plan_places(&mut tx, id, places, self.plans_mail).await?;
            }
            NextStep::StartRound {
                round,
                tables: people,
                byes,
            } => {
                let names: std::collections::HashMap<&str, &str> = snapshot
                    .entries
                    .iter()
                    .map(|entry| (entry.user_id.as_str(), entry.username.as_str()))
                    .collect();
                for (index, table) in people.iter().enumerate() {
                    let game_id = random_token()[..12].to_string();
                    sqlx::query(
                        "INSERT INTO paired_tables (game_id, players, pace, people, bot, rated, \
                         mail_at_start, made_at) VALUES ($1, $2, $3, $4, 0, $5, 1, $6)",
                    )
                    .bind(&game_id)
                    .bind(table.len() as i64)
                    .bind(tournament.asked.pace.as_str())
                    .bind(table.join(","))
                    .bind(i64::from(tournament.asked.rated))
                    .bind(now_ms)
                    .execute(&mut *tx)
                    .await?;
                    for user_id in table {
                        insert_seat(
                            &mut tx,
                            id,
                            *round,
                            user_id,
                            index as u32 + 1,
                            Some(&game_id),
                        )
                        .await?;
                    }
                    tables.push(PairedTable {
                        game_id,
                        players: table.len() as u8,
                        pace: tournament.asked.pace,
                        people: table
                            .iter()
                            .map(|user_id| {
                                let name = names.get(user_id.as_str()).copied().unwrap_or_default();
                                (user_id.clone(), name.to_string())
                            })
                            .collect(),
                        bot: false,
                        rated: tournament.asked.rated,
                        mail_at_start: true,
                    });
                }
                for user_id in byes {
                    insert_seat(&mut tx, id, *round, user_id, 0, None).await?;
                }
                sqlx::query(
                    "UPDATE tournaments SET status = $1, round = $2, round_started_at = $3 \
                     WHERE id = $4",
                )
                .bind(TournamentStatus::Running.as_str())
                .bind(i64::from(*round))
                .bind(now_ms)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(Advanced { step, tables })
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

/// Ends a tournament as `status` says.
async fn end(
    tx: &mut AnyConnection,
    id: &str,
    status: TournamentStatus,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query("UPDATE tournaments SET status = $1, finished_at = $2 WHERE id = $3")
        .bind(status.as_str())
        .bind(now_ms)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Plans each entrant's "the tournament is over" event, if they have a channel for it (mail
/// counts if `mails`, for people who want mail when their games end): about their last table's
/// game, with their place as its event key.
async fn plan_places(
    tx: &mut AnyConnection,
    id: &str,
    places: &[(String, u32)],
    mails: bool,
) -> StoreResult<()> {
    let kind = MailKind::TournamentEnded;
    let channels = Channels::of(kind, mails);
    let sql = format!(
        "INSERT INTO mail_outbox (user_id, game_id, kind, event_key, created_at, send_after, \
         state, hooks, push) \
         SELECT u.id, (SELECT s.game_id FROM tournament_seats s WHERE s.tournament_id = $1 \
         AND s.user_id = u.id AND s.game_id IS NOT NULL ORDER BY s.round DESC LIMIT 1), \
         $2, $3, $4, $4, {} FROM users u WHERE u.id = $5 AND {} \
         AND EXISTS (SELECT 1 FROM tournament_seats s WHERE s.tournament_id = $1 \
         AND s.user_id = u.id AND s.game_id IS NOT NULL) ON CONFLICT DO NOTHING",
        channels.columns(),
        channels.any()
    );
    for (user_id, place) in places {
        sqlx::query(&sql)
            .bind(id)
            .bind(kind.as_str())
            .bind(i64::from(*place))
            .bind(crate::domain::time::now())
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

async fn insert_seat(
    tx: &mut AnyConnection,
    id: &str,
    round: u32,
    user_id: &str,
    table_no: u32,
    game_id: Option<&str>,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO tournament_seats (tournament_id, round, user_id, table_no, game_id) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(i64::from(round))
    .bind(user_id)
    .bind(i64::from(table_no))
    .bind(game_id)
    .execute(&mut *tx)
    .await?;
    Ok(())
}
