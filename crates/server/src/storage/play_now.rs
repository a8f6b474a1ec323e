//! "Play now" in the database, which every node shares: the pools people wait in and the
//! pairing (one node at a time: it first updates the one `play_now_turn` row, whose lock it
//! holds until it commits), which stores the tables it made (`paired_tables.rs` creates their
//! games).

use sqlx::Row;

use super::bot_accounts::keep_persons;
use super::paired_tables::PairedTable;
use super::{decode_error, Store, StoreResult};
use crate::domain::play_now::{Pace, Table, Waiting};
use crate::domain::rating::starting_rating;
use crate::domain::seats::GameStatus;
use crate::domain::tokens::random_token;

/// One pool a person waits in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolEntry {
    /// The pool's player count.
    pub players: u8,
    /// The pool's pace.
    pub pace: Pace,
    /// Since when (milliseconds since the epoch).
    pub since_ms: i64,
    /// After how long a wait a bot may take the last seat.
    pub bot_after_secs: Option<u32>,
}

/// A person's last table from "play now".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastTable {
    /// Its game's id.
    pub game_id: String,
    /// Whether its game is stored yet.
    pub created: bool,
    /// Where its game stands, once stored.
    pub status: Option<GameStatus>,
}

/// What "play now" holds for one person.
#[derive(Clone, Debug, Default)]
pub struct PlayNowStatus {
    /// The pools they wait in.
    pub waiting: Vec<PoolEntry>,
    /// Their last table.
    pub last_table: Option<LastTable>,
}

