//! Game rows and seats: creating, loading one game for replay, seat and status changes before
//! the first action, and the lobby's lists, which are queries (no game is replayed for them).

use helvetia_engine::Seat;
use sqlx::any::AnyRow;
use sqlx::Row;

use super::account_limits::{within_cap, AccountCap};
use super::bot_accounts::keep_persons;
use super::game_changes::GameChange;
use super::{
    decode_error, GameRecordRow, GameSettings, RowSummary, Store, StoreError, StoreResult,
};
use crate::domain::clock::{Clock, TimeControl};
use crate::domain::mail_event::MailEvent;
use crate::domain::seats::{BotLevel, GameStatus, Occupant, OnResign, SeatRecord};

/// Which games a lobby list holds.
#[derive(Clone, Debug)]
pub enum GameFilter {
    /// Open games with a seat anyone may join.
    Open,
    /// Open and running games the user sits in or created.
    Mine {
        /// The user's account id.
        user_id: String,
    },
    /// Finished games.
    Finished,
    /// Running games, for anyone to watch.
    Running,
    /// The open game holding an invitation.
    Invited {
        /// The invitation's secret token.
        token: String,
    },
    /// Open and running games with a seat the user holds or that is kept for them (a bot
    /// account's invitations and games).
    Seated {
        /// The user's account id.
        user_id: String,
    },
    /// Running, finished and abandoned games the user has a seat in.
    Played {
        /// The user's account id.
        user_id: String,
    },
}

/// A game as the lobby lists it, read from its row and seats.
#[derive(Clone, Debug)]
pub struct ListedGame {
    /// Game id.
    pub id: String,
    /// Who created it.
    pub creator_id: String,
    /// Engine options.
    pub options: helvetia_engine::GameOptions,
    /// Where it stands.
    pub status: GameStatus,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    /// Whose decision it is, while it runs.
    pub to_move: Option<Seat>,
    /// The winners, once finished.
    pub winners: Vec<Seat>,
    /// The seats.
    pub seats: Vec<SeatRecord>,
    /// The time control, for a game with a clock.
    pub time_control: Option<TimeControl>,
    /// Whether the result counts for ratings.
    pub rated: bool,
    /// When the running turn's clock runs out (milliseconds since the epoch), if one runs.
    pub deadline_ms: Option<i64>,
    /// When the running turn began (milliseconds since the epoch).
    pub turn_began_ms: Option<i64>,
}

/// Most games in one list.
pub const LIST_LIMIT: i64 = 200;

const SEAT_COLUMNS: &str =
    "s.game_id, s.seat, s.kind, s.user_id, s.bot_level, s.invite_token, u.username, s.stand_in, \
     s.voted_to_end, s.resigned_at, COALESCE(u.bot, 0)";

impl Store {
    /// The status of game `id`, if there is one.
    ///
    /// # Errors
    /// Database failure or a status that does not parse.
    pub async fn status_of(&self, id: &str) -> StoreResult<Option<GameStatus>> {
        let status: Option<String> = sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        status
            .map(|word| {
                GameStatus::parse(&word).ok_or_else(|| decode_error(&format!("status {word}")))
            })
            .transpose()
    }

