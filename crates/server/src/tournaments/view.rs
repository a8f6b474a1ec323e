//! A tournament as the API sends it and its page shows it (the web crate's types): what it
//! is, who entered, the standings, and every round's tables with their games and results.
//! Built from what is stored, by one function for both.

use std::collections::HashMap;

use helvetia_web::pages::{
    EntrantView, RoundView, StandingView, TablePlayerView, TableView, TournamentSummary,
    TournamentView, YouView,
};

use super::rounds::standings_of;
use crate::domain::seats::GameStatus;
use crate::domain::time::rfc3339;
use crate::domain::tournament::swiss::half_points_for;
use crate::storage::{TournamentRow, TournamentSnapshot};

/// A tournament as listed.
pub fn summary_of(row: &TournamentRow) -> TournamentSummary {
    let asked = &row.asked;
    TournamentSummary {
        id: row.id.clone(),
        name: asked.name.clone(),
        creator: row.creator_name.clone(),
        players: asked.players,
        pace: asked.pace.as_str(),
        rounds: asked.rounds,
        starts_at: rfc3339(asked.starts_at_ms.div_euclid(1000)),
        starts_at_ms: asked.starts_at_ms,
        round_minutes: asked.round_minutes,
        rated: asked.rated,
        min_rating: asked.min_rating,
        min_games: asked.min_games,
        status: row.status.as_str(),
        round: row.round,
        entries: row.entries,
    }
}

fn points(half_points: u32) -> f64 {
    f64::from(half_points) / 2.0
}

/// The whole tournament for `viewer` (an account id), if any.
pub fn view_of(snapshot: &TournamentSnapshot, viewer: Option<&str>) -> TournamentView {
    let names: HashMap<&str, &str> = snapshot
        .entries
        .iter()
        .map(|entry| (entry.user_id.as_str(), entry.username.as_str()))
        .collect();
    let name = |user_id: &str| names.get(user_id).copied().unwrap_or("?").to_string();
    let withdrawn = snapshot.withdrawn();
    let standings = standings_of(snapshot)
        .into_iter()
        .map(|line| StandingView {
            rank: line.rank,
            name: name(&line.user_id),
            points: points(line.half_points),
            opponents: points(line.opponents_half_points),
            vp: line.vp,
            played: line.tables_played,
            byes: line.byes,
            withdrawn: withdrawn.contains(line.user_id.as_str()),
        })
        .collect();
    let results: HashMap<(&str, &str), (u8, u32)> = snapshot
        .results
        .iter()
        .map(|row| {
            (
                (row.game_id.as_str(), row.user_id.as_str()),
                (row.rank, row.vp),
            )
        })
        .collect();
    let mut rounds: Vec<RoundView> = Vec::new();
    for seat in &snapshot.seats {
        if rounds.last().is_none_or(|round| round.round != seat.round) {
            rounds.push(RoundView {
                round: seat.round,
                tables: Vec::new(),
                byes: Vec::new(),
            });
        }
        let round = rounds.last_mut().expect("a round was just pushed");
        if seat.table_no == 0 {
            round.byes.push(name(&seat.user_id));
            continue;
        }
        if round
            .tables
            .last()
            .is_none_or(|table| table.table != seat.table_no)
        {
            round.tables.push(TableView {
                table: seat.table_no,
                game: seat.game_id.clone(),
                status: seat.game_status.map(|status| status.as_str()),
                players: Vec::new(),
            });
        }
        let table = round.tables.last_mut().expect("a table was just pushed");
        let result = seat
            .game_id
            .as_deref()
            .and_then(|game| results.get(&(game, seat.user_id.as_str())));
        table.players.push(TablePlayerView {
            name: name(&seat.user_id),
            rank: result.map(|(rank, _)| *rank),
            vp: result.map(|(_, vp)| *vp),
            points: None,
        });
    }
    for table in rounds.iter_mut().flat_map(|round| &mut round.tables) {
        let size = table.players.len();
        let ranks: Vec<Option<u8>> = table.players.iter().map(|p| p.rank).collect();
        for player in &mut table.players {
            if let Some(rank) = player.rank {
                let tied = ranks.iter().filter(|r| **r == Some(rank)).count();
                player.points = Some(points(half_points_for(size, rank, tied)));
            }
        }
        table
            .players
            .sort_by_key(|player| player.rank.unwrap_or(u8::MAX));
    }
    let tournament = &snapshot.tournament;
    let you = viewer.map(|user_id| {
        // Their table in the round being played: while it is played they are sent to it; once
        // it is over they are told so, until the next round seats them again.
        let seat = snapshot
            .seats
            .iter()
            .find(|seat| seat.round == tournament.round && seat.user_id == user_id)
            .filter(|seat| seat.game_id.is_some());
        let game_over = seat.is_some_and(|seat| {
            matches!(
                seat.game_status,
                Some(GameStatus::Finished | GameStatus::Cancelled | GameStatus::Abandoned)
            )
        });
        YouView {
            entered: names.contains_key(user_id),
            withdrawn: withdrawn.contains(user_id),
            game: seat
                .filter(|_| !game_over)
                .and_then(|seat| seat.game_id.clone()),
            game_over,
        }
    });
    let stamp = format!(
        "{}-{}-{}-{}-{}-{}",
        tournament.status.as_str(),
        tournament.round,
        snapshot.entries.len(),
        withdrawn.len(),
        snapshot
            .seats
            .iter()
            .filter(|s| s.game_status.is_some())
            .count(),
        snapshot.results.len()
    );
    TournamentView {
        tournament: summary_of(tournament),
        entrants: snapshot
            .entries
            .iter()
            .map(|entry| EntrantView {
                name: entry.username.clone(),
                rating: entry.rating.round() as i64,
                withdrawn: entry.withdrawn,
            })
            .collect(),
        standings,
        rounds,
        you,
        stamp,
    }
}
