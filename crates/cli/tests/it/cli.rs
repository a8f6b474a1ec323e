//! The built `helvetia` binary end to end: new → legal → play, refusals, and what `show` reveals.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use helvetia_engine::{Action, GameRecord, Position, RulesRevision};

fn helvetia(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_helvetia"))
        .args(args)
        .output()
        .expect("the helvetia binary runs")
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed with {:?}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// A file in this test's scratch directory, written with `text`.
fn scratch(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    std::fs::write(&path, text).expect("scratch file written");
    path
}

/// The `(json, label)` pairs `helvetia legal` prints.
fn legal(path: &Path) -> Vec<(String, String)> {
    stdout(&helvetia(&["legal", path.to_str().unwrap()]))
        .lines()
        .map(|line| {
            let (json, label) = line.split_once('\t').expect("JSON, a tab, a label");
            (json.to_string(), label.to_string())
        })
        .collect()
}

#[test]
fn new_legal_play_round_trip_on_records_and_positions() {
    let record_text = stdout(&helvetia(&["new", "--players", "3", "--seed", "42"]));
    let record: GameRecord = serde_json::from_str(&record_text).expect("new prints a record");
    assert_eq!(record.seed, 42);
    assert_eq!(record.options.players, 3);
    assert!(record.actions.is_empty());

    let mut record_path = scratch("round-trip-record.json", &record_text);
    let position_text = serde_json::to_string(record.replay().unwrap().position()).unwrap();
    let mut position_path = scratch("round-trip-position.json", &position_text);
    for step in 0..60 {
        let from_record = legal(&record_path);
        let from_position = legal(&position_path);
        assert_eq!(from_record, from_position, "step {step}");
        let game =
            serde_json::from_str::<GameRecord>(&std::fs::read_to_string(&record_path).unwrap())
                .unwrap()
                .replay()
                .unwrap();
        let expected: Vec<Action> = game.legal_actions().to_vec();
        let listed: Vec<Action> = from_record
            .iter()
            .map(|(json, _)| serde_json::from_str(json).expect("legal prints action JSON"))
            .collect();
        assert_eq!(listed, expected);
        for ((_, label), action) in from_record.iter().zip(&expected) {
            assert_eq!(*label, action.label());
        }

        let (chosen, _) = &from_record[step * 7 % from_record.len()];
        let next_record = stdout(&helvetia(&["play", record_path.to_str().unwrap(), chosen]));
        let next_position = stdout(&helvetia(&[
            "play",
            position_path.to_str().unwrap(),
            chosen,
        ]));
        let replayed: GameRecord = serde_json::from_str(&next_record).unwrap();
        assert_eq!(replayed.actions.len(), step + 1);
        let position: Position = serde_json::from_str(&next_position).unwrap();
        assert_eq!(
            replayed.replay().unwrap().position(),
            &position,
            "playing on a record and on a position agree"
        );
        record_path = scratch("round-trip-record.json", &next_record);
        position_path = scratch("round-trip-position.json", &next_position);
    }
}

#[test]
fn illegal_or_malformed_action_exits_2_and_changes_nothing() {
    let record_text = stdout(&helvetia(&["new", "--players", "2", "--seed", "7"]));
    let path = scratch("illegal.json", &record_text);
    for action in [
        "\"EndTurn\"",
        "{\"Begin\":\"Builder\"}",
        "not json",
        "{\"Bogus\":1}",
    ] {
        let output = helvetia(&["play", path.to_str().unwrap(), action]);
        assert_eq!(output.status.code(), Some(2), "{action}");
        assert!(output.stdout.is_empty(), "{action}: nothing on stdout");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), record_text);
    }
}

