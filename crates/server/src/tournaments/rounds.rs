//! A tournament's rounds: the results of its ended tables are recorded, then, one node at a
//! time, its next step is decided from what is stored ([`next_step`], pure) and taken: the
//! first round at the start time (or the tournament cancelled with too few entries), each next
//! round when the last one's tables have all ended (live: not before its set time), the end
//! after the last round. Each table of a round is seated in a game created once through the one
//! write path, as "play now" seats its tables.

use std::collections::{BTreeMap, HashSet};

use crate::domain::clock::now_ms;
use crate::domain::game_state::GameState;
use crate::domain::seats::GameStatus;
use crate::domain::tournament::swiss::{
    pair_round, standings, Bye, Entrant, Place, Standing, TableResult,
};
use crate::domain::tournament::TournamentStatus;
use crate::live::error::{LiveError, LiveResult};
use crate::play_now::tables::seat;
use crate::state::AppState;
use crate::storage::{GameRecordRow, NextStep, TournamentSnapshot};

/// Records the tournament's ended tables, takes its next step, and seats the tables of a round
/// it started. Answers the step taken.
///
/// # Errors
/// The database failed, or an ended table's game does not replay.
pub async fn advance(app: &AppState, id: &str) -> LiveResult<NextStep> {
    record_ended_tables(app, id).await?;
    let now = now_ms();
    // Most looks find nothing to do: decided first without the turn, so that they write nothing.
    let Some(snapshot) = app.store.tournament(id).await? else {
        return Ok(NextStep::Wait);
    };
    if next_step(&snapshot, now) == NextStep::Wait {
        return Ok(NextStep::Wait);
    }
    let advanced = app
        .store
        .advance_tournament(id, now, |snapshot| next_step(snapshot, now))
        .await?;
    for table in &advanced.tables {
        if let Err(error) = seat(app, table).await {
            // Another node's pairing worker creates it later, as for "play now".
            tracing::warn!(game = %table.game_id, "tournament table not seated: {error}");
        }
    }
    Ok(advanced.step)
}

/// Stores the result of every table of the tournament whose game has ended.
async fn record_ended_tables(app: &AppState, id: &str) -> LiveResult<()> {
    for (round, game_id) in app.store.tournament_games_to_record(id).await? {
        let Some(record) = app.store.load_game(&game_id).await? else {
            continue;
        };
        let places = places_of(record)?;
        app.store
            .record_tournament_table(id, round, &game_id, &places)
            .await?;
    }
    Ok(())
}

/// Each person's rank and final victory points at an ended game; a game abandoned by vote has
/// no result, so its people share rank 1 with no victory points.
fn places_of(record: GameRecordRow) -> LiveResult<Vec<(String, u8, u32)>> {
    let seats = record.seats.clone();
    let state = GameState::from_record(record).map_err(|_| LiveError::Damaged)?;
    let person = |seat: usize| {
        seats
            .get(seat)
            .and_then(|record| record.occupant.user_id())
            .map(str::to_string)
    };
    Ok(match state.standings() {
        Some(standings) if state.status == GameStatus::Finished => standings
            .iter()
            .filter_map(|s| person(s.seat.index()).map(|id| (id, s.rank, u32::from(s.points))))
            .collect(),
        _ => (0..seats.len())
            .filter_map(|seat| person(seat).map(|id| (id, 1, 0)))
            .collect(),
    })
}

/// The standings of a tournament as stored: its entrants, the recorded tables and the byes.
pub fn standings_of(snapshot: &TournamentSnapshot) -> Vec<Standing> {
    let (results, byes) = played(snapshot);
    standings(&entrants(snapshot), &results, &byes)
}

fn entrants(snapshot: &TournamentSnapshot) -> Vec<Entrant> {
    snapshot
        .entries
        .iter()
        .map(|entry| Entrant {
            user_id: entry.user_id.clone(),
            rating: entry.rating,
        })
        .collect()
}

/// The recorded tables and the byes given, as the pairing reads them.
fn played(snapshot: &TournamentSnapshot) -> (Vec<TableResult>, Vec<Bye>) {
    let mut tables: BTreeMap<(u32, &str), Vec<Place>> = BTreeMap::new();
    for row in &snapshot.results {
        tables
            .entry((row.round, row.game_id.as_str()))
            .or_default()
            .push(Place {
                user_id: row.user_id.clone(),
                rank: row.rank,
                vp: row.vp,
            });
    }
    let results = tables
        .into_iter()
        .map(|((round, _), places)| TableResult { round, places })
        .collect();
    let byes = snapshot
        .seats
        .iter()
        .filter(|seat| seat.table_no == 0)
        .map(|seat| Bye {
            round: seat.round,
            user_id: seat.user_id.clone(),
        })
        .collect();
    (results, byes)
}

/// What the tournament does next at `now_ms`, from what is stored.
pub fn next_step(snapshot: &TournamentSnapshot, now_ms: i64) -> NextStep {
    let tournament = &snapshot.tournament;
    let asked = &tournament.asked;
    let table_size = usize::from(asked.players);
    match tournament.status {
        TournamentStatus::Upcoming if now_ms >= asked.starts_at_ms => {
            let standings = standings(&entrants(snapshot), &[], &[]);
            match pair_round(&standings, table_size, &[], &[], 1) {
                Some(round) if !round.tables.is_empty() => NextStep::StartRound {
                    round: 1,
                    tables: round.tables,
                    byes: round.byes,
                },
                _ => NextStep::Cancel,
            }
        }
        TournamentStatus::Running => {
            let current = tournament.round;
            if !round_is_over(snapshot, current) {
                return NextStep::Wait;
            }
            if current >= u32::from(asked.rounds) {
                return finish(snapshot);
            }
            let next_at =
                asked.starts_at_ms + i64::from(current) * i64::from(asked.round_minutes) * 60_000;
            if asked.round_minutes > 0 && now_ms < next_at {
                return NextStep::Wait;
            }
            let (results, byes) = played(snapshot);
            // Those who withdrew keep their line in the standings but are not seated again.
            let withdrawn = snapshot.withdrawn();
            let still_playing: Vec<Standing> = standings(&entrants(snapshot), &results, &byes)
                .into_iter()
                .filter(|line| !withdrawn.contains(line.user_id.as_str()))
                .collect();
            match pair_round(&still_playing, table_size, &results, &byes, current + 1) {
                Some(round) if !round.tables.is_empty() => NextStep::StartRound {
                    round: current + 1,
                    tables: round.tables,
                    byes: round.byes,
                },
                _ => finish(snapshot),
            }
        }
        _ => NextStep::Wait,
    }
}

/// The end, with every entrant's place in the final standings.
fn finish(snapshot: &TournamentSnapshot) -> NextStep {
    NextStep::Finish {
        places: standings_of(snapshot)
            .into_iter()
            .map(|line| (line.user_id, line.rank))
            .collect(),
    }
}

/// Whether every table of `round` has its result recorded.
fn round_is_over(snapshot: &TournamentSnapshot, round: u32) -> bool {
    let recorded: HashSet<&str> = snapshot
        .results
        .iter()
        .map(|row| row.game_id.as_str())
        .collect();
    snapshot
        .seats
        .iter()
        .filter(|seat| seat.round == round)
        .filter_map(|seat| seat.game_id.as_deref())
        .all(|game| recorded.contains(game))
}
