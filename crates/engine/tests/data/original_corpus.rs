//! Writes the corpus of games played under the original rules revision, one JSON line per game.
//!
//! Built against the engine and the AI as they were before the rules corrections (commit
//! 6acef5d), as an example of `crates/ai` there, in a release build like the one that served the
//! games: `cargo run --release -p helvetia-ai --example original_corpus >
//! original-rules-games.jsonl`. Kept here for the record; not part of the current build.
//!
//! Each line is a game record (options marked `"rules":1` by the same text edit the server's
//! migration makes, seed, actions) with an `old` object: what that engine reported at the end
//! (round, whether the game was over, every seat's score and rank), digests of the first and the
//! last position, and counts of the actions only the original rules allow.

use helvetia_engine::{
    Action, Cell, Direction, Game, GameOptions, GameRecord, Phase, Position, Quarter, Seat,
    SetupMode, VillageId,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{json, Value};

/// FNV-1a over the canonical text (object keys sorted) of a position without its options.
fn digest(position: &Position) -> String {
    let mut value = serde_json::to_value(position).unwrap();
    value.as_object_mut().unwrap().remove("options");
    let mut text = String::new();
    canonical(&value, &mut text);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(key).unwrap());
                out.push(':');
                canonical(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&serde_json::to_string(other).unwrap()),
    }
}

fn quarter_sleeps(position: &Position, village: VillageId, quarter: Quarter) -> bool {
    Cell::all().filter(|c| c.in_quarter(quarter)).any(|c| {
        position.village(village).cells[c.index()]
            .as_ref()
            .is_some_and(|b| b.villagers.iter().any(|v| !v.awake))
    })
}

fn tripled(position: &Position) -> usize {
    (0..5)
        .filter(|&k| {
            position
                .players
                .iter()
                .map(|p| p.start_buildings[k])
                .sum::<u8>()
                == 3
        })
        .count()
}

struct Counts {
    idle_wakes: u32,
    neutral_after_pass: u32,
    pass_after_pass: u32,
}

fn play(options: GameOptions, seed: u64, random_share: f32) -> (GameRecord, Value) {
    let mut game = Game::new(options, seed);
    let first = digest(game.position());
    let tripled = tripled(game.position());
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut record = GameRecord::new(options, seed);
    let mut counts = Counts {
        idle_wakes: 0,
        neutral_after_pass: 0,
        pass_after_pass: 0,
    };
    let mut passed: Vec<Seat> = Vec::new();
    let mut round = game.position().round;
    while !game.is_over() {
        let position = game.position();
        if position.round != round {
            round = position.round;
            passed.clear();
        }
        let mut legal = game.legal_actions();
        let seat = position.to_move().unwrap();
        let neutral =
            |a: &Action| matches!(a, Action::NeutralPriest { .. } | Action::NeutralBuild(_));
        // Two players: a player with coins mostly leaves the neutral coin, so that it is still
        // there when the player runs out of coins; that player then sometimes passes and comes
        // back for it (the original rules allowed both).
        if position.player(seat).hand > 0
            && legal.iter().any(|a| !neutral(a))
            && helvetia_ai::policy::unit(&mut rng) < 0.8
        {
            legal.retain(|a| !neutral(a));
        }
        let action = if legal.contains(&Action::Pass)
            && legal.len() > 1
            && helvetia_ai::policy::unit(&mut rng) < 0.5
        {
            Action::Pass
        } else if helvetia_ai::policy::unit(&mut rng) < random_share {
            legal[rng.next_u64() as usize % legal.len()]
        } else {
            let weights: Vec<f32> = legal
                .iter()
                .map(|&a| helvetia_ai::policy::weight(&game, seat, a))
                .collect();
            let mut target = helvetia_ai::policy::unit(&mut rng) * weights.iter().sum::<f32>();
            let mut chosen = legal[legal.len() - 1];
            for (i, w) in weights.iter().enumerate() {
                if target < *w {
                    chosen = legal[i];
                    break;
                }
                target -= w;
            }
            chosen
        };
        if let Phase::Turn { seat, .. } = position.phase {
            match action {
                Action::Wake { village, quarter }
                    if !quarter_sleeps(position, village, quarter) =>
                {
                    counts.idle_wakes += 1
                }
                Action::NeutralPriest { .. } | Action::NeutralBuild(_)
                    if passed.contains(&seat) =>
                {
                    counts.neutral_after_pass += 1
                }
                Action::Pass if passed.contains(&seat) => counts.pass_after_pass += 1,
                _ => {}
            }
            if action == Action::Pass {
                passed.push(seat);
            }
        }
        game.play(action).unwrap();
        record.actions.push(action);
    }
    let standings = game.standings();
    let scores: Vec<u8> = options.seats().map(|s| game.score(s).total).collect();
    let ranks: Vec<u8> = options
        .seats()
        .map(|s| standings.iter().find(|st| st.seat == s).unwrap().rank)
        .collect();
    let old = json!({
        "round": game.position().round,
        "over": game.is_over(),
        "scores": scores,
        "ranks": ranks,
        "first": first,
        "last": digest(game.position()),
        "idle_wakes": counts.idle_wakes,
        "neutral_after_pass": counts.neutral_after_pass,
        "pass_after_pass": counts.pass_after_pass,
        "tripled_letters": tripled,
    });
    (record, old)
}

