//! Every example in `docs/examples` loads: records replay, positions pass `Game::from_position`,
//! and the `helvetia` tools accept them.

use std::path::PathBuf;
use std::process::Command;

use helvetia_engine::{Game, GameRecord, Position};
use serde_json::Value;

fn examples() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/examples exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_example_loads() {
    let files = examples();
    let mut records = 0;
    let mut positions = 0;
    let mut neutral = false;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        let game = if value.get("phase").is_some() {
            positions += 1;
            let position: Position =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Game::from_position(position).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()))
        } else {
            records += 1;
            let record: GameRecord =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            record
                .replay()
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        };
        neutral |= game.options().has_neutral() && game.position().round > 1;
        let output = Command::new(env!("CARGO_BIN_EXE_helvetia"))
            .args(["legal", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", path.display());
        assert_eq!(
            String::from_utf8(output.stdout).unwrap().lines().count(),
            game.legal_actions().len(),
            "{}",
            path.display()
        );
    }
    assert!(records >= 2 && positions >= 2, "{files:?}");
    assert!(neutral, "a two-player example in play");
}

/// The mid-game record and position are the same game, one as history and one as state.
#[test]
fn the_mid_game_record_and_position_agree() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples");
    let record: GameRecord = serde_json::from_str(
        &std::fs::read_to_string(dir.join("mid-game-3p-record.json")).unwrap(),
    )
    .unwrap();
    let position: Position =
        serde_json::from_str(&std::fs::read_to_string(dir.join("mid-game-3p.json")).unwrap())
            .unwrap();
    assert_eq!(record.replay().unwrap().position(), &position);
}

/// Every action in the notation's table parses, shows the label written beside it, and the
/// table has one row per variant.
#[test]
fn the_notation_lists_every_action_variant_correctly() {
    let doc = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/notation.md"),
    )
    .unwrap();
    let section = doc
        .split("\n## Actions\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("an Actions section");
    let mut variants = std::collections::BTreeSet::new();
    for row in section.lines().filter(|line| line.starts_with("| `")) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let json = cells[0].trim_start_matches("| `").trim_end_matches('`');
        let action: helvetia_engine::Action =
            serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(action.label(), cells[1], "{json}");
        let variant = format!("{action:?}");
        variants.insert(variant.split(['(', ' ']).next().unwrap().to_string());
    }
    assert_eq!(variants.len(), 25, "{variants:?}");
}

/// The mid-game record as it was before the rules corrections is kept, marked with the original
/// rules revision: it replays by those rules, and read by the current ones it stops at the 48th
/// action, a Night Watchman coin on a quarter where nobody slept.
#[test]
fn the_original_rules_example_needs_its_mark() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples");
    let text = std::fs::read_to_string(dir.join("original-rules-3p-record.json")).unwrap();
    let record: GameRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(
        record.options.rules,
        helvetia_engine::RulesRevision::Original
    );
    let game = record.replay().unwrap();
    assert!(!game.is_over());
    let mut value: Value = serde_json::from_str(&text).unwrap();
    value["options"].as_object_mut().unwrap().remove("rules");
    let unmarked: GameRecord = serde_json::from_value(value).unwrap();
    match unmarked.replay() {
        Err(helvetia_engine::ReplayError::Illegal { index, error }) => {
            assert_eq!(index, 47);
            assert!(matches!(error.action, helvetia_engine::Action::Wake { .. }));
        }
        other => panic!("{other:?}"),
    }
}