#[test]
fn bad_files_exit_2_with_a_reason() {
    let cases = [
        ("not-json.json", "{ nope".to_string(), "not JSON"),
        ("array.json", "[1, 2]".to_string(), "JSON object"),
        ("neither.json", "{\"x\": 1}".to_string(), "neither"),
        (
            "bad-options.json",
            "{\"options\": {\"players\": 9}, \"seed\": 1}".to_string(),
            "players",
        ),
    ];
    for (name, text, expected) in cases {
        let path = scratch(name, &text);
        for command in ["legal", "show"] {
            let output = helvetia(&[command, path.to_str().unwrap()]);
            assert_eq!(output.status.code(), Some(2), "{command} {name}");
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert!(stderr.contains(expected), "{command} {name}: {stderr}");
        }
    }
    let missing = helvetia(&["legal", "/nonexistent/helvetia/game.json"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn an_invalid_position_lists_every_error() {
    let record: GameRecord = serde_json::from_str(&stdout(&helvetia(&[
        "new",
        "--players",
        "4",
        "--seed",
        "3",
    ])))
    .unwrap();
    let mut position = record.replay().unwrap().position().clone();
    position.players[0].hand = 9;
    position.players[2].supply = [3, 3];
    position.round = 0;
    let path = scratch(
        "invalid-position.json",
        &serde_json::to_string(&position).unwrap(),
    );
    let output = helvetia(&["play", path.to_str().unwrap(), "\"EndTurn\""]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("players[0]") && stderr.contains("coins"),
        "{stderr}"
    );
    assert!(
        stderr.contains("players[2]") && stderr.contains("villagers"),
        "{stderr}"
    );
    assert!(stderr.contains("round"), "{stderr}");
    assert!(stderr.lines().count() >= 4, "one line per error: {stderr}");
}

#[test]
fn show_reveals_stack_sizes_but_never_their_order() {
    let record: GameRecord = serde_json::from_str(&stdout(&helvetia(&[
        "new",
        "--players",
        "2",
        "--seed",
        "11",
    ])))
    .unwrap();
    let position = record.replay().unwrap().position().clone();
    let mut reordered = position.clone();
    reordered.stack2.reverse();
    reordered.stack3.reverse();
    reordered.stack2.swap(0, 5);
    assert_ne!(position.stack2, reordered.stack2);

    let original = scratch(
        "show-original.json",
        &serde_json::to_string(&position).unwrap(),
    );
    let shuffled = scratch(
        "show-reordered.json",
        &serde_json::to_string(&reordered).unwrap(),
    );
    let shown = stdout(&helvetia(&["show", original.to_str().unwrap()]));
    assert_eq!(
        shown,
        stdout(&helvetia(&["show", shuffled.to_str().unwrap()])),
        "the output does not depend on the stack order"
    );
    assert!(shown.contains(&format!("stack 2 has {} tiles", position.stack2.len())));
    assert!(shown.contains(&format!("stack 3 has {} tiles", position.stack3.len())));
    // Showing the record must not leak its seed, which deals the stacks.
    let record_path = scratch("show-record.json", &serde_json::to_string(&record).unwrap());
    let shown_record = stdout(&helvetia(&["show", record_path.to_str().unwrap()]));
    assert!(!shown_record.contains("seed"));
    assert!(shown_record.contains("Neutral village"));
    assert!(shown_record.contains("Score"));
}

#[test]
fn selfplay_plays_and_summarises() {
    let text = stdout(&helvetia(&[
        "selfplay",
        "--games",
        "20",
        "--players",
        "3",
        "--seed",
        "5",
        "--round-limit",
        "30",
    ]));
    assert!(text.contains("games: 20"), "{text}");
    assert!(text.contains("wins by seat: P1="), "{text}");
    assert!(text.contains("decisions per second"), "{text}");
    let bad = helvetia(&["selfplay", "--games", "1", "--players", "5"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// `--record` writes a header line naming the layout, then one row of `row` floats per decision.
#[test]
fn selfplay_records_positions_in_the_documented_layout() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("positions.bin");
    let text = stdout(&helvetia(&[
        "selfplay",
        "--record",
        path.to_str().unwrap(),
        "--bots",
        "greedy,random",
        "--games",
        "2",
        "--players",
        "2",
        "--round-limit",
        "8",
        "--threads",
        "1",
        "--quiet",
    ]));
    assert!(text.contains("positions from 2 games"), "{text}");
    let bytes = std::fs::read(&path).unwrap();
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    let header: serde_json::Value = serde_json::from_slice(&bytes[..newline]).unwrap();
    assert_eq!(header["format"], "helvetia-positions");
    let row = header["row"].as_u64().unwrap() as usize * 4;
    let body = bytes.len() - newline - 1;
    assert!(
        body > 0 && body.is_multiple_of(row),
        "{body} bytes of rows of {row}"
    );
    let positions = (body / row).to_string();
    assert!(text.starts_with(&positions), "{text} for {positions} rows");
    let without_record = helvetia(&[
        "selfplay",
        "--games",
        "1",
        "--players",
        "2",
        "--bots",
        "greedy",
    ]);
    assert_eq!(without_record.status.code(), Some(2));
}

/// Ruling 4: without character tiles the game ends at 18, with them at 20; `--target-vp` overrides.
#[test]
fn new_target_follows_the_tiles_option_unless_given() {
    let target = |args: &[&str]| {
        let mut all = vec!["new", "--players", "3", "--seed", "5"];
        all.extend_from_slice(args);
        let record: GameRecord = serde_json::from_str(&stdout(&helvetia(&all))).unwrap();
        record.options.target()
    };
    assert_eq!(target(&[]), 20);
    assert_eq!(target(&["--no-character-tiles"]), 18);
    assert_eq!(target(&["--no-character-tiles", "--target-vp", "20"]), 20);
    assert_eq!(target(&["--target-vp", "15"]), 15);
}

/// The reported case of ruling 4's beginner setup: three letters holding Brunnenmeister three
/// times deal all three, in a debug build too (the pool count used to wrap).
#[test]
fn new_letters_for_three_players_deals_a_type_three_times() {
    let text = stdout(&helvetia(&[
        "new",
        "--players",
        "3",
        "--seed",
        "2",
        "--setup",
        "letters",
        "--position",
    ]));
    let position: Position = serde_json::from_str(&text).unwrap();
    let k = helvetia_engine::BuildingKind::Brunnenmeister
        .start_index()
        .unwrap();
    let held: u8 = position.players.iter().map(|p| p.start_buildings[k]).sum();
    assert_eq!((held, position.draft_pool[k], position.boxed[k]), (3, 0, 0));
}

/// A game record of the original rules revision (the first of the engine's corpus): the tools
/// replay it by those rules, `show` names them, and `new` writes the current revision.
#[test]
fn original_rules_records_replay_by_their_rules() {
    let corpus = include_str!("../../../engine/tests/data/original-rules-games.jsonl");
    let line = corpus.lines().next().unwrap();
    let record: GameRecord = serde_json::from_str(line).unwrap();
    assert_eq!(record.options.rules, RulesRevision::Original);
    let path = scratch("original-rules.json", line);
    let shown = stdout(&helvetia(&["show", path.to_str().unwrap()]));
    assert!(
        shown.starts_with("Helvetia, original rules (revision 1), "),
        "{shown}"
    );
    assert!(shown.contains(&format!("Actions played: {}", record.actions.len())));

    let new = stdout(&helvetia(&["new", "--players", "2", "--seed", "3"]));
    assert!(new.contains("\"rules\": 2"), "{new}");
    let record: GameRecord = serde_json::from_str(&new).unwrap();
    assert_eq!(record.options.rules, RulesRevision::CURRENT);
    let shown = stdout(&helvetia(&[
        "show",
        scratch("corrected-rules.json", &new).to_str().unwrap(),
    ]));
    assert!(shown.starts_with("Helvetia, 2 players, "), "{shown}");
}

/// `--expect-order` passes where the games show the order and exits 1 naming the pair where
/// they do not: greedy ranks above random in every one of ten games (p = 1/1024).
#[test]
fn arena_checks_an_expected_order_of_strength() {
    let arena = |order: &str| {
        helvetia(&[
            "arena",
            "--bots",
            "level:greedy,random",
            "--players",
            "2",
            "--games",
            "10",
            "--threads",
            "1",
            "--quiet",
            "--expect-order",
            order,
        ])
    };
    let shown = stdout(&arena("greedy>level:random"));
    assert!(
        shown.contains("expected greedy > random: ranked better in 10 of 10 games"),
        "{shown}"
    );
    assert!(shown.contains("shown at 99% confidence"), "{shown}");

    let reversed = arena("random>greedy");
    assert_eq!(reversed.status.code(), Some(1));
    let stderr = String::from_utf8(reversed.stderr).unwrap();
    assert!(
        stderr.contains("the results do not show random stronger than greedy at 99% confidence"),
        "{stderr}"
    );

    for (order, reason) in [
        ("greedy", "at least two bots"),
        ("greedy>mcts", "mcts is not one of --bots"),
        ("greedy>greedy", "named twice"),
    ] {
        let refused = arena(order);
        assert_eq!(refused.status.code(), Some(2), "{order}");
        let stderr = String::from_utf8(refused.stderr).unwrap();
        assert!(stderr.contains(reason), "{order}: {stderr}");
    }
}

#[test]
fn analyse_prints_the_same_analysis_as_json_and_as_a_table() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let results = dir.join("cli-analyse-arena.json");
    stdout(&helvetia(&[
        "arena",
        "--bots",
        "greedy,greedy",
        "--players",
        "2",
        "--games",
        "1",
        "--quiet",
        "--out",
        results.to_str().unwrap(),
    ]));
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    let record: GameRecord =
        serde_json::from_value(results["results"][0]["record"].clone()).unwrap();
    let file = scratch(
        "analyse-record.json",
        &serde_json::to_string(&record).unwrap(),
    );
    let file = file.to_str().unwrap();
    let quick = ["--iterations", "60", "--seed", "3", "--quiet"];
    let json = |threads: &str| {
        let mut args = vec!["analyse", file, "--json", "--threads", threads];
        args.extend(quick);
        let text = stdout(&helvetia(&args));
        serde_json::from_str::<serde_json::Value>(&text).unwrap()
    };
    let analysis = json("1");
    assert_eq!(
        analysis,
        json("2"),
        "the threads do not change the analysis"
    );
    let turns = analysis["turns"].as_array().unwrap();
    assert!(turns.len() > 10);
    assert_eq!(turns.last().unwrap()["end"], record.actions.len());
    let winner = record.replay().unwrap().standings()[0].seat.index();
    assert_eq!(analysis["outcome"][winner], 1.0);

    let mut args = vec!["analyse", file];
    args.extend(quick);
    let table = stdout(&helvetia(&args));
    let costly = table.lines().filter(|l| l.starts_with("  turn ")).count();
    assert!((1..=3).contains(&costly), "{table}");
    assert!(table.contains("the turns that cost the most:"), "{table}");
    assert!(table.contains("60 iterations per turn, seed 3"), "{table}");

    let game = record.replay().unwrap();
    let position_file = scratch(
        "analyse-position.json",
        &serde_json::to_string(game.position()).unwrap(),
    );
    let refused = helvetia(&["analyse", position_file.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("give a game record"));
}

#[test]
fn tune_writes_its_numbers_and_log_and_checks_one_seat_against_three() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-tune-four");
    let text = stdout(&helvetia(&[
        "tune",
        "--steps",
        "2",
        "--games-per-step",
        "4",
        "--iterations",
        "10",
        "--players",
        "4",
        "--check-games",
        "4",
        "--threads",
        "2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(
        text.contains("one seat against 3 of the defaults, 4 games"),
        "{text}"
    );
    let tuned: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("weights.json")).unwrap()).unwrap();
    assert_eq!(tuned["settings"]["players"], 4);
    assert_eq!(tuned["check_games"], 4);
    let rate = tuned["check_win_rate"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&rate));
    assert!(tuned["bot"]
        .as_str()
        .unwrap()
        .starts_with("mcts:iterations=10"));
    let log = std::fs::read_to_string(out.join("log.jsonl")).unwrap();
    assert_eq!(log.lines().count(), 2, "a line per step");

    let refused = helvetia(&["tune", "--players", "5", "--out", out.to_str().unwrap()]);
    assert!(!refused.status.success(), "five players are refused");
}

/// `puzzles generate` writes a set `puzzles check` judges again; a puzzle whose answer was
/// changed to another action is named as one that does not hold.
#[test]
fn puzzles_generated_are_checked_again_and_a_changed_answer_does_not_hold() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set.ndjson");
    let generated = helvetia(&[
        "puzzles",
        "generate",
        "--games",
        "2",
        "--seed",
        "4",
        "--quick",
        "--look-share",
        "0.5",
        "--out",
        set.to_str().unwrap(),
        "--quiet",
    ]);
    stdout(&generated);
    let text = std::fs::read_to_string(&set).unwrap();
    let puzzles: Vec<helvetia_ai::puzzles::Puzzle> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(!puzzles.is_empty(), "two games gave no puzzle");
    let checked = stdout(&helvetia(&[
        "puzzles",
        "check",
        set.to_str().unwrap(),
        "--quick",
    ]));
    let held = checked.lines().next().unwrap();
    let total = format!("of {} puzzles hold", puzzles.len());
    assert!(held.contains(&total), "{checked}");

    // One decision whose answer is an action the judgement did not accept.
    let mut changed = puzzles[0].clone();
    let other = *changed
        .view
        .legal_actions()
        .iter()
        .find(|action| !changed.accepted.contains(action))
        .expect("an action that was not accepted");
    changed.solution = vec![other];
    changed.accepted = vec![other];
    changed.later_accepted.clear();
    let file = dir.path().join("changed.ndjson");
    std::fs::write(&file, serde_json::to_string(&changed).unwrap()).unwrap();
    let checked = stdout(&helvetia(&[
        "puzzles",
        "check",
        file.to_str().unwrap(),
        "--quick",
    ]));
    assert!(checked.starts_with("0 of 1 puzzles hold"), "{checked}");
    let id = helvetia_server::domain::puzzle_rating::puzzle_id(
        &serde_json::to_string(&changed).unwrap(),
    );
    assert!(
        checked.contains(&format!("did not hold: {id}")),
        "{checked}"
    );

    let bad = helvetia(&["puzzles", "generate", "--games", "1", "--look-share", "0"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn the_ladder_adds_games_between_neighbours_above_the_beginner_and_writes_every_game() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-ladder.json");
    let printed = stdout(&helvetia(&[
        "ladder",
        "--games-per-pair",
        "1",
        "--neighbour-games",
        "1",
        "--seed",
        "3",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(
        printed.contains("| above the level below (95%) |"),
        "{printed}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let pairs = report["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 10, "every two of the five levels: {report}");
    for pair in pairs {
        let (lower, higher) = (
            pair["lower"].as_str().unwrap(),
            pair["higher"].as_str().unwrap(),
        );
        let keys = ["random", "greedy", "good", "mcts", "expert"];
        let (a, b) = (
            keys.iter().position(|k| *k == lower).unwrap(),
            keys.iter().position(|k| *k == higher).unwrap(),
        );
        let expected = if a > 0 && b == a + 1 { 2 } else { 1 };
        let scores = pair["scores"].as_array().unwrap();
        assert_eq!(scores.len(), expected, "{lower} – {higher}: {report}");
        assert!(scores
            .iter()
            .all(|s| (0.0..=1.0).contains(&s.as_f64().unwrap())));
    }
    let levels = report["levels"].as_array().unwrap();
    assert!(levels[0]["above_the_level_below"].is_null());
    for (below, level) in levels.iter().zip(&levels[1..]) {
        let step = level["above_the_level_below"]["rating"].as_f64().unwrap();
        let gap = level["rating"]["rating"].as_f64().unwrap()
            - below["rating"]["rating"].as_f64().unwrap();
        assert!((step - gap).abs() < 1e-6, "{report}");
    }
    let games: Vec<u64> = levels
        .iter()
        .map(|l| l["games"].as_u64().unwrap())
        .collect();
    assert_eq!(
        games,
        [4, 5, 6, 6, 5],
        "each level's games, neighbours' added: {report}"
    );
}
