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
use crate::matchmaking::tables::seat;
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
            // Another node's matchmaking worker creates it later, as for "play now".
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::play_now::Pace;
    use crate::storage::{EntryRow, NewTournament, ResultRow, TournamentRow, TournamentSeatRow};

    const START: i64 = 1_000_000;

    fn snapshot(entrants: usize, pace: Pace, round_minutes: u32) -> TournamentSnapshot {
        TournamentSnapshot {
            tournament: TournamentRow {
                id: "t".into(),
                asked: NewTournament {
                    name: "Cup".into(),
                    creator_id: "p0".into(),
                    players: 4,
                    pace,
                    rounds: 2,
                    starts_at_ms: START,
                    round_minutes,
                    rated: true,
                    min_rating: None,
                    min_games: 0,
                },
                creator_name: "p0".into(),
                status: TournamentStatus::Upcoming,
                round: 0,
                round_started_at_ms: None,
                created_at_ms: 0,
                finished_at_ms: None,
                entries: entrants as u32,
            },
            entries: (0..entrants)
                .map(|i| EntryRow {
                    user_id: format!("p{i}"),
                    username: format!("name{i}"),
                    rating: 1500.0,
                    withdrawn: false,
                })
                .collect(),
            seats: Vec::new(),
            results: Vec::new(),
        }
    }

    /// `snapshot` after its round `round` was paired as `step` says, each table's game
    /// `g{round}-{table}` running.
    fn started(mut snapshot: TournamentSnapshot, step: &NextStep) -> TournamentSnapshot {
        let NextStep::StartRound {
            round,
            tables,
            byes,
        } = step
        else {
            panic!("not a round: {step:?}");
        };
        snapshot.tournament.status = TournamentStatus::Running;
        snapshot.tournament.round = *round;
        for (index, table) in tables.iter().enumerate() {
            for user_id in table {
                snapshot.seats.push(TournamentSeatRow {
                    round: *round,
                    user_id: user_id.clone(),
                    table_no: index as u32 + 1,
                    game_id: Some(format!("g{round}-{}", index + 1)),
                    game_status: Some(GameStatus::Running),
                });
            }
        }
        for user_id in byes {
            snapshot.seats.push(TournamentSeatRow {
                round: *round,
                user_id: user_id.clone(),
                table_no: 0,
                game_id: None,
                game_status: None,
            });
        }
        snapshot
    }

    /// Every table of the round being played ends: its players ranked in seat order.
    fn ended(mut snapshot: TournamentSnapshot) -> TournamentSnapshot {
        let round = snapshot.tournament.round;
        let mut rank = BTreeMap::new();
        for seat in snapshot.seats.iter().filter(|s| s.round == round) {
            let Some(game) = &seat.game_id else { continue };
            let next = rank.entry(game.clone()).or_insert(0u8);
            *next += 1;
            snapshot.results.push(ResultRow {
                round,
                game_id: game.clone(),
                user_id: seat.user_id.clone(),
                rank: *next,
                vp: 40 - u32::from(*next),
            });
        }
        snapshot
    }

    #[test]
    fn a_tournament_starts_at_its_time_or_is_cancelled_with_too_few() {
        let ten = snapshot(10, Pace::Days1, 0);
        assert_eq!(next_step(&ten, START - 1), NextStep::Wait);
        let NextStep::StartRound {
            round,
            tables,
            byes,
        } = next_step(&ten, START)
        else {
            panic!("round 1 starts");
        };
        assert_eq!(round, 1);
        let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
        assert_eq!(sizes, [4, 3, 3]);
        assert!(byes.is_empty());
        assert_eq!(
            next_step(&snapshot(2, Pace::Days1, 0), START),
            NextStep::Cancel
        );
    }

    #[test]
    fn a_round_follows_when_every_table_ended_and_the_last_one_finishes_it() {
        let first = snapshot(5, Pace::Days1, 0);
        let step = next_step(&first, START);
        let playing = started(first, &step);
        assert_eq!(
            next_step(&playing, START + 1),
            NextStep::Wait,
            "tables still running"
        );
        let over = ended(playing);
        let second = next_step(&over, START + 2);
        let NextStep::StartRound { round: 2, byes, .. } = &second else {
            panic!("round 2 starts: {second:?}");
        };
        let had_a_bye: Vec<&str> = over
            .seats
            .iter()
            .filter(|s| s.table_no == 0)
            .map(|s| s.user_id.as_str())
            .collect();
        assert_eq!(byes.len(), 1);
        assert_ne!(had_a_bye, [byes[0].as_str()], "the bye moves on");
        let last = ended(started(over, &second));
        let NextStep::Finish { places } = next_step(&last, START + 3) else {
            panic!("the tournament finishes after its last round");
        };
        assert_eq!(places.len(), 5, "every entrant has a place");
        assert_eq!(places.first().map(|(_, place)| *place), Some(1));
    }

    #[test]
    fn those_who_withdrew_keep_their_standing_but_are_not_seated_again() {
        let first = snapshot(5, Pace::Days1, 0);
        let step = next_step(&first, START);
        let mut over = ended(started(first, &step));
        for entry in over.entries.iter_mut().take(2) {
            entry.withdrawn = true;
        }
        let NextStep::StartRound { tables, byes, .. } = next_step(&over, START + 1) else {
            panic!("round 2 starts with the three still playing");
        };
        let seated: Vec<&str> = tables.iter().flatten().map(String::as_str).collect();
        assert_eq!(tables.len(), 1, "{tables:?}");
        assert_eq!(
            seated.len(),
            3,
            "a table of three, no bye: {tables:?} {byes:?}"
        );
        assert!(byes.is_empty());
        assert!(!seated.contains(&"p0") && !seated.contains(&"p1"));
        assert_eq!(standings_of(&over).len(), 5, "everyone keeps a line");

        // With one player left, nobody can be seated: the tournament ends.
        for entry in over.entries.iter_mut().take(4) {
            entry.withdrawn = true;
        }
        assert!(matches!(
            next_step(&over, START + 1),
            NextStep::Finish { places } if places.len() == 5
        ));
    }

    #[test]
    fn a_live_round_waits_for_its_set_time() {
        let first = snapshot(8, Pace::Live5, 45);
        let step = next_step(&first, START);
        let over = ended(started(first, &step));
        let round_two_at = START + 45 * 60_000;
        assert_eq!(next_step(&over, round_two_at - 1), NextStep::Wait);
        assert!(matches!(
            next_step(&over, round_two_at),
            NextStep::StartRound { round: 2, .. }
        ));
    }

    #[test]
    fn an_abandoned_game_gives_its_people_a_shared_first_place() {
        let standings = standings_of(&ended(started(
            snapshot(4, Pace::Days1, 0),
            &NextStep::StartRound {
                round: 1,
                tables: vec![vec!["p0".into(), "p1".into(), "p2".into(), "p3".into()]],
                byes: Vec::new(),
            },
        )));
        assert_eq!(standings[0].user_id, "p0");
        assert_eq!(standings[0].half_points, 6);
        assert_eq!(standings[3].half_points, 0);
    }
}
