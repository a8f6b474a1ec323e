//! Arbitrary input must never panic the engine.
//!
//! Random bytes and mutated JSON are fed in as positions and as actions. A position either
//! parses and passes `Game::from_position`, or is refused with a non-empty list of errors; a
//! position that is accepted must then survive the whole API and random legal play. An action
//! that parses is either played or refused, and a refused action changes nothing.

use helvetia_engine::{Action, Game, GameOptions, Position};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::Value;

/// A game after `walk` random decisions (fewer if it ends first).
fn walked_game(players: u8, seed: u64, walk: usize) -> Game {
    let mut game = Game::new(GameOptions::for_players(players), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..walk {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        game.play(legal[(rng.next_u64() % legal.len() as u64) as usize])
            .unwrap();
    }
    game
}

/// How far one input got into the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Reach {
    /// It did not parse: the engine never saw it.
    Unparsed,
    /// The engine checked it and refused it (with reasons).
    Refused,
    /// The engine accepted it and played on.
    Played,
}

/// Runs `cases` inputs of `strategy` through `check`, which answers how far each got, and
/// reports the counts in the test output (also when the test passes): an input that does not
/// parse tests the JSON reader, not the engine. Failures shrink and are recorded in
/// `fuzz_bytes.proptest-regressions` as with `proptest!`.
fn fuzz<S>(name: &str, cases: u32, strategy: S, check: impl Fn(S::Value) -> Reach) -> [usize; 3]
where
    S: Strategy,
    S::Value: std::fmt::Debug,
{
    use std::io::Write;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let counts: [AtomicUsize; 3] = Default::default();
    let config = ProptestConfig {
        source_file: Some(file!()),
        ..ProptestConfig::with_cases(cases)
    };
    // A fixed stream of inputs: the counts below are the same on every run, so a bound on them
    // (some input reaches the engine, some is played) cannot pass or fail by luck.
    let rng = proptest::test_runner::TestRng::deterministic_rng(config.rng_algorithm);
    let mut runner = proptest::test_runner::TestRunner::new_with_rng(config, rng);
    let result = runner.run(&strategy, |input| {
        counts[check(input) as usize].fetch_add(1, Ordering::Relaxed);
        Ok(())
    });
    if let Err(error) = result {
        panic!("{name}: {error}");
    }
    let [unparsed, refused, played] = counts.map(AtomicUsize::into_inner);
    // Straight to stderr: the test harness shows what `eprintln!` prints only on failure.
    let _ = writeln!(
        std::io::stderr(),
        "fuzz {name}: {} inputs reached the engine ({refused} refused, {played} accepted and \
         played), {unparsed} did not parse",
        refused + played
    );
    [unparsed, refused, played]
}

/// Fails unless at least `share` of the inputs behind `counts` (from [`fuzz`]) reached the engine:
/// an input that does not parse tests the JSON reader, not the engine, so a fuzzer whose inputs
/// mostly stop there would pass while testing little of what it is for. The inputs are the same
/// on every run, so the bounds below, each under the share measured, fail only when a change (to
/// the position's JSON, say) makes fewer inputs parse.
fn assert_reaching(name: &str, counts: [usize; 3], share: f64) {
    let [unparsed, refused, played] = counts;
    let total = unparsed + refused + played;
    let reached = (refused + played) as f64 / total.max(1) as f64;
    assert!(
        reached >= share,
        "{name}: {:.1}% of the inputs reached the engine, fewer than the {:.0}% expected: {counts:?}",
        100.0 * reached,
        100.0 * share
    );
}

/// Checks a parsed position the way a client or server would use it: refused with reasons, or
/// accepted, and then it survives the whole API and random legal play with its invariants.
fn exercise_position(position: Position, seed: u64) -> Reach {
    let game = match Game::from_position(position) {
        Ok(game) => game,
        Err(errors) => {
            assert!(!errors.is_empty(), "refused without a reason");
            return Reach::Refused;
        }
    };
    let mut game = game;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let _ = game.view();
    let _ = game.standings();
    for _ in 0..40 {
        let legal = game.legal_actions();
        for seat in game.options().seats() {
            let _ = game.score(seat);
        }
        if legal.is_empty() {
            break;
        }
        let action = legal[(rng.next_u64() % legal.len() as u64) as usize];
        assert!(
            game.play(action).is_ok(),
            "refused its own legal {action:?}"
        );
        if let Err(errors) = game.check_invariants() {
            panic!("an accepted position broke its invariants after {action:?}: {errors:?}");
        }
    }
    Reach::Played
}

