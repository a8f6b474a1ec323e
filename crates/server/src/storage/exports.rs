//! Reading finished games for the export, one page at a time in the export's order (the number
//! each game got when it finished: `migrations/0022_export_order.sql`), and each account's
//! choice to appear as anonymous in exports.

use std::collections::HashMap;

use helvetia_engine::Seat;
use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, Row};

use super::account_flags::AccountFlag;
use super::{decode_error, Store, StoreResult};
use crate::domain::clock::Clock;
use crate::domain::export::{ExportFilter, FinishedGame, FinishedSeat};
use crate::domain::seats::BotLevel;

/// One page of an export: the filter, where the previous page ended and how many games.
#[derive(Clone, Debug)]
pub struct ExportQuery<'a> {
    /// Which games.
    pub filter: &'a ExportFilter,
    /// The number in the export's order of the last game already written; 0 for none.
    pub after: i64,
    /// Most games in the page.
    pub games: usize,
}

impl Store {
    /// The next page of finished games (tutorials aside), oldest finish first, with their
    /// seats, actions and rating changes: four statements, whatever the page holds.
    ///
    /// # Errors
    /// Database failure, or a row that does not parse.
    pub async fn finished_games(&self, query: &ExportQuery<'_>) -> StoreResult<Vec<FinishedGame>> {
        let filter = query.filter;
        // Absent filters are bound as values that hold every game, so that one statement fits
        // all of them.
        let rows = sqlx::query(
            "SELECT g.id, g.options, g.seed, g.created_at, g.finished_at, g.rated, g.end_reason, \
             g.winners, g.clock, g.finish_seq FROM games g \
             WHERE g.status = 'finished' AND g.tutorial = 0 AND g.finished_at IS NOT NULL \
             AND g.finish_seq > $1 \
             AND g.finished_at >= $2 AND g.finished_at < $3 \
             AND ($4 = 0 OR (SELECT COUNT(*) FROM seats c WHERE c.game_id = g.id) = $4) \
             AND ($5 = '' OR EXISTS (SELECT 1 FROM seats p JOIN users u ON u.id = p.user_id \
                 WHERE p.game_id = g.id AND p.user_id = $5 AND u.export_anonymous = 0)) \
             ORDER BY g.finish_seq LIMIT $6",
        )
        .bind(query.after)
        .bind(filter.since.unwrap_or(i64::MIN))
        .bind(filter.until.unwrap_or(i64::MAX))
        .bind(i64::from(filter.players.unwrap_or(0)))
        .bind(filter.player_id.as_deref().unwrap_or(""))
        .bind(query.games as i64)
        .fetch_all(&self.pool)
        .await?;
        let mut games = rows
            .iter()
            .map(parse_finished)
            .collect::<StoreResult<Vec<_>>>()?;
        if games.is_empty() {
            return Ok(games);
        }
        let index: HashMap<String, usize> = games
            .iter()
            .enumerate()
            .map(|(i, game)| (game.id.clone(), i))
            .collect();
        let ids: Vec<String> = games.iter().map(|game| game.id.clone()).collect();
        let placeholders = (1..=ids.len())
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");

        let sql = format!(
            "SELECT s.game_id, s.seat, s.kind, s.bot_level, u.username, u.export_anonymous, \
             s.resigned_at FROM seats s LEFT JOIN users u ON u.id = s.user_id \
             WHERE s.game_id IN ({placeholders}) ORDER BY s.game_id, s.seat"
        );
        let seats = bind_all(sqlx::query(&sql), &ids)
            .fetch_all(&self.pool)
            .await?;
        for row in &seats {
            let game_id: String = row.try_get(0)?;
            let seat = parse_seat(row)?;
            games[index[&game_id]].seats.push(seat);
        }

        let sql = format!(
            "SELECT game_id, seat, before_rating, after_rating FROM rating_changes \
             WHERE game_id IN ({placeholders})"
        );
        let changes = bind_all(sqlx::query(&sql), &ids)
            .fetch_all(&self.pool)
            .await?;
        for row in &changes {
            let game_id: String = row.try_get(0)?;
            let seat: i64 = row.try_get(1)?;
            let game = &mut games[index[&game_id]];
            if let Some(entry) = game.seats.iter_mut().find(|s| i64::from(s.seat) == seat) {
                entry.rating = Some((row.try_get(2)?, row.try_get(3)?));
            }
        }

        let sql = format!(
            "SELECT game_id, idx, action FROM actions WHERE game_id IN ({placeholders}) \
             UNION ALL SELECT game_id, idx, action FROM recent_actions \
             WHERE game_id IN ({placeholders}) ORDER BY game_id, idx"
        );
        let actions = bind_all(sqlx::query(&sql), &ids)
            .fetch_all(&self.pool)
            .await?;
        for row in &actions {
            let game_id: String = row.try_get(0)?;
            let idx: i64 = row.try_get(1)?;
            let json: String = row.try_get(2)?;
            let game = &mut games[index[&game_id]];
            if idx as usize != game.actions.len() {
                return Err(decode_error(&format!(
                    "game {game_id}: action {idx} follows action {}",
                    game.actions.len() as i64 - 1
                )));
            }
            game.actions
                .push(serde_json::from_str(&json).map_err(|e| decode_error(&e))?);
        }
        Ok(games)
    }

