//! A running game stored directly as its log, at a position that clicking at random reaches
//! only after hundreds of decisions: a village whose ring 1 is full. The engine plays it, a
//! builder who builds whenever the rules let them, and the store takes its actions as the
//! server would have written them; the server loads it like any other game.

use helvetia_engine::{Action, Character, Game, GameOptions, Seat, VillageId};
use helvetia_server::domain::seats::{GameStatus, Occupant, SeatRecord};
use helvetia_server::storage::{AccountCap, CapKind, GameRecordRow, Store, UserRecord};

use crate::common::log_appends::next_append;

/// How eager the builder is for `action`: the steps of building first, anything else last.
fn eagerness(action: &Action) -> u8 {
    match action {
        Action::Place(_) => 0,
        Action::Pay(_) => 1,
        Action::Build(_) => 2,
        Action::Buy(_) => 3,
        Action::Begin(Character::Builder) => 4,
        Action::MoveIn(_) => 5,
        _ => 9,
    }
}

/// The actions, each with its player, of a two-player game of `seed` that the builder plays
/// until a village's ring 1 is full and a building stands in its ring 2; then that village.
pub fn game_with_a_full_ring_1(seed: u64) -> (Vec<(Seat, Action)>, VillageId) {
    let mut game = Game::new(GameOptions::for_players(2), seed);
    let mut actions = Vec::new();
    while actions.len() < 1000 {
        let position = game.position();
        let grown = position.village_ids().find(|&village| {
            let village = position.village(village);
            village.ring1_full() && village.buildings().any(|(cell, _)| cell.ring() == 2)
        });
        if let Some(village) = grown {
            return (actions, village);
        }
        let legal = game.legal_actions();
        let action = *legal
            .iter()
            .min_by_key(|a| eagerness(a))
            .expect("a decision");
        actions.push((game.to_move().expect("a player to move"), action));
        game.play(action).expect("a legal action");
    }
    panic!("no village grew past ring 1 in 1000 actions");
}

/// Stores game `id`, the two-player game of `seed` as the builder plays it (see
/// [`game_with_a_full_ring_1`]), running, with `players` in its seats in order; answers the
/// village whose ring 1 is full.
pub async fn store_game_with_a_full_ring_1(
    store: &Store,
    id: &str,
    seed: u64,
    players: [&UserRecord; 2],
) -> VillageId {
    let (actions, village) = game_with_a_full_ring_1(seed);
    let seats = players
        .iter()
        .zip(0u8..)
        .map(|(user, seat)| {
            let occupant = Occupant::Human {
                user_id: user.id.clone(),
                username: user.username.clone(),
                invite: None,
            };
            SeatRecord::new(seat, occupant)
        })
        .collect();
    let options = GameOptions::for_players(2);
    let record = GameRecordRow::open(id, &players[0].id, (options, seed), seats);
    let cap = AccountCap {
        user_id: players[0].id.clone(),
        kind: CapKind::OpenGames,
        limit: 10,
    };
    store
        .create_game(&record, &cap)
        .await
        .expect("store the game");
    let mut game = Game::new(options, seed);
    let running = (GameStatus::Open, GameStatus::Running);
    store
        .set_status(id, running, game.to_move(), None, None, None)
        .await
        .expect("start the game");
    for (index, &(seat, action)) in (0u64..).zip(&actions) {
        assert_eq!(game.to_move(), Some(seat), "the action's player");
        let (change, summary) = next_append(&game, index, action);
        game.play(action).expect("a legal action");
        store
            .change_log(id, index, change, summary, None)
            .await
            .expect("store an action");
    }
    village
}