/// Plays `action`; a refusal must leave the game untouched.
fn exercise_action(game: &Game, action: Action) -> Reach {
    let mut played = game.clone();
    if played.play(action).is_err() {
        assert_eq!(&played, game, "a refused action changed the game");
        Reach::Refused
    } else {
        assert!(game.legal_actions().contains(&action));
        Reach::Played
    }
}

/// Every number in `json` with its byte range.
fn number_spans(json: &str) -> Vec<(usize, usize)> {
    let bytes = json.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit()
            || (bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            let start = i;
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

/// Replaces numbers of `json` chosen by `picks` with `values`.
fn flip_numbers(json: &str, picks: &[(usize, i64)]) -> String {
    let spans = number_spans(json);
    if spans.is_empty() {
        return json.to_string();
    }
    let mut chosen: Vec<(usize, usize, i64)> = picks
        .iter()
        .map(|&(pick, value)| {
            let (start, end) = spans[pick % spans.len()];
            (start, end, value)
        })
        .collect();
    chosen.sort_by_key(|&(start, _, _)| std::cmp::Reverse(start));
    chosen.dedup_by_key(|&mut (start, _, _)| start);
    let mut out = json.to_string();
    for (start, end, value) in chosen {
        out.replace_range(start..end, &value.to_string());
    }
    out
}

/// Every node of a JSON tree, as a path of object keys and array indices.
fn paths(value: &Value, prefix: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(prefix.clone());
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                prefix.push(Value::String(key.clone()));
                paths(child, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(items) => {
            for (index, child) in items.iter().enumerate() {
                prefix.push(Value::from(index));
                paths(child, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn node_mut<'a>(value: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(value, |node, step| match step {
        Value::String(key) => &mut node[key.as_str()],
        step => &mut node[step.as_u64().unwrap() as usize],
    })
}

fn node<'a>(value: &'a Value, path: &[Value]) -> &'a Value {
    path.iter().fold(value, |node, step| match step {
        Value::String(key) => &node[key.as_str()],
        step => &node[step.as_u64().unwrap() as usize],
    })
}

/// Grafts randomly chosen subtrees of `donor` over randomly chosen subtrees of `target`:
/// well-typed positions whose parts come from different games and moments.
fn graft(target: &mut Value, donor: &Value, picks: &[(usize, usize)]) {
    let mut donor_paths = Vec::new();
    paths(donor, &mut Vec::new(), &mut donor_paths);
    for &(to, from) in picks {
        let mut target_paths = Vec::new();
        paths(target, &mut Vec::new(), &mut target_paths);
        let to = &target_paths[to % target_paths.len()];
        let from = &donor_paths[from % donor_paths.len()];
        *node_mut(target, to) = node(donor, from).clone();
    }
}

/// Every action legal somewhere in a few games, as JSON split into tokens.
fn action_templates() -> &'static [Vec<String>] {
    static TEMPLATES: std::sync::OnceLock<Vec<Vec<String>>> = std::sync::OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut templates = std::collections::BTreeSet::new();
        for players in 2..=4 {
            let mut game = Game::new(GameOptions::for_players(players), u64::from(players));
            let mut rng = ChaCha8Rng::seed_from_u64(u64::from(players));
            while !game.is_over() {
                let legal = game.legal_actions();
                for action in &legal {
                    templates.insert(tokens(&serde_json::to_string(action).unwrap()));
                }
                game.play(legal[(rng.next_u64() % legal.len() as u64) as usize])
                    .unwrap();
            }
        }
        templates.into_iter().collect()
    })
}

/// Splits compact JSON into strings, numbers and single punctuation characters.
fn tokens(json: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = json;
    while let Some(c) = rest.chars().next() {
        let len = match c {
            '"' => rest[1..].find('"').map_or(rest.len(), |end| end + 2),
            '-' | '0'..='9' => rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |end| end + 1),
            _ => c.len_utf8(),
        };
        out.push(rest[..len].to_string());
        rest = &rest[len..];
    }
    out
}