fn main() {
    let mut seed: u64 = 20_261_123;
    let mut lines = Vec::new();
    for players in 2..=4u8 {
        for setup in [SetupMode::Draft, SetupMode::Letters] {
            for character_tiles in [true, false] {
                // Short games stopped by a round limit, and a few played to a low target.
                for game in 0..[12, 6, 5][usize::from(players - 2)] {
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let game_seed = seed >> 1;
                    let (round_limit, target_vp) = match game % 4 {
                        0 => (None, 5 + (game_seed % 4) as u8),
                        1 | 3 => (Some(2), 20),
                        _ => (Some(3), 20),
                    };
                    let options = GameOptions {
                        players,
                        setup,
                        character_tiles,
                        target_vp,
                        direction: if game % 3 == 2 {
                            Direction::Clockwise
                        } else {
                            Direction::CounterClockwise
                        },
                        round_limit,
                    };
                    let random_share = [0.1, 0.3, 0.6][game % 3];
                    let (record, old) = play(options, game_seed, random_share);
                    lines.push((record, old));
                }
            }
        }
    }
    // Letters with three players, where a type can be dealt three times.
    for extra in 0..LETTERS_3P_EXTRA {
        let options = GameOptions {
            players: 3,
            setup: SetupMode::Letters,
            character_tiles: extra % 2 == 0,
            target_vp: 20,
            direction: Direction::CounterClockwise,
            round_limit: Some(1),
        };
        let (record, old) = play(options, 1000 + extra, 0.2);
        lines.push((record, old));
    }
    // Two players: games in which a player passed and came back for the neutral coin, picked
    // from short games until there are a dozen.
    let mut kept = 0;
    let mut candidate = 5000;
    while kept < NEUTRAL_AFTER_PASS_EXTRA {
        let options = GameOptions {
            players: 2,
            setup: if candidate % 2 == 0 {
                SetupMode::Draft
            } else {
                SetupMode::Letters
            },
            character_tiles: candidate % 3 != 0,
            target_vp: 20,
            direction: Direction::CounterClockwise,
            round_limit: Some(2 + (candidate % 2) as u16),
        };
        let (record, old) = play(options, candidate, 0.1);
        candidate += 1;
        if old["neutral_after_pass"].as_u64().unwrap() > 0 {
            kept += 1;
            lines.push((record, old));
        }
    }
    for (record, old) in lines {
        let options = serde_json::to_string(&record.options).unwrap();
        // The same edit as the server's migration 6.
        let options = format!("{{\"rules\":1,{}", &options[1..]);
        let actions = serde_json::to_string(&record.actions).unwrap();
        println!(
            "{{\"options\":{options},\"seed\":{},\"actions\":{actions},\"old\":{}}}",
            record.seed,
            serde_json::to_string(&old).unwrap()
        );
    }
}

const LETTERS_3P_EXTRA: u64 = 6;
const NEUTRAL_AFTER_PASS_EXTRA: u64 = 12;
