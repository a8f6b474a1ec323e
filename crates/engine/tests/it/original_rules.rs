//! The original rules revision: games started before the rules corrections keep the rules they
//! were played by (docs/rules.md, "Rules revisions").
//!
//! `data/original-rules-games.jsonl` holds games played by the engine of the last release with
//! the original rules (commit 6acef5d; `../data/original_corpus.rs` wrote them there). Each line is
//! a record marked `"rules":1`, with what that engine reported (`old`): scores, ranks, the last
//! round, digests of the first and last positions, and how often the game used what only the
//! original rules allow. Every one must replay strictly under the original revision to the same
//! end; without the mark (the corrected rules) exactly the games that used an old-only action
//! must be refused.

use crate::common;
use common::*;
use helvetia_engine::*;
use serde_json::Value;
use BuildingKind::*;

const CORPUS: &str = include_str!("../data/original-rules-games.jsonl");

/// FNV-1a over the canonical text (object keys sorted) of a position without its options: the
/// same digest the corpus was written with.
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

/// One corpus game: the line as JSON, and the record it holds.
struct Entry {
    line: Value,
    record: GameRecord,
}

impl Entry {
    fn old(&self, key: &str) -> &Value {
        &self.line["old"][key]
    }

    fn old_count(&self, key: &str) -> u64 {
        self.old(key).as_u64().unwrap()
    }
}

fn corpus() -> Vec<Entry> {
    CORPUS
        .lines()
        .map(|text| {
            let line: Value = serde_json::from_str(text).unwrap();
            let record: GameRecord = serde_json::from_value(line.clone()).unwrap();
            Entry { line, record }
        })
        .collect()
}

fn quarter_sleeps(position: &Position, village: VillageId, quarter: Quarter) -> bool {
    Cell::all().filter(|c| c.in_quarter(quarter)).any(|c| {
        position.village(village).cells[c.index()]
            .as_ref()
            .is_some_and(|b| b.villagers.iter().any(|v| !v.awake))
    })
}

fn anyone_asleep(position: &Position) -> bool {
    position.village_ids().any(|id| {
        position
            .village(id)
            .buildings()
            .any(|(_, b)| b.villagers.iter().any(|v| !v.awake))
    })
}

/// What a replay under the original revision saw: the old-only actions, by kind, and the index
/// of the first.
#[derive(Default, Debug)]
struct OldOnly {
    /// A Night Watchman chosen (coin or tile) while nobody slept anywhere.
    idle_watchman: u64,
    /// A wake of a quarter where nobody slept.
    idle_wakes: u64,
    /// The neutral coin taken by a player who had passed that round.
    neutral_after_pass: u64,
    /// A second pass in the same round.
    pass_after_pass: u64,
    /// An explicit end of a turn that only an idle Night Watchman kept open: the corrected rules
    /// end such a turn by themselves.
    end_after_idle_offer: u64,
    first: Option<usize>,
}

impl OldOnly {
    fn any(&self) -> bool {
        self.first.is_some()
    }
}