    /// Stores a new game with its seats, if its creator is under `cap`.
    ///
    /// # Errors
    /// [`StoreError::OverLimit`] at the cap, or a database failure.
    pub async fn create_game(&self, game: &GameRecordRow, cap: &AccountCap) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        keep_persons(&mut tx, persons_of(game)).await?;
        within_cap(&mut tx, cap).await?;
        self.insert_game(&mut tx, game).await?;
        self.commit_change(tx, GameChange::quiet(&game.id, 0)).await
    }

    /// Changes who sits in a seat of an open game, if it still holds `expected` (so two joins
    /// cannot both win, on one node or on several), and tells the other nodes. With `unrate`
    /// the game is no longer rated, in the same transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the seat or the game changed meanwhile.
    pub async fn update_seat(
        &self,
        game_id: &str,
        seat: &SeatRecord,
        expected: &Occupant,
        unrate: bool,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        keep_persons(&mut tx, person_of(seat)).await?;
        let (kind, user, level, token) = seat.occupant.columns();
        let (old_kind, old_user, _, _) = expected.columns();
        let result = sqlx::query(
            "UPDATE seats SET kind = $1, user_id = $2, bot_level = $3, invite_token = $4 \
             WHERE game_id = $5 AND seat = $6 AND kind = $7 AND COALESCE(user_id, '') = $8 \
             AND EXISTS (SELECT 1 FROM games g WHERE g.id = $5 AND g.status = 'open')",
        )
        .bind(kind)
        .bind(user)
        .bind(level)
        .bind(token)
        .bind(game_id)
        .bind(i64::from(seat.seat))
        .bind(old_kind)
        .bind(old_user.unwrap_or_default())
        .execute(&mut *tx)
        .await?;
        if result.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        if unrate {
            sqlx::query("UPDATE games SET rated = 0 WHERE id = $1")
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        }
        self.commit_change(tx, GameChange::quiet(game_id, 0)).await
    }

    /// Moves a game from `from` to `to` status (start or cancel, before any action), with the
    /// mail that calls for, and tells the other nodes.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the game was not in status `from`; [`StoreError::OverLimit`]
    /// if the creator is at `cap`.
    pub async fn set_status(
        &self,
        game_id: &str,
        (from, to): (GameStatus, GameStatus),
        to_move: Option<Seat>,
        clock: Option<&Clock>,
        mail: Option<&MailEvent>,
        cap: Option<&AccountCap>,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        if let Some(cap) = cap {
            within_cap(&mut tx, cap).await?;
        }
        let result = sqlx::query(
            "UPDATE games SET status = $1, to_move = $2, clock = $5, deadline = $6 \
             WHERE id = $3 AND status = $4",
        )
        .bind(to.as_str())
        .bind(to_move.map(|seat| i64::from(seat.0)))
        .bind(game_id)
        .bind(from.as_str())
        .bind(clock_column(clock))
        .bind(clock.and_then(Clock::deadline_ms))
        .execute(&mut *tx)
        .await?;
        if result.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        let change = GameChange {
            game_id,
            version: 0,
            event: mail.map(|mail| (mail, 0)),
        };
        self.commit_change(tx, change).await
    }

    /// Writes a new game with its seats within `tx` (whose commit tells the other nodes: a bot
    /// account invited to it may be listening on any of them).
    pub(super) async fn insert_game(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        game: &GameRecordRow,
    ) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO games (id, creator_id, options, seed, status, created_at, version, \
                 clock, rated, spectators_apart, on_resign, hints, tutorial) \
                 VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, $11, $12)",
        )
        .bind(&game.id)
        .bind(&game.creator_id)
        .bind(serde_json::to_string(&game.options).expect("options serialize"))
        .bind(game.seed as i64)
        .bind(game.status.as_str())
        .bind(game.created_at)
        .bind(clock_column(game.clock.as_ref()))
        .bind(i64::from(game.settings.rated))
        .bind(i64::from(game.settings.spectators_apart))
        .bind(game.settings.on_resign.as_str())
        .bind(i64::from(game.settings.hints))
        .bind(i64::from(game.settings.tutorial))
        .execute(&mut **tx)
        .await?;
        for seat in &game.seats {
            let (kind, user, level, token) = seat.occupant.columns();
            sqlx::query(
                "INSERT INTO seats (game_id, seat, kind, user_id, bot_level, invite_token) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&game.id)
            .bind(i64::from(seat.seat))
            .bind(kind)
            .bind(user)
            .bind(level)
            .bind(token)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    /// One game with its seats and whole log, to rebuild it by replay; `None` if there is none.
    ///
    /// The log and the version that goes with it are read by one statement, so that they agree
    /// even while another node writes (a log one action ahead of its version would offer the
    /// wrong player a decision).
    ///
    /// # Errors
    /// Database failure, or a row that does not parse or a log with a hole (a damaged record).
    pub async fn load_game(&self, id: &str) -> StoreResult<Option<GameRecordRow>> {
        let Some(row) = sqlx::query(
            "SELECT id, creator_id, options, seed, status, created_at, version, rated, \
             spectators_apart, on_resign, end_reason, hints, tutorial FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let mut game = parse_game(&row)?;
        game.seats = self.seats_of(id).await?;
        let (version, clock, actions) = self.catch_up(id, 0).await?;
        game.version = version;
        game.clock = clock;
        if game.status == GameStatus::Finished {
            game.rating_changes = self.rating_changes(id).await?;
        }
        for (idx, seat, action) in actions {
            if idx as usize != game.actions.len() {
                return Err(decode_error(&format!(
                    "game {id}: action {idx} follows action {}",
                    game.actions.len() as i64 - 1
                )));
            }
            game.actions.push((seat, action));
        }
        Ok(Some(game))
    }

    /// The seats of a game, in order.
    ///
    /// # Errors
    /// Database failure, or a seat that does not parse.
    pub async fn seats_of(&self, game_id: &str) -> StoreResult<Vec<SeatRecord>> {
        let seats = sqlx::query(&format!(
            "SELECT {SEAT_COLUMNS} FROM seats s LEFT JOIN users u ON u.id = s.user_id \
             WHERE s.game_id = $1 ORDER BY s.seat"
        ))
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        seats.iter().map(parse_seat).collect()
    }

    /// The game's version, its clock and its actions from index `from` on (in the log's table
    /// and its newest rows, `log_compaction`), read by one statement (so they agree), for a
    /// node whose copy is behind.
    ///
    /// # Errors
    /// Database failure, an unknown game, or an action that does not parse.
    pub async fn catch_up(
        &self,
        id: &str,
        from: u64,
    ) -> StoreResult<(u64, Option<Clock>, Vec<(u64, u8, helvetia_engine::Action)>)> {
        let rows = sqlx::query(
            "SELECT g.version, a.idx, a.seat, a.action, g.clock FROM games g \
             LEFT JOIN (SELECT game_id, idx, seat, action FROM actions \
                 WHERE game_id = $1 AND idx >= $2 \
               UNION ALL SELECT game_id, idx, seat, action FROM recent_actions \
                 WHERE game_id = $1 AND idx >= $2) a ON a.game_id = g.id \
             WHERE g.id = $1 ORDER BY a.idx",
        )
        .bind(id)
        .bind(from as i64)
        .fetch_all(&self.pool)
        .await?;
        let first = rows.first().ok_or(StoreError::Conflict)?;
        let version: i64 = first.try_get(0)?;
        let clock = parse_clock(first.try_get(4)?)?;
        let mut actions = Vec::with_capacity(rows.len());
        for row in &rows {
            let Some(idx) = row.try_get::<Option<i64>, _>(1)? else {
                continue;
            };
            let seat: i64 = row.try_get(2)?;
            let json: String = row.try_get(3)?;
            let action = serde_json::from_str(&json).map_err(|e| decode_error(&e))?;
            actions.push((idx as u64, seat as u8, action));
        }
        Ok((version as u64, clock, actions))
    }

    /// The games of one lobby list, newest first, at most [`LIST_LIMIT`].
    ///
    /// # Errors
    /// Database failure or a row that does not parse.
    pub async fn list_games(&self, filter: &GameFilter) -> StoreResult<Vec<ListedGame>> {
        let (condition, user) = match filter {
            GameFilter::Open => (
                "g.status = 'open' AND EXISTS \
                 (SELECT 1 FROM seats o WHERE o.game_id = g.id AND o.kind = 'open')",
                "",
            ),
            GameFilter::Mine { user_id } => (
                "g.status IN ('open', 'running') AND (g.creator_id = $2 OR EXISTS \
                 (SELECT 1 FROM seats m WHERE m.game_id = g.id AND m.user_id = $2))",
                user_id.as_str(),
            ),
            GameFilter::Finished => ("g.status = 'finished'", ""),
            GameFilter::Running => ("g.status = 'running'", ""),
            GameFilter::Invited { token } => (
                "g.status = 'open' AND EXISTS \
                 (SELECT 1 FROM seats i WHERE i.game_id = g.id AND i.kind = 'invite' \
                 AND i.invite_token = $2)",
                token.as_str(),
            ),
            GameFilter::Seated { user_id } => (
                "g.status IN ('open', 'running') AND EXISTS \
                 (SELECT 1 FROM seats b WHERE b.game_id = g.id AND b.user_id = $2)",
                user_id.as_str(),
            ),
            GameFilter::Played { user_id } => (
                "g.status IN ('running', 'finished', 'abandoned') AND EXISTS \
                 (SELECT 1 FROM seats p WHERE p.game_id = g.id AND p.user_id = $2)",
                user_id.as_str(),
            ),
        };
        // `$2 = $2` keeps the user parameter used in every list, so one binding fits all.
        let games = sqlx::query(&format!(
            "SELECT g.id, g.creator_id, g.options, g.status, g.created_at, g.to_move, g.winners, \
             g.clock, g.rated, g.deadline, g.turn_began_ms FROM games g \
             WHERE {condition} AND $2 = $2 \
             ORDER BY g.created_at DESC, g.id LIMIT $1"
        ))
        .bind(LIST_LIMIT)
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        let mut listed: Vec<ListedGame> =
            games.iter().map(parse_listed).collect::<StoreResult<_>>()?;
        let Some(oldest) = listed.last().map(|g| (g.created_at, g.id.clone())) else {
            return Ok(listed);
        };
        let seats = sqlx::query(&format!(
            "SELECT {SEAT_COLUMNS} FROM seats s JOIN games g ON g.id = s.game_id \
             LEFT JOIN users u ON u.id = s.user_id \
             WHERE {condition} AND $2 = $2 AND (g.created_at > $1 OR \
             (g.created_at = $1 AND g.id <= $3)) ORDER BY s.game_id, s.seat"
        ))
        .bind(oldest.0)
        .bind(user)
        .bind(&oldest.1)
        .fetch_all(&self.pool)
        .await?;
        let position: std::collections::HashMap<String, usize> = listed
            .iter()
            .enumerate()
            .map(|(i, g)| (g.id.clone(), i))
            .collect();
        for row in &seats {
            let game_id: String = row.try_get(0)?;
            if let Some(&i) = position.get(&game_id) {
                listed[i].seats.push(parse_seat(row)?);
            }
        }
        Ok(listed)
    }

    /// Games stored before the games row carried its summary.
    ///
    /// # Errors
    /// Database failure.
    pub async fn games_without_summary(&self) -> StoreResult<Vec<String>> {
        let rows = sqlx::query("SELECT id FROM games WHERE needs_summary = 1")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok(row.try_get(0)?))
            .collect::<StoreResult<_>>()
    }

    /// Stores the summary of a game stored before the games row carried it.
    ///
    /// # Errors
    /// Database failure.
    pub async fn store_summary(&self, id: &str, summary: &RowSummary) -> StoreResult<()> {
        sqlx::query(
            "UPDATE games SET status = $1, to_move = $2, winners = $3, needs_summary = 0, \
             forced_step = $5, finished_at = CASE WHEN $1 = 'finished' \
             THEN COALESCE(finished_at, created_at) ELSE finished_at END WHERE id = $4",
        )
        .bind(summary.status.as_str())
        .bind(summary.to_move.map(|seat| i64::from(seat.0)))
        .bind(winners_column(summary))
        .bind(id)
        .bind(i64::from(summary.forced_step))
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// The accounts `game` seats as people, for [`keep_persons`]: called first in a transaction
/// that writes the game, before any other lock on an account's row.
pub(super) fn persons_of(game: &GameRecordRow) -> impl Iterator<Item = &str> {
    game.seats.iter().filter_map(person_of)
}

/// The account `seat` takes as a person (not a bot account's), if any.
fn person_of(seat: &SeatRecord) -> Option<&str> {
    match &seat.occupant {
        Occupant::Human { user_id, .. } if !seat.bot_account => Some(user_id),
        _ => None,
    }
}

fn parse_game(row: &AnyRow) -> StoreResult<GameRecordRow> {
    let options: String = row.try_get(2)?;
    let status: String = row.try_get(4)?;
    let seed: i64 = row.try_get(3)?;
    let version: i64 = row.try_get(6)?;
    let on_resign: String = row.try_get(9)?;
    let end_reason: Option<String> = row.try_get(10)?;
    Ok(GameRecordRow {
        id: row.try_get(0)?,
        creator_id: row.try_get(1)?,
        options: serde_json::from_str(&options).map_err(|e| decode_error(&e))?,
        seed: seed as u64,
        status: GameStatus::parse(&status).ok_or_else(|| decode_error(&status))?,
        created_at: row.try_get(5)?,
        version: version as u64,
        seats: Vec::new(),
        actions: Vec::new(),
        clock: None,
        settings: GameSettings {
            rated: row.try_get::<i64, _>(7)? != 0,
            spectators_apart: row.try_get::<i64, _>(8)? != 0,
            on_resign: OnResign::parse(&on_resign).ok_or_else(|| decode_error(&on_resign))?,
            hints: row.try_get::<i64, _>(11)? != 0,
            tutorial: row.try_get::<i64, _>(12)? != 0,
        },
        rating_changes: Vec::new(),
        ended_by_resignation: end_reason.as_deref() == Some(RESIGNED),
    })
}

/// The `end_reason` of a game that ended when a player resigned.
pub(super) const RESIGNED: &str = "resigned";

/// The stored form of a game's winners: their seat numbers, comma-separated.
pub(super) fn winners_column(summary: &RowSummary) -> Option<String> {
    (!summary.winners.is_empty()).then(|| {
        summary
            .winners
            .iter()
            .map(|seat| seat.0.to_string())
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// The stored form of a clock.
pub(super) fn clock_column(clock: Option<&Clock>) -> Option<String> {
    clock.map(|clock| serde_json::to_string(clock).expect("clocks serialize"))
}

fn parse_clock(column: Option<String>) -> StoreResult<Option<Clock>> {
    column
        .map(|json| serde_json::from_str(&json).map_err(|e| decode_error(&e)))
        .transpose()
}

fn parse_listed(row: &AnyRow) -> StoreResult<ListedGame> {
    let options: String = row.try_get(2)?;
    let status: String = row.try_get(3)?;
    let to_move: Option<i64> = row.try_get(5)?;
    let winners: Option<String> = row.try_get(6)?;
    Ok(ListedGame {
        id: row.try_get(0)?,
        creator_id: row.try_get(1)?,
        options: serde_json::from_str(&options).map_err(|e| decode_error(&e))?,
        status: GameStatus::parse(&status).ok_or_else(|| decode_error(&status))?,
        created_at: row.try_get(4)?,
        to_move: to_move.map(|seat| Seat(seat as u8)),
        winners: winners
            .unwrap_or_default()
            .split(',')
            .filter_map(|seat| seat.parse().ok().map(Seat))
            .collect(),
        seats: Vec::new(),
        time_control: parse_clock(row.try_get(7)?)?.map(|clock| clock.control),
        rated: row.try_get::<i64, _>(8)? != 0,
        deadline_ms: row.try_get(9)?,
        turn_began_ms: row.try_get(10)?,
    })
}

fn parse_seat(row: &AnyRow) -> StoreResult<SeatRecord> {
    let seat: i64 = row.try_get(1)?;
    let kind: String = row.try_get(2)?;
    let user_id: Option<String> = row.try_get(3)?;
    let level: Option<String> = row.try_get(4)?;
    let token: Option<String> = row.try_get(5)?;
    let username: Option<String> = row.try_get(6)?;
    let stand_in: Option<String> = row.try_get(7)?;
    let occupant = Occupant::from_columns(&kind, user_id, username, level, token)
        .ok_or_else(|| decode_error(&format!("seat kind {kind}")))?;
    let stand_in = match stand_in {
        Some(level) => Some(BotLevel::parse(&level).ok_or_else(|| decode_error(&level))?),
        None => None,
    };
    Ok(SeatRecord {
        seat: seat as u8,
        occupant,
        stand_in,
        voted_to_end: row.try_get::<i64, _>(8)? != 0,
        resigned_at: row.try_get::<Option<i64>, _>(9)?.map(|step| step as u64),
        // Only a seat a bot account sits in: one kept for it is not yet its.
        bot_account: kind == "human" && row.try_get::<i64, _>(10)? != 0,
    })
}
