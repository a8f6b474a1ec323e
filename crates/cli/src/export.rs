//! `helvetia export`: every finished game of a server's database as newline-delimited JSON (the
//! records `GET /api/games/export` sends, `docs/notation.md`), read a page at a time and written
//! to standard output, compressed with zstd or gzip if asked. With `--puzzles`, the whole puzzle
//! set instead, the lines of `GET /api/puzzles/export` (the server's own writer).
//!
//! ```sh
//! helvetia export --database sqlite://helvetia.db --since 2026-01-01 --until 2026-07-01 > games.ndjson
//! helvetia export --database postgres://… --players 3 --compress zstd > games.ndjson.zst
//! helvetia export --database sqlite://helvetia.db --puzzles > puzzles.ndjson
//! ```

use std::io::Write;
use std::process::ExitCode;

use helvetia_server::domain::export::{
    parse_date, parse_players, ExportCursor, ExportFilter, FilterError,
};
use helvetia_server::export::paging::{ndjson, ExportPages};
use helvetia_server::puzzles::export::{line, PuzzlePages, PAGE_PUZZLES};
use helvetia_server::storage::Store;

/// Which games, from where, and how to write them.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The server's database: `sqlite://FILE` or `postgres://USER:PASS@HOST/DB`.
    #[arg(long, default_value = "sqlite://helvetia.db")]
    database: String,
    /// Games finished at or after this date (`2026-11-27` or an RFC 3339 time).
    #[arg(long, value_parser = date)]
    since: Option<i64>,
    /// Games finished before this date.
    #[arg(long, value_parser = date)]
    until: Option<i64>,
    /// Only the games of this player (a player who chose to be anonymous is not found).
    #[arg(long)]
    player: Option<String>,
    /// Only games of this many players (2, 3 or 4).
    #[arg(long, value_parser = players)]
    players: Option<u8>,
    /// Go on after the game of this cursor (a record's `cursor`).
    #[arg(long, value_parser = cursor)]
    after: Option<ExportCursor>,
    /// Compress the output.
    #[arg(long, value_enum)]
    compress: Option<Compression>,
    /// The whole puzzle set instead of the games (no game filter applies).
    #[arg(long, conflicts_with_all = ["since", "until", "player", "players", "after"])]
    puzzles: bool,
}

/// How the output is compressed.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Compression {
    /// Zstandard (level 3), for `.ndjson.zst`.
    Zstd,
    /// gzip (level 6), for `.ndjson.gz`.
    Gzip,
}

fn date(text: &str) -> Result<i64, FilterError> {
    parse_date(text)
}

fn players(text: &str) -> Result<u8, FilterError> {
    parse_players(text)
}

fn cursor(text: &str) -> Result<ExportCursor, FilterError> {
    ExportCursor::decode(text)
}

/// Writes the export; exit 1 with the reason on failure, 2 for a bad filter (then nothing is
/// written).
pub fn run(args: Args) -> ExitCode {
    let runtime = match crate::one_thread::runtime() {
        Ok(runtime) => runtime,
        Err(code) => return code,
    };
    let compress = args.compress;
    let what = if args.puzzles { "puzzles" } else { "games" };
    let written = runtime.block_on(async {
        if args.puzzles {
            let store = connect(&args.database).await?;
            let written = write_puzzles(&store, compress).await;
            store.close().await;
            return written;
        }
        let (store, pages) = open(args).await?;
        let written = write(pages, compress).await;
        store.close().await;
        written
    });
    match written {
        Ok(count) => {
            eprintln!("exported {count} {what}");
            ExitCode::SUCCESS
        }
        Err(Failure::Filter(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Other(message)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Opens the database and checks the filters, before anything is written.
async fn open(args: Args) -> Result<(Store, ExportPages), Failure> {
    let store = connect(&args.database).await?;
    let player_id = match &args.player {
        Some(name) => Some(
            store
                .user_by_name(name)
                .await
                .map_err(|e| Failure::Other(e.to_string()))?
                .ok_or_else(|| Failure::Filter(format!("there is no player named {name:?}")))?
                .id,
        ),
        None => None,
    };
    let filter = ExportFilter {
        player_id,
        since: args.since,
        until: args.until,
        players: args.players,
    }
    .checked()
    .map_err(|e| Failure::Filter(e.to_string()))?;
    let pages = ExportPages::new(store.clone(), filter, args.after, None);
    Ok((store, pages))
}

/// The server's database at `url`.
async fn connect(url: &str) -> Result<Store, Failure> {
    Store::connect(url, "export")
        .await
        .map_err(|e| Failure::Other(format!("cannot open {url}: {e}")))
}

/// Writes every puzzle, by id, to standard output; answers the number of puzzles.
async fn write_puzzles(store: &Store, compress: Option<Compression>) -> Result<u64, Failure> {
    let other = |error: &dyn std::fmt::Display| Failure::Other(error.to_string());
    let mut pages = PuzzlePages::new(store.clone(), PAGE_PUZZLES);
    let mut out = output(compress).map_err(|e| other(&e))?;
    let mut written = 0;
    while let Some(puzzles) = pages.next_page().await.map_err(|e| other(&e))? {
        for stored in &puzzles {
            out.write_all(line(stored).as_bytes())
                .map_err(|e| other(&e))?;
        }
        written += puzzles.len() as u64;
    }
    out.finish().map_err(|e| other(&e))?;
    Ok(written)
}

/// Standard output, compressed as asked.
fn output(
    compress: Option<Compression>,
) -> std::io::Result<Output<std::io::BufWriter<std::io::StdoutLock<'static>>>> {
    let stdout = std::io::BufWriter::new(std::io::stdout().lock());
    Ok(match compress {
        None => Output::Plain(stdout),
        Some(Compression::Zstd) => Output::Zstd(zstd::Encoder::new(stdout, 3)?),
        Some(Compression::Gzip) => Output::Gzip(flate2::write::GzEncoder::new(
            stdout,
            flate2::Compression::default(),
        )),
    })
}

/// Writes every page to standard output; answers the number of games.
async fn write(mut pages: ExportPages, compress: Option<Compression>) -> Result<u64, Failure> {
    let other = |error: &dyn std::fmt::Display| Failure::Other(error.to_string());
    let mut out = output(compress).map_err(|e| other(&e))?;
    let mut count = 0u64;
    while let Some(records) = pages.next_page().await.map_err(|e| other(&e))? {
        count += records.len() as u64;
        out.write_all(&ndjson(&records)).map_err(|e| other(&e))?;
    }
    out.finish().map_err(|e| other(&e))?;
    Ok(count)
}

/// Standard output, compressed or not.
enum Output<W: Write> {
    Plain(W),
    Zstd(zstd::Encoder<'static, W>),
    Gzip(flate2::write::GzEncoder<W>),
}

impl<W: Write> Output<W> {
    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match self {
            Output::Plain(out) => out.write_all(bytes),
            Output::Zstd(out) => out.write_all(bytes),
            Output::Gzip(out) => out.write_all(bytes),
        }
    }

    /// Ends the compressed stream and flushes everything.
    fn finish(self) -> std::io::Result<()> {
        let mut inner = match self {
            Output::Plain(out) => out,
            Output::Zstd(out) => out.finish()?,
            Output::Gzip(out) => out.finish()?,
        };
        inner.flush()
    }
}

enum Failure {
    Filter(String),
    Other(String),
}