/// An action template with some strings swapped for other strings and numbers for numbers:
/// well-formed JSON that names variants, fields and values in combinations no game produces.
fn scrambled_action(template: usize, picks: &[(usize, usize)]) -> String {
    let templates = action_templates();
    let mut out = templates[template % templates.len()].clone();
    let all: Vec<&String> = templates.iter().flatten().collect();
    let strings: Vec<&String> = all.iter().copied().filter(|t| t.starts_with('"')).collect();
    let numbers: Vec<&String> = all
        .iter()
        .copied()
        .filter(|t| t.starts_with(|c: char| c == '-' || c.is_ascii_digit()))
        .collect();
    for &(at, pick) in picks {
        let at = at % out.len();
        let pool = if out[at].starts_with('"') {
            &strings
        } else if out[at].starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
            &numbers
        } else {
            continue;
        };
        out[at] = match pick % (pool.len() + 3) {
            i if i < pool.len() => pool[i].clone(),
            i if i == pool.len() => "-1".into(),
            i if i == pool.len() + 1 => "256".into(),
            _ => "\"\"".into(),
        };
    }
    out.concat()
}

fn interesting_number() -> impl Strategy<Value = i64> {
    prop_oneof![
        0i64..30,
        Just(-1),
        Just(127),
        Just(128),
        Just(255),
        Just(256),
        Just(65535),
        Just(65536),
        Just(i64::from(u32::MAX)),
        any::<i64>(),
    ]
}

/// A parsed action on `game`, or `Unparsed`.
fn action_on(game: impl FnOnce() -> Game, parsed: Option<Action>) -> Reach {
    parsed.map_or(Reach::Unparsed, |action| exercise_action(&game(), action))
}

/// A parsed position, or `Unparsed`.
fn position_from(parsed: Option<Position>, seed: u64) -> Reach {
    parsed.map_or(Reach::Unparsed, |position| {
        exercise_position(position, seed)
    })
}

/// Random bytes seldom parse: this checks the JSON reader more than the engine (see the count).
#[test]
fn random_bytes_as_a_position() {
    let input = (proptest::collection::vec(any::<u8>(), 0..512), any::<u64>());
    fuzz("random_bytes_as_a_position", 512, input, |(bytes, seed)| {
        position_from(serde_json::from_slice(&bytes).ok(), seed)
    });
}

/// Random bytes seldom parse as an action: see the count.
#[test]
fn random_bytes_as_an_action() {
    let input = (
        proptest::collection::vec(any::<u8>(), 0..64),
        2u8..=4,
        any::<u64>(),
        0usize..400,
    );
    fuzz(
        "random_bytes_as_an_action",
        512,
        input,
        |(bytes, players, seed, walk)| {
            let parsed = serde_json::from_slice(&bytes).ok();
            action_on(|| walked_game(players, seed, walk), parsed)
        },
    );
}

/// Action JSON with strings and numbers swapped: far more of it parses than random bytes.
#[test]
fn scrambled_action_json() {
    let input = (
        any::<usize>(),
        proptest::collection::vec((any::<usize>(), any::<usize>()), 1..4),
        2u8..=4,
        any::<u64>(),
        0usize..400,
    );
    let counts = fuzz(
        "scrambled_action_json",
        512,
        input,
        |(template, picks, players, seed, walk)| {
            let parsed = serde_json::from_str(&scrambled_action(template, &picks)).ok();
            action_on(|| walked_game(players, seed, walk), parsed)
        },
    );
    assert!(counts[1] > 0, "some scrambled actions reach the engine");
    // Measured: 273 of 512 (53%).
    assert_reaching("scrambled_action_json", counts, 0.35);
}

/// The legal actions of a game and of another game, one number pushed to an edge value, on a
/// game in progress: actions of the right shape, mostly out of place or out of range.
#[test]
fn mutated_actions() {
    let input = (
        2u8..=4,
        any::<u64>(),
        0usize..400,
        0usize..400,
        proptest::collection::vec((any::<usize>(), interesting_number()), 1..3),
    );
    let counts = fuzz(
        "mutated_actions",
        512,
        input,
        |(players, seed, walk, donor_walk, picks)| {
            let game = walked_game(players, seed, walk);
            let donor = walked_game(players, seed ^ 1, donor_walk);
            let mut reach = Reach::Unparsed;
            for action in donor
                .legal_actions()
                .iter()
                .chain(game.legal_actions().iter())
            {
                let json = serde_json::to_string(action).unwrap();
                if let Ok(mutated) = serde_json::from_str::<Action>(&flip_numbers(&json, &picks)) {
                    reach = exercise_action(&game, mutated).max(reach);
                }
            }
            reach
        },
    );
    assert!(counts[1] > 0 && counts[2] > 0, "{counts:?}");
    // Measured: 445 of 512 (87%).
    assert_reaching("mutated_actions", counts, 0.75);
}