    /// Where a cursor of the export's order by finish time and id stands in the order by
    /// number: the games finished before numbering were numbered in that order, so it is the
    /// greatest number of a game at or before (`finished_at`, `id`); 0 if none.
    ///
    /// # Errors
    /// Database failure.
    pub async fn finish_seq_at(&self, finished_at: i64, id: &str) -> StoreResult<i64> {
        let number: Option<i64> = sqlx::query_scalar(
            "SELECT MAX(finish_seq) FROM games WHERE status = 'finished' \
             AND finish_seq IS NOT NULL AND finished_at IS NOT NULL \
             AND (finished_at < $1 OR (finished_at = $1 AND id <= $2))",
        )
        .bind(finished_at)
        .bind(id)
        .fetch_one(&self.pool)
        .await?;
        Ok(number.unwrap_or(0))
    }

    /// Whether the account appears as anonymous in exports; `None` if there is no such account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn anonymous_in_exports(&self, user_id: &str) -> StoreResult<Option<bool>> {
        self.account_flag(user_id, AccountFlag::ExportAnonymous)
            .await
    }

    /// Stores whether the account appears as anonymous in exports.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_anonymous_in_exports(&self, user_id: &str, on: bool) -> StoreResult<()> {
        self.set_account_flag(user_id, AccountFlag::ExportAnonymous, on)
            .await
    }
}

fn bind_all<'q>(
    mut query: Query<'q, Any, AnyArguments<'q>>,
    ids: &'q [String],
) -> Query<'q, Any, AnyArguments<'q>> {
    for id in ids {
        query = query.bind(id.as_str());
    }
    query
}

fn parse_finished(row: &sqlx::any::AnyRow) -> StoreResult<FinishedGame> {
    let options: String = row.try_get(1)?;
    let seed: i64 = row.try_get(2)?;
    let end_reason: Option<String> = row.try_get(6)?;
    let winners: Option<String> = row.try_get(7)?;
    let clock: Option<String> = row.try_get(8)?;
    let clock: Option<Clock> = clock
        .map(|json| serde_json::from_str(&json).map_err(|e| decode_error(&e)))
        .transpose()?;
    let winners = winners
        .unwrap_or_default()
        .split(',')
        .filter(|part| !part.is_empty())
        .map(|part| part.parse::<u8>().map(Seat).map_err(|e| decode_error(&e)))
        .collect::<StoreResult<Vec<_>>>()?;
    Ok(FinishedGame {
        id: row.try_get(0)?,
        options: serde_json::from_str(&options).map_err(|e| decode_error(&e))?,
        seed: seed as u64,
        actions: Vec::new(),
        created_at: row.try_get(3)?,
        finished_at: row.try_get(4)?,
        finish_seq: row.try_get(9)?,
        rated: row.try_get::<i64, _>(5)? != 0,
        ended_by_resignation: end_reason.as_deref() == Some(super::games::RESIGNED),
        winners,
        time_control: clock.map(|clock| clock.control),
        seats: Vec::new(),
    })
}

fn parse_seat(row: &sqlx::any::AnyRow) -> StoreResult<FinishedSeat> {
    let seat: i64 = row.try_get(1)?;
    let kind: String = row.try_get(2)?;
    let level: Option<String> = row.try_get(3)?;
    let resigned_at: Option<i64> = row.try_get(6)?;
    let bot = match kind.as_str() {
        "bot" => Some(
            level
                .as_deref()
                .and_then(BotLevel::parse)
                .ok_or_else(|| decode_error(&format!("bot level {level:?}")))?,
        ),
        _ => None,
    };
    Ok(FinishedSeat {
        seat: seat as u8,
        username: row.try_get(4)?,
        anonymous: row.try_get::<Option<i64>, _>(5)?.unwrap_or(0) != 0,
        bot,
        rating: None,
        resigned_at: resigned_at.map(|at| at as u64),
    })
}
