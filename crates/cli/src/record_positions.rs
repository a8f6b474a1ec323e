//! `helvetia selfplay --record FILE`: bots play each other and every decision of their games
//! is written as a training position (`helvetia_ai::learn::positions`; the format is in
//! docs/ai.md), with a progress bar and one game per thread.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use helvetia_ai::learn::positions::{positions_of, write_header, write_rows};
use helvetia_ai::parse_list;
use helvetia_ai::tournament::{self, GameResult, TournamentConfig};
use helvetia_engine::GameOptions;

use crate::failure::Failure;

/// What to record.
pub struct Recording<'a> {
    /// The file to write.
    pub path: &'a Path,
    /// The bots, seated in turn as in `helvetia arena`.
    pub bots: &'a str,
    /// Players per game.
    pub players: u8,
    /// Games to play.
    pub games: u64,
    /// Seed of the first game's deal and of every bot's choices.
    pub seed: u64,
    /// Round limit of every game.
    pub round_limit: u16,
    /// Games played at once.
    pub threads: usize,
    /// No progress bar.
    pub quiet: bool,
}

/// What the writer has done so far (shared by the threads that finish games).
struct Written {
    out: BufWriter<File>,
    games: u64,
    positions: u64,
    error: Option<String>,
}

/// Plays the games and writes their positions; prints the count and the rate.
pub fn record(recording: &Recording<'_>) -> Result<(), Failure> {
    if recording.threads == 0 {
        return Err(Failure::bad_input("--threads must be at least 1"));
    }
    let bots =
        parse_list(recording.bots).map_err(|e| Failure::bad_input(format!("--bots: {e}")))?;
    let options = GameOptions {
        round_limit: Some(recording.round_limit),
        ..GameOptions::for_players(recording.players)
    };
    options.check().map_err(Failure::bad_input)?;
    let games = u32::try_from(recording.games)
        .map_err(|_| Failure::bad_input("--games: at most 4294967295 when recording"))?;
    let path = recording.path;
    let file = File::create(path)
        .map_err(|e| Failure::bad_input(format!("--record {}: {e}", path.display())))?;
    let mut out = BufWriter::new(file);
    write_header(&mut out).map_err(|e| write_failure(path, &e))?;
    let written = Mutex::new(Written {
        out,
        games: 0,
        positions: 0,
        error: None,
    });
    let config = TournamentConfig {
        bots,
        players: recording.players,
        games,
        seed: recording.seed,
        round_limit: Some(recording.round_limit),
        threads: recording.threads,
    };
    let bar = crate::progress::bar(recording.games, "games", recording.quiet);
    let started = Instant::now();
    let on_game = |result: &GameResult| {
        // Replayed on the thread that played the game, outside the lock.
        let rows = positions_of(&result.record);
        let mut written = written.lock().expect("the writer");
        if written.error.is_none() {
            let outcome = match rows {
                Ok(rows) => write_rows(&mut written.out, &rows)
                    .map(|()| rows.len() as u64)
                    .map_err(|e| e.to_string()),
                Err(e) => Err(format!("game {} does not replay: {e}", result.index)),
            };
            match outcome {
                Ok(count) => {
                    written.positions += count;
                    written.games += 1;
                }
                Err(e) => written.error = Some(e),
            }
        }
        let rate = written.positions as f64 / started.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!("{} positions, {rate:.0}/s", written.positions));
        bar.inc(1);
    };
    let played = tournament::run(&config, &on_game);
    bar.finish_and_clear();
    played.map_err(|e| Failure::with_status(1, e.to_string()))?;
    let mut written = written.into_inner().expect("the writer");
    if let Some(error) = written.error {
        return Err(Failure::bad_input(format!(
            "--record {}: {error}",
            path.display()
        )));
    }
    written.out.flush().map_err(|e| write_failure(path, &e))?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} positions from {} games of {} players written to {} in {seconds:.1} s: {:.0} positions per second on {} threads",
        written.positions,
        written.games,
        recording.players,
        path.display(),
        written.positions as f64 / seconds.max(1e-9),
        recording.threads
    );
    Ok(())
}

fn write_failure(path: &Path, error: &std::io::Error) -> Failure {
    Failure::bad_input(format!("--record {}: {error}", path.display()))
}