/// A position of a game in progress with one to three numbers pushed to an edge value.
#[test]
fn positions_with_flipped_numbers() {
    let input = (
        2u8..=4,
        any::<u64>(),
        0usize..500,
        proptest::collection::vec((any::<usize>(), interesting_number()), 1..4),
    );
    let counts = fuzz(
        "positions_with_flipped_numbers",
        384,
        input,
        |(players, seed, walk, picks)| {
            let json = serde_json::to_string(walked_game(players, seed, walk).position()).unwrap();
            position_from(
                serde_json::from_str(&flip_numbers(&json, &picks)).ok(),
                seed,
            )
        },
    );
    assert!(counts[1] > 0 && counts[2] > 0, "{counts:?}");
    // Measured: 59 of 384 (15%); most edge values do not fit their field and do not parse.
    assert_reaching("positions_with_flipped_numbers", counts, 0.08);
}

/// A number every byte-sized count can hold, at the edges where sums overflow and seats end.
fn byte_edge() -> impl Strategy<Value = i64> {
    prop_oneof![0i64..20, Just(127), Just(128), Just(254), Just(255)]
}

/// A position of a game in progress with one number pushed to a value its field can hold but
/// the rules do not allow: it parses, so the engine's checks decide.
#[test]
fn positions_with_one_count_out_of_range() {
    let input = (
        2u8..=4,
        any::<u64>(),
        0usize..500,
        (any::<usize>(), byte_edge()),
    );
    let counts = fuzz(
        "positions_with_one_count_out_of_range",
        384,
        input,
        |(players, seed, walk, pick)| {
            let json = serde_json::to_string(walked_game(players, seed, walk).position()).unwrap();
            position_from(
                serde_json::from_str(&flip_numbers(&json, &[pick])).ok(),
                seed,
            )
        },
    );
    // Most reach the engine. Measured: 305 of 384 (79%).
    assert_reaching("positions_with_one_count_out_of_range", counts, 0.6);
}

/// A position of a game in progress with parts of another game's position put in.
#[test]
fn positions_grafted_from_other_games() {
    let input = (
        2u8..=4,
        2u8..=4,
        any::<u64>(),
        0usize..500,
        0usize..500,
        proptest::collection::vec((any::<usize>(), any::<usize>()), 1..3),
    );
    let counts = fuzz(
        "positions_grafted_from_other_games",
        384,
        input,
        |(players, donor_players, seed, walk, donor_walk, picks)| {
            let position = walked_game(players, seed, walk);
            let mut target = serde_json::to_value(position.position()).unwrap();
            let donor = walked_game(donor_players, seed ^ 7, donor_walk);
            let donor = serde_json::to_value(donor.position()).unwrap();
            graft(&mut target, &donor, &picks);
            position_from(serde_json::from_value(target).ok(), seed)
        },
    );
    assert!(counts[1] > 0, "{counts:?}");
    // Measured: 51 of 384 (13%); most grafts put a subtree where another type belongs.
    assert_reaching("positions_grafted_from_other_games", counts, 0.06);
}

/// A position's JSON with a few bytes overwritten and, in half the cases, its end cut off. A cut
/// position never parses, so without the uncut half no input reached the engine (0 of 384).
#[test]
fn truncated_and_overwritten_position_bytes() {
    let input = (
        2u8..=4,
        any::<u64>(),
        0usize..300,
        prop_oneof![Just(None), any::<usize>().prop_map(Some)],
        proptest::collection::vec((any::<usize>(), any::<u8>()), 0..6),
    );
    let counts = fuzz(
        "truncated_and_overwritten_position_bytes",
        384,
        input,
        |(players, seed, walk, cut, overwrite)| {
            let mut bytes =
                serde_json::to_vec(walked_game(players, seed, walk).position()).unwrap();
            for (at, byte) in overwrite {
                let len = bytes.len();
                bytes[at % len] = byte;
            }
            if let Some(cut) = cut {
                let len = bytes.len();
                bytes.truncate(len - 1 - cut % (len / 8));
            }
            position_from(serde_json::from_slice(&bytes).ok(), seed)
        },
    );
    // Measured: 46 of 384 (12%), all of them uncut.
    assert_reaching("truncated_and_overwritten_position_bytes", counts, 0.05);
}

/// Inputs the fuzzing above once found, kept as fixed cases.
mod found {
    use super::*;
    use helvetia_engine::{Seat, Sex, VillageId, Villager};

    fn position_in_turns() -> Position {
        walked_game(2, 1887622626184204181, 66).position().clone()
    }

