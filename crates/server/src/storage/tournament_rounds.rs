//! A tournament's rounds in the database: which tournaments may have a step to take, the
//! results of their finished tables recorded, and the step itself (the next round's tables, or
//! the end), taken by one node at a time: [`Store::advance_tournament`] first updates the
//! tournament's `turn`, whose row lock (PostgreSQL) or write lock (SQLite) it holds until it
//! commits.

use sqlx::{AnyConnection, Row};

use super::event_planning::Channels;
use super::paired_tables::PairedTable;
use super::tournaments::{snapshot_in, take_turn, TournamentSnapshot};
use super::{Store, StoreError, StoreResult};
use crate::domain::mail_event::MailKind;
use crate::domain::seats::GameStatus;
use crate::domain::tokens::random_token;
use crate::domain::tournament::TournamentStatus;

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

impl Store {
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
