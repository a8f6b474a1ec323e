//! From waiting people to games: one pairing of every pool (in the database, one node at a
//! time), then each table made seated in a new game, already running, created through
//! [`write_path::create`] once whichever nodes try.

use helvetia_engine::{GameOptions, Seat};

use crate::domain::clock::{now_ms, Clock};
use crate::domain::game_state::GameState;
use crate::domain::mail_event::{MailEvent, MailKind};
use crate::domain::play_now::{pair, GapRule};
use crate::domain::seats::{BotLevel, GameStatus, Occupant, SeatRecord};
use crate::domain::time::now;
use crate::domain::tokens::random_seed;
use crate::live::error::{LiveError, LiveResult};
use crate::live::write_path;
use crate::state::AppState;
use crate::storage::{GameRecordRow, GameSettings, PairedTable, StoreError};
use crate::vacations::clocks::clock_at_start;

/// How long a table may wait for its game before any node creates it (the node that paired it
/// stopped half-way).
const ORPHAN_AFTER_MS: i64 = 5_000;

/// The rating gap rule of this node's configuration.
pub fn gap_rule(app: &AppState) -> GapRule {
    GapRule {
        base: app.config.play_now_gap_base,
        per_sec: app.config.play_now_gap_per_sec,
    }
}

/// Pairs every pool once and seats the tables made, and any table another node made but did
/// not seat. Answers the games created here.
///
/// # Errors
/// The database failed before anything was paired.
pub async fn pair_and_seat(app: &AppState) -> LiveResult<Vec<String>> {
    let now = now_ms();
    let rule = gap_rule(app);
    let left_before = now - i64::try_from(app.config.play_now_presence_secs * 1000).unwrap_or(0);
    let made = app
        .store
        .pair_pools(left_before, now, |waiting| pair(waiting, now, &rule))
        .await?;
    let orphans = app.store.unseated_tables(now - ORPHAN_AFTER_MS).await?;
    let mut created = Vec::new();
    for table in made.iter().chain(&orphans) {
        match seat(app, table).await {
            Ok(true) => created.push(table.game_id.clone()),
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(game = %table.game_id, "play-now table not seated: {error}");
            }
        }
    }
    Ok(created)
}

/// Creates the game of `table`, running, through the one write path; `false` if another node
/// created it first.
///
/// # Errors
/// The table makes no game (logged by the caller), or the database failed.
pub async fn seat(app: &AppState, table: &PairedTable) -> LiveResult<bool> {
    let (mut record, to_move) = running_game(table, random_seed()).map_err(|problem| {
        tracing::error!(game = %table.game_id, "a play-now table makes no game: {problem}");
        LiveError::Damaged
    })?;
    // Its people's vacations are in its clock from the start (none at a tournament's table).
    record.clock = clock_at_start(app, &record.id, &record.seats, record.clock.take()).await?;
    let state = GameState::from_record(record.clone()).map_err(|_| LiveError::Damaged)?;
    // Told by mail when their people may not be on the page: turn-based tables, and every
    // tournament table.
    let mail = table
        .mail_at_start
        .then(|| MailEvent::to_everyone(MailKind::GameStarted, None));
    let stored = app.store.create_table_game(&record, to_move, mail.as_ref());
    match write_path::create(app, &record.id, state, stored).await {
        Ok(_) => Ok(true),
        Err(LiveError::Store(StoreError::Conflict)) => Ok(false),
        Err(error) => Err(error),
    }
}

/// The game of `table` dealt from `seed`, started: its people in an order drawn from the seed,
/// the bot (if any) in the last seat, the pace's clock running for whoever decides first.
/// Rated if its table is and no bot sits at it. Answers the record and the seat that decides first.
pub fn running_game(
    table: &PairedTable,
    seed: u64,
) -> Result<(GameRecordRow, Option<Seat>), String> {
    let players = table.players;
    let mut people = table.people.clone();
    if !people.is_empty() {
        let turn = (seed % people.len() as u64) as usize;
        people.rotate_left(turn);
    }
    let mut seats: Vec<SeatRecord> = people
        .iter()
        .enumerate()
        .map(|(i, (user_id, username))| {
            SeatRecord::new(
                i as u8,
                Occupant::Human {
                    user_id: user_id.clone(),
                    username: username.clone(),
                    invite: None,
                },
            )
        })
        .collect();
    if table.bot {
        seats.push(SeatRecord::new(
            seats.len() as u8,
            Occupant::Bot {
                level: BotLevel::Greedy,
            },
        ));
    }
    if seats.len() != usize::from(players) {
        return Err(format!("{} seats for {players} players", seats.len()));
    }
    let mut record = GameRecordRow {
        id: table.game_id.clone(),
        creator_id: table
            .people
            .first()
            .map(|p| p.0.clone())
            .unwrap_or_default(),
        options: GameOptions::for_players(players),
        seed,
        status: GameStatus::Open,
        created_at: now(),
        version: 0,
        seats,
        actions: Vec::new(),
        clock: Some(Clock::new(table.pace.time_control(), players)),
        settings: GameSettings {
            rated: table.rated && !table.bot,
            ..GameSettings::default()
        },
        rating_changes: Vec::new(),
        ended_by_resignation: false,
    };
    let dealt = GameState::from_record(record.clone())?;
    let to_move = dealt.game().to_move();
    record.clock = dealt.clock_passed_to(to_move);
    record.status = GameStatus::Running;
    Ok((record, to_move))
}