/// The paces whose pools keep only the people whose page is open, for SQL.
fn live_paces() -> String {
    Pace::ALL
        .into_iter()
        .filter(|pace| pace.is_live())
        .map(|pace| format!("'{}'", pace.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn parse_pace(name: &str) -> StoreResult<Pace> {
    Pace::parse(name).ok_or_else(|| decode_error(&format!("pace {name}")))
}

impl Store {
    /// Puts `user_id` in the pools `pools` (those they wait in already keep their place).
    ///
    /// # Errors
    /// Database failure (nothing is written).
    pub async fn join_pools(
        &self,
        user_id: &str,
        pools: &[(u8, Pace)],
        bot_after_secs: Option<u32>,
        now_ms: i64,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        keep_persons(&mut tx, [user_id]).await?;
        for (players, pace) in pools {
            sqlx::query(
                "INSERT INTO play_now_waiting (user_id, players, pace, since, seen, bot_after_secs) \
                 VALUES ($1, $2, $3, $4, $4, $5) ON CONFLICT (user_id, players, pace) \
                 DO UPDATE SET seen = excluded.seen, bot_after_secs = excluded.bot_after_secs",
            )
            .bind(user_id)
            .bind(i64::from(*players))
            .bind(pace.as_str())
            .bind(now_ms)
            .bind(bot_after_secs.map(i64::from))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Takes `user_id` out of every pool; answers how many they were in. It waits for a
    /// pairing in progress (it takes the same turn), so a person is either out before a pairing
    /// or seated by it, never both.
    ///
    /// # Errors
    /// Database failure.
    pub async fn leave_pools(&self, user_id: &str) -> StoreResult<u64> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE play_now_turn SET turn = turn + 1 WHERE id = 1")
            .execute(&mut *tx)
            .await?;
        let result = sqlx::query("DELETE FROM play_now_waiting WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(result.rows_affected())
    }

    /// What "play now" holds for `user_id`, who is on the page at `now_ms` (their live pools
    /// keep them).
    ///
    /// # Errors
    /// Database failure or a row that does not parse.
    pub async fn play_now_status(&self, user_id: &str, now_ms: i64) -> StoreResult<PlayNowStatus> {
        sqlx::query("UPDATE play_now_waiting SET seen = $1 WHERE user_id = $2")
            .bind(now_ms)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        let rows = sqlx::query(
            "SELECT players, pace, since, bot_after_secs FROM play_now_waiting \
             WHERE user_id = $1 ORDER BY players, pace",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        let waiting = rows
            .iter()
            .map(|row| {
                let players: i64 = row.try_get(0)?;
                let pace: String = row.try_get(1)?;
                let bot: Option<i64> = row.try_get(3)?;
                Ok(PoolEntry {
                    players: players as u8,
                    pace: parse_pace(&pace)?,
                    since_ms: row.try_get(2)?,
                    bot_after_secs: bot.map(|secs| secs as u32),
                })
            })
            .collect::<StoreResult<Vec<_>>>()?;
        let last = sqlx::query(
            "SELECT l.game_id, t.created, g.status FROM play_now_last l \
             LEFT JOIN paired_tables t ON t.game_id = l.game_id \
             LEFT JOIN games g ON g.id = l.game_id WHERE l.user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        let last_table = match last {
            Some(row) => {
                let status: Option<String> = row.try_get(2)?;
                Some(LastTable {
                    game_id: row.try_get(0)?,
                    created: row.try_get::<Option<i64>, _>(1)?.unwrap_or(0) != 0,
                    status: status.as_deref().and_then(GameStatus::parse),
                })
            }
            None => None,
        };
        Ok(PlayNowStatus {
            waiting,
            last_table,
        })
    }

    /// Pairs the pools, one node at a time: takes the turn (the `play_now_turn` row's lock,
    /// held to the commit), takes out of the live pools whoever was last seen before
    /// `left_before_ms`, lets `decide` make tables of everyone waiting, and stores them: their
    /// people out of every pool, the table, each person's last table. Answers the tables made,
    /// whose games are yet to be created.
    ///
    /// # Errors
    /// Database failure (nothing is written).
    pub async fn pair_pools(
        &self,
        left_before_ms: i64,
        now_ms: i64,
        decide: impl FnOnce(&[Waiting]) -> Vec<Table>,
    ) -> StoreResult<Vec<PairedTable>> {
        // Nobody waiting (most of the time): no write, no lock.
        let anyone: i64 = sqlx::query("SELECT COUNT(*) FROM play_now_waiting")
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        if anyone == 0 {
            return Ok(Vec::new());
        }
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE play_now_turn SET turn = turn + 1, node = $1 WHERE id = 1")
            .bind(&*self.node)
            .execute(&mut *tx)
            .await?;
        sqlx::query(&format!(
            "DELETE FROM play_now_waiting WHERE seen < $1 AND pace IN ({})",
            live_paces()
        ))
        .bind(left_before_ms)
        .execute(&mut *tx)
        .await?;
        let rows = sqlx::query(
            "SELECT w.user_id, u.username, w.players, w.pace, w.since, w.bot_after_secs, \
             r.rating, l.opponents FROM play_now_waiting w JOIN users u ON u.id = w.user_id \
             LEFT JOIN ratings r ON r.user_id = w.user_id AND r.players = w.players \
             LEFT JOIN play_now_last l ON l.user_id = w.user_id",
        )
        .fetch_all(&mut *tx)
        .await?;
        let mut names = std::collections::HashMap::new();
        let mut waiting = Vec::with_capacity(rows.len());
        for row in &rows {
            let user_id: String = row.try_get(0)?;
            names.insert(user_id.clone(), row.try_get::<String, _>(1)?);
            let players: i64 = row.try_get(2)?;
            let pace: String = row.try_get(3)?;
            let bot: Option<i64> = row.try_get(5)?;
            let opponents: Option<String> = row.try_get(7)?;
            waiting.push(Waiting {
                user_id,
                players: players as u8,
                pace: parse_pace(&pace)?,
                rating: row
                    .try_get::<Option<f64>, _>(6)?
                    .unwrap_or(starting_rating().rating),
                since_ms: row.try_get(4)?,
                bot_after_secs: bot.map(|secs| secs as u32),
                last_opponents: opponents
                    .unwrap_or_default()
                    .split(',')
                    .filter(|id| !id.is_empty())
                    .map(str::to_string)
                    .collect(),
            });
        }
        if waiting.is_empty() {
            tx.commit().await?;
            return Ok(Vec::new());
        }
        let mut made = Vec::new();
        for table in decide(&waiting) {
            let game_id = random_token()[..12].to_string();
            sqlx::query(
                "INSERT INTO paired_tables (game_id, players, pace, people, bot, rated, \
                 mail_at_start, made_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&game_id)
            .bind(i64::from(table.players))
            .bind(table.pace.as_str())
            .bind(table.people.join(","))
            .bind(i64::from(table.bot))
            .bind(i64::from(!table.bot))
            .bind(i64::from(!table.pace.is_live()))
            .bind(now_ms)
            .execute(&mut *tx)
            .await?;
            for person in &table.people {
                sqlx::query("DELETE FROM play_now_waiting WHERE user_id = $1")
                    .bind(person)
                    .execute(&mut *tx)
                    .await?;
                let others: Vec<&str> = table
                    .people
                    .iter()
                    .filter(|other| *other != person)
                    .map(String::as_str)
                    .collect();
                sqlx::query(
                    "INSERT INTO play_now_last (user_id, game_id, opponents) VALUES ($1, $2, $3) \
                     ON CONFLICT (user_id) DO UPDATE SET game_id = excluded.game_id, \
                     opponents = excluded.opponents",
                )
                .bind(person)
                .bind(&game_id)
                .bind(others.join(","))
                .execute(&mut *tx)
                .await?;
            }
            made.push(PairedTable {
                game_id,
                players: table.players,
                pace: table.pace,
                people: table
                    .people
                    .iter()
                    .map(|id| (id.clone(), names.get(id).cloned().unwrap_or_default()))
                    .collect(),
                bot: table.bot,
                rated: !table.bot,
                mail_at_start: !table.pace.is_live(),
            });
        }
        tx.commit().await?;
        Ok(made)
    }
}
