//! `helvetia export` writes the finished games of a database as the records of
//! `GET /api/games/export`: they replay to the games stored, the filters hold, the anonymous
//! person is nowhere named, zstd and gzip hold the same lines, and a bad filter writes
//! nothing. On SQLite and PostgreSQL.

use crate::support;

use std::io::Read;
use std::process::{Command, Output};

use helvetia_server::domain::export::ExportRecord;
use support::finished_games::{seed, PEOPLE};

/// 2023-11-14T22:13:20Z.
const FIRST: i64 = 1_700_000_000;

fn export(database: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_helvetia"))
        .args(["export", "--database", database])
        .args(args)
        .output()
        .unwrap()
}

fn records(output: &Output) -> Vec<ExportRecord> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn ids(records: &[ExportRecord]) -> Vec<String> {
    records.iter().map(|r| r.id.clone()).collect()
}

async fn databases() -> Vec<(Option<tempfile::TempDir>, String)> {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}", dir.path().join("games.db").display());
    let mut list = vec![(Some(dir), sqlite)];
    if let Some(url) = support::postgres_database().await {
        list.push((None, url));
    }
    list
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_export_replays_filters_hides_the_anonymous_and_compresses() {
    for (_dir, database) in databases().await {
        let seeded = seed(&database, 7, FIRST).await;
        let plain = export(&database, &[]);
        let all = records(&plain);
        assert_eq!(
            ids(&all),
            ids_of(&seeded),
            "every game once, oldest finish first"
        );
        for (record, stored) in all.iter().zip(&seeded) {
            assert_eq!(record.record, stored.record);
            let game = record.record.replay().expect("the record replays");
            let expected = stored.record.replay().unwrap();
            assert_eq!(game.position(), expected.position());
            let scores: Vec<u8> = record
                .record
                .options
                .seats()
                .map(|seat| expected.score(seat).total)
                .collect();
            assert_eq!(record.result.scores, scores);
            assert_eq!(record.players[0].name.as_deref(), Some(PEOPLE[0].0));
            assert_eq!(record.players[1].name.as_deref(), Some("anonymous"));
        }
        let text = String::from_utf8(plain.stdout.clone()).unwrap();
        assert!(
            !text.contains(PEOPLE[1].0),
            "the anonymous person's name is absent"
        );

        // Filters: by player count, by player, by date.
        let three = records(&export(&database, &["--players", "3"]));
        assert_eq!(ids(&three), [seeded[1].id.clone(), seeded[4].id.clone()]);
        assert_eq!(
            records(&export(&database, &["--player", PEOPLE[0].0])).len(),
            7
        );
        let hidden = export(&database, &["--player", PEOPLE[1].0]);
        assert!(records(&hidden).is_empty(), "not found by the hidden name");
        let window = records(&export(
            &database,
            &[
                "--since",
                "2023-11-14T22:15:20Z",
                "--until",
                "2023-11-14T22:18:20Z",
            ],
        ));
        assert_eq!(
            ids(&window),
            [
                seeded[2].id.clone(),
                seeded[3].id.clone(),
                seeded[4].id.clone()
            ]
        );
        let after = records(&export(&database, &["--after", &all[4].cursor]));
        assert_eq!(ids(&after), ids(&all[5..]));

        // Compressed, the same lines.
        let zstd = export(&database, &["--compress", "zstd"]);
        assert!(zstd.status.success());
        assert_eq!(zstd::decode_all(&zstd.stdout[..]).unwrap(), plain.stdout);
        let gzip = export(&database, &["--compress", "gzip"]);
        assert!(gzip.status.success());
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&gzip.stdout[..])
            .read_to_end(&mut unpacked)
            .unwrap();
        assert_eq!(unpacked, plain.stdout);

        // A bad filter: a reason, exit 2, nothing written.
        for (args, reason) in [
            (&["--since", "yesterday"][..], "not a date"),
            (&["--players", "5"][..], "not a player count"),
            (&["--after", "garbage"][..], "not a cursor"),
            (
                &["--since", "2024-01-02", "--until", "2024-01-01"][..],
                "since must be before until",
            ),
            (&["--player", "nobody_here"][..], "no player named"),
        ] {
            let refused = export(&database, args);
            assert_eq!(refused.status.code(), Some(2), "{args:?}");
            assert!(refused.stdout.is_empty(), "{args:?}");
            let stderr = String::from_utf8_lossy(&refused.stderr);
            assert!(stderr.contains(reason), "{args:?}: {stderr}");
        }
    }
}

fn ids_of(seeded: &[support::finished_games::SeededGame]) -> Vec<String> {
    seeded.iter().map(|game| game.id.clone()).collect()
}

/// Two puzzles at decisions of a random game of three, each answered by another legal action.
fn two_puzzles() -> Vec<helvetia_ai::puzzles::Puzzle> {
    use helvetia_ai::puzzles::{GamePhase, Puzzle, PuzzleSource, Theme};
    use helvetia_engine::{Game, GameOptions};
    let mut game = Game::new(GameOptions::for_players(3), 31);
    let mut puzzles = Vec::new();
    let mut step = 0;
    while puzzles.len() < 2 {
        let legal = game.legal_actions();
        if step > 20 && legal.len() >= 2 {
            let answer = legal[puzzles.len()];
            puzzles.push(Puzzle {
                view: game.view(),
                solution: vec![answer],
                accepted: vec![answer],
                later_accepted: Vec::new(),
                agreement: 0.95,
                margin: 0.1 + puzzles.len() as f32 / 10.0,
                themes: vec![Theme::Building],
                phase: GamePhase::Opening,
                source: PuzzleSource { game: None, step },
            });
        }
        game.play(legal[0]).unwrap();
        step += 1;
    }
    puzzles
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_puzzle_set_is_exported_as_the_api_writes_it() {
    for (_dir, database) in databases().await {
        let puzzles = two_puzzles();
        let store = helvetia_server::storage::Store::connect(&database, "seed")
            .await
            .unwrap();
        assert_eq!(store.add_puzzles(&puzzles, FIRST).await.unwrap(), 2);
        let stored = store.all_puzzles().await.unwrap();
        store.close().await;

        let plain = export(&database, &["--puzzles"]);
        assert!(
            plain.status.success(),
            "{}",
            String::from_utf8_lossy(&plain.stderr)
        );
        let text = String::from_utf8(plain.stdout.clone()).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(lines.len(), 2, "{text}");
        for (line, stored) in lines.iter().zip(&stored) {
            assert_eq!(line["id"], stored.id.as_str());
            assert_eq!(line["rating"], stored.rating.rating.round());
            assert_eq!((&line["plays"], &line["solved"]), (&0.into(), &0.into()));
            let puzzle: helvetia_ai::puzzles::Puzzle =
                serde_json::from_value(line.clone()).unwrap();
            assert_eq!(puzzle, stored.puzzle);
            assert!(puzzles.contains(&puzzle));
        }
        let api: String = stored
            .iter()
            .map(helvetia_server::puzzles::export::line)
            .collect();
        assert_eq!(text, api, "the lines of GET /api/puzzles/export");
        assert!(!text.contains("\"seed\""), "no puzzle holds a seed");
        let gzip = export(&database, &["--puzzles", "--compress", "gzip"]);
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&gzip.stdout[..])
            .read_to_end(&mut unpacked)
            .unwrap();
        assert_eq!(unpacked, plain.stdout);

        // The games' filters do not apply to puzzles: refused, nothing written.
        let refused = export(&database, &["--puzzles", "--players", "3"]);
        assert_eq!(refused.status.code(), Some(2));
        assert!(refused.stdout.is_empty());
    }
}