/// Replays `record` strictly (every action through `Game::play`), checking the invariants after
/// each, and notes the actions only the original rules allow.
fn replay_original(record: &GameRecord) -> (Game, OldOnly) {
    assert_eq!(record.options.rules, RulesRevision::Original);
    let mut game = Game::new(record.options, record.seed);
    let mut seen = OldOnly::default();
    let mut passed: Vec<Seat> = Vec::new();
    let mut round = game.position().round;
    for (index, &action) in record.actions.iter().enumerate() {
        let position = game.position();
        if position.round != round {
            round = position.round;
            passed.clear();
        }
        if let Phase::Turn { seat, .. } = position.phase {
            let old_only = match action {
                Action::Begin(Character::NightWatchman)
                | Action::UseTile(Character::NightWatchman)
                    if !anyone_asleep(position) =>
                {
                    seen.idle_watchman += 1;
                    true
                }
                Action::Wake { village, quarter }
                    if !quarter_sleeps(position, village, quarter) =>
                {
                    seen.idle_wakes += 1;
                    true
                }
                Action::NeutralPriest { .. } | Action::NeutralBuild(_)
                    if passed.contains(&seat) =>
                {
                    seen.neutral_after_pass += 1;
                    true
                }
                Action::Pass if passed.contains(&seat) => {
                    seen.pass_after_pass += 1;
                    true
                }
                Action::EndTurn
                    if !anyone_asleep(position)
                        && game.legal_actions().iter().all(|&a| {
                            matches!(
                                a,
                                Action::EndTurn
                                    | Action::Begin(Character::NightWatchman)
                                    | Action::UseTile(Character::NightWatchman)
                            )
                        }) =>
                {
                    seen.end_after_idle_offer += 1;
                    true
                }
                _ => false,
            };
            if old_only && seen.first.is_none() {
                seen.first = Some(index);
            }
            if action == Action::Pass {
                passed.push(seat);
            }
        }
        if let Err(error) = game.play(action) {
            panic!("seed {}: action {index}: {error}", record.seed);
        }
        assert_eq!(game.check_invariants(), Ok(()), "seed {}", record.seed);
        assert!(
            game.position().players.iter().all(|p| !p.passed),
            "no pass lasts under the original rules"
        );
    }
    (game, seen)
}

fn kind(options: &GameOptions) -> (u8, SetupMode, bool) {
    (options.players, options.setup, options.character_tiles)
}

/// Every stored game replays strictly under the original revision to the end its engine
/// reported: the same first and last positions, scores, ranks and round.
#[test]
fn original_rules_games_replay_to_the_same_end() {
    let corpus = corpus();
    let mut kinds = std::collections::BTreeMap::<(u8, String, bool), usize>::new();
    let (mut idle, mut after_pass, mut again, mut tripled, mut by_target) = (0, 0, 0, 0, 0);
    for entry in &corpus {
        let record = &entry.record;
        let seed = record.seed;
        assert_eq!(record.options.rules, RulesRevision::Original, "seed {seed}");
        let start = Game::new(record.options, seed);
        assert_eq!(
            digest(start.position()),
            entry.old("first").as_str().unwrap(),
            "seed {seed}: the same setup"
        );
        let replayed = record
            .replay()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let (game, seen) = replay_original(record);
        assert_eq!(replayed, game);
        assert!(game.is_over(), "seed {seed}");
        assert_eq!(entry.old("over"), &Value::Bool(true));
        assert_eq!(
            digest(game.position()),
            entry.old("last").as_str().unwrap(),
            "seed {seed}: the same last position"
        );
        assert_eq!(u64::from(game.position().round), entry.old_count("round"));
        let scores: Vec<u64> = record
            .options
            .seats()
            .map(|s| u64::from(game.score(s).total))
            .collect();
        let old_scores: Vec<u64> = entry
            .old("scores")
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(scores, old_scores, "seed {seed}");
        let standings = game.standings();
        let ranks: Vec<u64> = record
            .options
            .seats()
            .map(|s| u64::from(standings.iter().find(|st| st.seat == s).unwrap().rank))
            .collect();
        let old_ranks: Vec<u64> = entry
            .old("ranks")
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(ranks, old_ranks, "seed {seed}");
        // The corpus's own counts agree with what this replay saw.
        assert_eq!(
            seen.idle_wakes,
            entry.old_count("idle_wakes"),
            "seed {seed}"
        );
        assert_eq!(
            seen.neutral_after_pass,
            entry.old_count("neutral_after_pass"),
            "seed {seed}"
        );
        assert_eq!(
            seen.pass_after_pass,
            entry.old_count("pass_after_pass"),
            "seed {seed}"
        );
        if record.options.round_limit.is_none() {
            by_target += 1;
            assert!(scores
                .iter()
                .any(|&s| s >= u64::from(record.options.target())));
        }
        let (players, setup, tiles) = kind(&record.options);
        *kinds
            .entry((players, format!("{setup:?}"), tiles))
            .or_default() += 1;
        idle += usize::from(seen.idle_wakes > 0);
        after_pass += usize::from(seen.neutral_after_pass > 0);
        again += usize::from(seen.pass_after_pass > 0);
        tripled += usize::from(players == 3 && entry.old_count("tripled_letters") > 0);
    }
    println!(
        "{} games by (players, setup, tiles): {kinds:?}; ended at their target {by_target}; with \
         a wake where nobody slept {idle}; neutral coin after a pass {after_pass}; a second pass \
         {again}; 3-player letters with a type dealt three times {tripled}",
        corpus.len()
    );
    // Every kind of game: 2, 3 and 4 players, draft and letters, with and without tiles.
    assert_eq!(kinds.len(), 12, "{kinds:?}");
    assert!(kinds.values().all(|&n| n >= 5), "{kinds:?}");
    assert!(corpus.len() >= 100);
    assert!(
        by_target >= 20,
        "games that ended at their target: {by_target}"
    );
    assert!(idle >= 30, "games with a wake where nobody slept: {idle}");
    assert!(
        after_pass >= 10,
        "games with the neutral coin taken after a pass: {after_pass}"
    );
    assert!(again >= 1, "games with a second pass in a round: {again}");
    assert!(
        tripled >= 10,
        "3-player letters with a type dealt three times: {tripled}"
    );
}