    /// A villager of seat 127 used to index past the per-village counts and panic.
    #[test]
    fn a_villager_of_no_seat_is_refused() {
        let mut position = position_in_turns();
        let building = position.villages[0]
            .cells
            .iter_mut()
            .flatten()
            .find(|b| !b.villagers.is_empty())
            .expect("an occupied building");
        building.villagers.iter_mut().next().unwrap().owner = VillageId::Player(Seat(127));
        let errors = Game::from_position(position).unwrap_err();
        assert!(
            errors.iter().any(|e| e.problem.contains("no seat")),
            "{errors:?}"
        );
    }

    /// A turn waiting for a villager to move into a building that is not there (or is full, or
    /// in a village not in play) used to pass validation and then panic when played.
    #[test]
    fn moving_in_needs_a_new_empty_workplace() {
        use helvetia_engine::{ActionSource, Cell, Phase, Step, TurnState};
        let base = position_in_turns();
        let Phase::Turn { seat, .. } = base.phase else {
            panic!("a position in turns");
        };
        let own = VillageId::Player(seat);
        let empty_cell = Cell::all()
            .find(|c| base.village(own).cells[c.index()].is_none())
            .unwrap();
        let occupied_cell = Cell::all()
            .find(|c| base.village(own).cells[c.index()].is_some_and(|b| !b.villagers.is_empty()))
            .unwrap();
        for (village, cell) in [
            (own, empty_cell),
            (own, occupied_cell),
            (VillageId::Player(Seat(3)), empty_cell),
        ] {
            let mut position = base.clone();
            position.village_mut(own).centre_villagers = [1, 1];
            position.player_mut(seat).supply[0] -= 1;
            position.player_mut(seat).supply[1] -= 1;
            position.phase = Phase::Turn {
                seat,
                turn: TurnState {
                    regular: Some(helvetia_engine::Character::Builder),
                    regular_actions: 1,
                    source: Some(ActionSource::Regular),
                    step: Step::MoveIn { village, cell },
                    ..TurnState::fresh()
                },
            };
            let errors = Game::from_position(position).unwrap_err();
            assert!(
                errors.iter().any(|e| e.problem.contains("moving in")),
                "{village:?} {cell}: {errors:?}"
            );
        }
    }

    /// A turn that counted 255 regular actions with fewer coins on its character passed
    /// validation, and the next coin overflowed the count (the action fuzzer's seed with
    /// `picks = [(…, 255)]` in `fuzz_bytes.proptest-regressions`).
    #[test]
    fn more_regular_actions_than_coins_on_the_character_are_refused() {
        use helvetia_engine::{Character, Phase};
        let mut position = position_in_turns();
        let Phase::Turn { seat, mut turn } = position.phase else {
            panic!("a position in turns");
        };
        let character = Character::Builder;
        let coins = position.player(seat).on_characters[character.index()];
        turn.regular = Some(character);
        turn.regular_actions = 255;
        position.phase = Phase::Turn { seat, turn };
        let errors = Game::from_position(position).unwrap_err();
        assert!(
            errors.iter().any(|e| e.problem
                == format!("255 regular actions but {coins} coins on their character")),
            "{errors:?}"
        );
    }

    /// Byte counts that add up past 255 used to wrap (release) or panic (debug) in validation,
    /// so e.g. 256 coins too many passed as the right number.
    #[test]
    fn counts_that_overflow_a_byte_are_refused() {
        let base = position_in_turns();
        let seat = Seat(0);
        let mut coins = base.clone();
        // 256 more coins in all, which a byte-sized sum loses again.
        coins.player_mut(seat).hand += 200;
        coins.player_mut(seat).arriving += 56;
        let mut villagers = base.clone();
        villagers.player_mut(seat).supply[Sex::Female.index()] += 250;
        villagers.player_mut(seat).school[Sex::Female.index()] += 6;
        let mut pool = Game::new(GameOptions::for_players(3), 5).position().clone();
        pool.draft_pool[0] = 255;
        pool.boxed[0] += 3;
        // Refused in release builds by the villager count too, but debug builds used to panic.
        let mut newborns = base.clone();
        let couple = newborns.villages[0]
            .cells
            .iter_mut()
            .flatten()
            .find(|b| b.villagers.len() < 2)
            .expect("a building without a couple");
        couple.newborns = [255, 1];
        couple.villagers.push(Villager {
            owner: VillageId::Player(Seat(0)),
            sex: Sex::Male,
            awake: true,
        });
        for (what, position) in [
            ("coins", coins),
            ("villagers", villagers),
            ("draft pool", pool),
            ("newborns", newborns),
        ] {
            assert!(
                Game::from_position(position).is_err(),
                "{what}: an impossible count passed"
            );
        }
    }
}
