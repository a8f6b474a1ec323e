//! The learned evaluation's features and recorded positions: the features count the
//! hand-written evaluation's terms exactly, recorded rows carry the game's outcome, and the
//! network gives each seat at the table a share of victory, also inside the search.

use helvetia_ai::evaluate::{prospects, Weights};
use helvetia_ai::learn::features::{
    features, term_counts, FEATURES, PER_PLAYER, PLAYER_NAMES, TERMS,
};
use helvetia_ai::learn::network::ValueNetwork;
use helvetia_ai::learn::positions::{positions_of, write_header, write_rows, ROW};
use helvetia_ai::{BotSpec, Budget};
use helvetia_engine::{Game, GameOptions, GameRecord, Seat, MAX_PLAYERS};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A finished random game of `players`, stopped after a few rounds.
fn random_record(players: u8, seed: u64) -> GameRecord {
    let mut options = GameOptions::for_players(players);
    options.round_limit = Some(6);
    let mut game = Game::new(options, seed);
    let mut record = GameRecord::new(options, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !game.is_over() {
        let legal = game.legal_actions();
        let action = legal[rng.next_u64() as usize % legal.len()];
        game.play(action).unwrap();
        record.actions.push(action);
    }
    record
}

#[test]
fn term_counts_weighed_by_the_weights_are_the_hand_written_prospects() {
    let weights = Weights {
        deliverable: 0.3,
        coin: 0.7,
        ..Weights::default()
    };
    let mut factors = [1.0f32; TERMS];
    factors[1..].copy_from_slice(&weights.to_array());
    let mut checked = 0;
    for players in 2..=4 {
        let record = random_record(players, 11 + u64::from(players));
        let mut game = Game::new(record.options, record.seed);
        for (index, &action) in record.actions.iter().enumerate() {
            for seat in record.options.seats().filter(|_| index % 3 == 0) {
                let counts = term_counts(game.position(), seat);
                let weighed: f32 = counts.iter().zip(factors).map(|(c, f)| c * f).sum();
                let expected = prospects(game.position(), seat, &weights);
                assert!(
                    (weighed - expected).abs() < 1e-3,
                    "{players} players, {seat}: {weighed} against {expected}"
                );
                checked += 1;
            }
            game.play(action).unwrap();
        }
    }
    assert!(checked > 300, "only {checked} positions checked");
}

/// The names recorded files and weight files carry (the Python side reads them): a change of
/// the evaluation's terms must show here.
#[test]
fn a_players_features_are_named_the_score_the_weights_and_passed() {
    assert_eq!(
        PLAYER_NAMES,
        [
            "score",
            "deliverable",
            "tile_bonus",
            "ready",
            "branch_progress",
            "character_lead",
            "coin",
            "awake_worker",
            "sleeping_worker",
            "couple",
            "unattached",
            "affordable_vp_building",
            "ring1_cell",
            "passed",
        ]
    );
    assert_eq!(PLAYER_NAMES[1..TERMS], Weights::NAMES);
}

#[test]
fn features_start_with_the_viewer_and_leave_empty_seats_zero() {
    let record = random_record(3, 5);
    let mut game = Game::new(record.options, record.seed);
    for &action in record.actions.iter().take(40) {
        game.play(action).unwrap();
    }
    let position = game.position();
    let seen = features(position, Seat(1));
    assert_eq!(seen[..TERMS], term_counts(position, Seat(1)));
    assert_eq!(
        seen[PER_PLAYER..PER_PLAYER + TERMS],
        term_counts(position, Seat(2))
    );
    assert_eq!(
        seen[2 * PER_PLAYER..2 * PER_PLAYER + TERMS],
        term_counts(position, Seat(0))
    );
    assert!(seen[3 * PER_PLAYER..4 * PER_PLAYER]
        .iter()
        .all(|&x| x == 0.0));
    let table = &seen[MAX_PLAYERS * PER_PLAYER..];
    assert_eq!(table[..3], [0.0, 1.0, 0.0]);
}

#[test]
fn recorded_rows_hold_every_decision_with_the_final_points_and_ranks() {
    let record = random_record(2, 9);
    let rows = positions_of(&record).unwrap();
    assert_eq!(rows.len(), record.actions.len());
    let game = record.replay().unwrap();
    let standings = game.standings();
    let points = |seat: u8| {
        f32::from(
            standings
                .iter()
                .find(|s| s.seat == Seat(seat))
                .unwrap()
                .points,
        )
    };
    let rank = |seat: u8| {
        f32::from(
            standings
                .iter()
                .find(|s| s.seat == Seat(seat))
                .unwrap()
                .rank,
        )
    };
    let mut replay = Game::new(record.options, record.seed);
    for (row, &action) in rows.iter().zip(&record.actions) {
        let viewer = replay.to_move().unwrap();
        let other = 1 - viewer.0;
        assert_eq!(row[..FEATURES], features(replay.position(), viewer));
        assert_eq!(
            row[FEATURES..FEATURES + 2],
            [points(viewer.0), points(other)]
        );
        assert_eq!(
            row[FEATURES + 4..FEATURES + 6],
            [rank(viewer.0), rank(other)]
        );
        assert_eq!(row[FEATURES + 2..FEATURES + 4], [0.0, 0.0]);
        replay.play(action).unwrap();
    }
    let mut file = Vec::new();
    write_header(&mut file).unwrap();
    let header_len = file.len();
    write_rows(&mut file, &rows).unwrap();
    assert_eq!(file.len() - header_len, rows.len() * ROW * 4);
    let header: serde_json::Value = serde_json::from_slice(&file[..header_len]).unwrap();
    assert_eq!(header["row"], ROW);
    let first = f32::from_le_bytes(file[header_len..header_len + 4].try_into().unwrap());
    assert_eq!(first, rows[0][0]);
}

#[test]
fn the_built_in_network_gives_shares_of_the_seats_at_the_table() {
    let network = ValueNetwork::builtin();
    for players in 2..=4 {
        let record = random_record(players, 40 + u64::from(players));
        let mut game = Game::new(record.options, record.seed);
        for &action in &record.actions {
            let viewer = game.to_move().unwrap();
            let by_offset = network.shares(&features(game.position(), viewer));
            let by_seat = network.evaluate(game.position(), viewer);
            let total: f32 = by_seat.iter().sum();
            assert!((total - 1.0).abs() < 1e-4, "{by_seat:?}");
            assert!(by_seat[usize::from(players)..].iter().all(|&s| s == 0.0));
            assert!(by_seat[..usize::from(players)].iter().all(|&s| s > 0.0));
            assert_eq!(by_seat[viewer.index()], by_offset[0]);
            game.play(action).unwrap();
        }
    }
}

#[test]
fn weights_of_another_shape_are_refused() {
    let good: serde_json::Value = serde_json::from_str(ValueNetwork::builtin_json()).unwrap();
    assert!(ValueNetwork::from_json(&good.to_string()).is_ok());
    let mut short = good.clone();
    short["hidden_bias"].as_array_mut().unwrap().pop();
    assert!(ValueNetwork::from_json(&short.to_string()).is_err());
    let mut other = good.clone();
    other["features"] = serde_json::json!(FEATURES + 1);
    assert!(ValueNetwork::from_json(&other.to_string()).is_err());
    let mut format = good;
    format["format"] = serde_json::json!("something-else");
    assert!(ValueNetwork::from_json(&format.to_string()).is_err());
}

#[test]
fn a_search_with_the_network_at_its_leaves_plays_legal_games() {
    let spec: BotSpec = "mcts:iterations=60,value=net".parse().unwrap();
    for players in [2, 4] {
        let mut options = GameOptions::for_players(players);
        options.round_limit = Some(3);
        let mut game = Game::new(options, 3);
        let mut bot = spec.build(5);
        while !game.is_over() {
            let action = bot.choose(&game.view(), Budget::default());
            game.play(action).unwrap();
        }
    }
    assert_eq!(spec.build(1).name(), "mcts:iterations=60,value=net");
}