/// Who moved at each action of a strict replay, or the index of the first refused action.
fn movers(record: &GameRecord) -> Result<(Game, Vec<Option<Seat>>), usize> {
    let mut game = Game::new(record.options, record.seed);
    let mut movers = Vec::with_capacity(record.actions.len());
    for (index, &action) in record.actions.iter().enumerate() {
        movers.push(game.to_move());
        game.play(action).map_err(|_| index)?;
    }
    Ok((game, movers))
}

/// The same records without the mark are corrected-rules records. Those that used an action only
/// the original rules allow are not the games that were played: refused at or after the first
/// such action (a stored game would be set aside as damaged), or, when each action finds another
/// legal reading, made by another player (the neutral coin of a player who passed falls to the
/// opponent). The others replay alike.
#[test]
fn without_the_mark_the_corrected_rules_refuse_the_old_only_actions() {
    let (mut refused, mut at_first, mut same, mut reattributed) = (0, 0, 0, 0);
    let mut reattributed_same_end = 0;
    let (mut only_pass_refused, mut only_watchman_refused) = (0, 0);
    for entry in corpus() {
        let mut line = entry.line.clone();
        let options = line["options"].as_object_mut().unwrap();
        assert_eq!(options.remove("rules"), Some(Value::from(1)));
        let unmarked: GameRecord = serde_json::from_value(line).unwrap();
        assert_eq!(unmarked.options.rules, RulesRevision::Corrected);
        assert_eq!(
            unmarked.options,
            GameOptions {
                rules: RulesRevision::Corrected,
                ..entry.record.options
            }
        );
        let seed = unmarked.seed;
        let (original, seen) = replay_original(&entry.record);
        let (_, original_movers) = movers(&entry.record).unwrap();
        let watchman = seen.idle_watchman + seen.idle_wakes + seen.end_after_idle_offer;
        let pass = seen.neutral_after_pass + seen.pass_after_pass;
        match movers(&unmarked) {
            Ok((game, movers)) if !seen.any() => {
                assert_eq!(movers, original_movers, "seed {seed}");
                assert_eq!(digest(game.position()), digest(original.position()));
                assert_eq!(unmarked.replay().unwrap(), game);
                same += 1;
            }
            Ok((game, movers)) => {
                assert!(
                    movers != original_movers
                        || digest(game.position()) != digest(original.position()),
                    "seed {seed}: {seen:?} read as the same game"
                );
                assert!(watchman == 0 && pass > 0, "seed {seed}: {seen:?}");
                reattributed += 1;
                reattributed_same_end +=
                    usize::from(digest(game.position()) == digest(original.position()));
            }
            Err(index) => {
                let first = seen
                    .first
                    .unwrap_or_else(|| panic!("seed {seed}: refused at {index}"));
                assert!(index >= first, "seed {seed}: {index} < {first}");
                assert!(matches!(
                    unmarked.replay(),
                    Err(ReplayError::Illegal { index: i, .. }) if i == index
                ));
                refused += 1;
                at_first += usize::from(index == first);
                only_pass_refused += usize::from(watchman == 0 && pass > 0);
                only_watchman_refused += usize::from(watchman > 0 && pass == 0);
            }
        }
    }
    println!(
        "refused {refused} (at the first old-only action: {at_first}; only passing: \
         {only_pass_refused}; only the Night Watchman: {only_watchman_refused}); \
         replayed with other movers {reattributed} ({reattributed_same_end} to the same last \
         position); replayed alike {same}"
    );
    assert!(
        refused >= 40 && same >= 10,
        "{refused} refused, {same} alike"
    );
    assert!(only_pass_refused >= 1 && only_watchman_refused >= 30);
}

/// Options name their revision as a number; left out, it is the current one.
#[test]
fn the_rules_revision_in_json() {
    let options: GameOptions = serde_json::from_str(r#"{"players":3}"#).unwrap();
    assert_eq!(options.rules, RulesRevision::CURRENT);
    assert_eq!(RulesRevision::CURRENT, RulesRevision::Corrected);
    assert_eq!(GameOptions::default().rules, RulesRevision::CURRENT);
    let options: GameOptions = serde_json::from_str(r#"{"rules":1,"players":3}"#).unwrap();
    assert_eq!(options.rules, RulesRevision::Original);
    let options: GameOptions = serde_json::from_str(r#"{"rules":2}"#).unwrap();
    assert_eq!(options.rules, RulesRevision::Corrected);
    for unknown in [
        r#"{"rules":0}"#,
        r#"{"rules":3}"#,
        r#"{"rules":"Original"}"#,
    ] {
        assert!(
            serde_json::from_str::<GameOptions>(unknown).is_err(),
            "{unknown}"
        );
    }
    // Always written, first, so that a stored game keeps its revision whatever comes later.
    let text = serde_json::to_string(&GameOptions::for_players(3)).unwrap();
    assert!(text.starts_with(r#"{"rules":2,"players":3,"#), "{text}");
    let original = GameOptions {
        rules: RulesRevision::Original,
        ..GameOptions::for_players(2)
    };
    let text = serde_json::to_string(&original).unwrap();
    assert_eq!(
        serde_json::from_str::<GameOptions>(&text).unwrap(),
        original
    );
}

/// The server's migration 6 marks stored options with the same text edit the corpus was marked
/// with: `"rules":1,` after the opening brace of options written by the original release.
#[test]
fn the_server_migration_marks_stored_options_as_original() {
    let sql = include_str!("../../../server/migrations/0006_original_rules.sql");
    assert!(
        sql.contains(r#"'{"rules":1,' || SUBSTR(options, 2)"#),
        "{sql}"
    );
    // Options as the original release wrote them (every field, target_vp a number).
    let stored = r#"{"players":3,"setup":"Letters","character_tiles":false,"target_vp":20,"direction":"Clockwise","round_limit":null}"#;
    let marked = format!("{{\"rules\":1,{}", &stored[1..]);
    let options: GameOptions = serde_json::from_str(&marked).unwrap();
    assert_eq!(options.rules, RulesRevision::Original);
    assert_eq!(
        options,
        GameOptions {
            rules: RulesRevision::Original,
            ..serde_json::from_str(stored).unwrap()
        }
    );
    assert_eq!(options.target(), 20);
}

fn original(players: u8) -> GameOptions {
    GameOptions {
        rules: RulesRevision::Original,
        ..GameOptions::for_players(players)
    }
}

/// Original ruling 8: the Night Watchman takes a coin with nobody asleep, and wakes any quarter
/// of any village.
#[test]
fn original_night_watchman_wakes_any_quarter() {
    let mut s = Scenario::with_options(original(3));
    s.building(v(P2), (2, 0), Holzfaeller, &[asleep(v(P2), M)]);
    let mut game = s.hand(P0, 2).game();
    play_all(&mut game, &[Action::Begin(Character::NightWatchman)]);
    assert_eq!(legal(&game).len(), 3 * 4, "every quarter of every village");
    // A quarter where nobody sleeps: the coin is placed, nobody wakes.
    let before = game.position().villages;
    play_all(
        &mut game,
        &[Action::Wake {
            village: v(P1),
            quarter: Quarter::TopLeft,
        }],
    );
    assert_eq!(game.position().villages, before);
    assert_eq!(game.position().players[0].hand, 1);
    // And again, with a villager still asleep elsewhere: the second coin is offered.
    assert!(legal(&game).contains(&Action::Begin(Character::NightWatchman)));

    // Nobody asleep at all: still offered.
    let mut game = Scenario::with_options(original(3)).hand(P0, 1).game();
    assert!(legal(&game).contains(&Action::Begin(Character::NightWatchman)));
    play_all(&mut game, &[Action::Begin(Character::NightWatchman)]);
    assert_eq!(legal(&game).len(), 3 * 4);
    // The same position under the corrected rules offers nothing but a pass.
    let corrected = Scenario::new(3).hand(P0, 1).game();
    assert_eq!(legal(&corrected), vec![Action::Pass]);
}

/// Original ruling 8: a pass ends only the turn; with two players, the player who passed comes
/// back while the neutral coin is there, and may take it.
#[test]
fn original_pass_ends_only_the_turn() {
    let mut game = Scenario::with_options(original(2))
        .sleepers(v(P0))
        .hand(P0, 3)
        .hand(P1, 0)
        .game();
    watchman(&mut game, v(P0), Quarter::TopLeft);
    play_all(&mut game, &[Action::EndTurn]);
    assert_eq!(game.to_move(), Some(P1));
    play_all(&mut game, &[Action::Pass]);
    assert!(!game.position().players[1].passed, "no lasting pass");
    watchman(&mut game, v(P0), Quarter::TopRight);
    play_all(&mut game, &[Action::EndTurn]);
    assert_eq!(game.to_move(), Some(P1), "back for the neutral coin");
    let neutral = legal(&game)
        .into_iter()
        .find(|a| matches!(a, Action::NeutralBuild(_) | Action::NeutralPriest { .. }))
        .expect("the neutral coin is offered again");
    assert!(legal(&game).contains(&Action::Pass));
    play_all(&mut game, &[neutral]);
    assert!(!game.position().neutral_coin_available);
}

/// Original ruling 4: without a target set, 20 whatever the tiles; a set target is kept.
#[test]
fn original_target_is_twenty_unless_set() {
    let options = GameOptions {
        character_tiles: false,
        ..original(3)
    };
    assert_eq!(options.target(), 20);
    let corrected = GameOptions {
        rules: RulesRevision::Corrected,
        ..options
    };
    assert_eq!(corrected.target(), 18);
    let set = GameOptions {
        target_vp: Some(12),
        ..options
    };
    assert_eq!(set.target(), 12);
}

/// The letters setup deals alike under both revisions (the original release's count wrapped
/// back to the same holdings, pool and box), for every table size.
#[test]
fn letters_deal_alike_under_both_revisions() {
    for players in 2..=4 {
        for seed in 0..40 {
            let corrected = GameOptions {
                setup: SetupMode::Letters,
                ..GameOptions::for_players(players)
            };
            let old = GameOptions {
                rules: RulesRevision::Original,
                ..corrected
            };
            let a = Game::new(corrected, seed);
            let b = Game::new(old, seed);
            assert_eq!(digest(a.position()), digest(b.position()));
        }
    }
}

/// A position in which somebody has passed is no position of the original rules.
#[test]
fn original_positions_hold_no_lasting_pass() {
    let game = Scenario::with_options(original(3)).hand(P0, 1).game();
    let mut position = game.position().clone();
    position.players[1].passed = true;
    let refused = Game::from_position(position.clone()).unwrap_err();
    assert!(
        refused.iter().any(|e| e.problem.contains("original")),
        "{refused:?}"
    );
    position.options.rules = RulesRevision::Corrected;
    assert!(Game::from_position(position).is_ok());
}
