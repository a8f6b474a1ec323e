//! The evaluation's shortcuts agree with the engine, and it ranks the obvious cases right.

use helvetia_ai::boundary::{progress, Progress};
use helvetia_ai::evaluate::{advantage, evaluate, makeable, Weights};
use helvetia_ai::plan_turn;
use helvetia_ai::GreedyParams;
use helvetia_engine::{reaches, BuildingKind, Game, GameOptions, Good, GoodSet, Workers};

/// The engine's own test: a chain starts at a simple-good producer and reaches `good`.
fn can_make(workers: &Workers, good: Good) -> bool {
    BuildingKind::ALL.into_iter().any(|kind| {
        workers.on(kind) > 0
            && matches!(kind.production(), Some((None, simple))
                if reaches(simple, &workers.without(kind), GoodSet::of(&[good])))
    })
}
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn random_games(players: u8, seed: u64) -> impl Iterator<Item = Game> {
    let mut options = GameOptions::for_players(players);
    options.round_limit = Some(10);
    let mut game = Game::new(options, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    std::iter::from_fn(move || {
        if game.is_over() {
            return None;
        }
        let legal = game.legal_actions();
        game.play(legal[rng.next_u64() as usize % legal.len()])
            .unwrap();
        Some(game.clone())
    })
}

#[test]
fn makeable_goods_agree_with_the_engines_production_rules() {
    let mut checked = 0;
    for players in 2..=4 {
        for game in random_games(players, 77).step_by(7) {
            let position = game.position();
            for seat in position.options.seats() {
                let workers = Workers::of(position, seat);
                let set = makeable(&workers);
                for good in Good::ALL {
                    let engine = can_make(&workers, good);
                    assert_eq!(set.contains(good), engine, "{good:?} for {seat}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 5_000, "{checked}");
}

#[test]
fn winners_of_a_finished_game_are_valued_highest() {
    let last = random_games(3, 5).last().unwrap();
    assert!(last.is_over());
    let values = evaluate(last.position(), &Weights::default());
    let standings = last.standings();
    let winner = standings[0].seat;
    for s in &standings[1..] {
        if s.rank > 1 {
            assert!(values[winner.index()] > values[s.seat.index()] + 50.0);
            assert!(advantage(&values, 3, winner) > advantage(&values, 3, s.seat));
        }
    }
}

#[test]
fn greedy_plans_are_whole_legal_turns() {
    // Replayed from where it was planned, a plan is legal throughout and ends the turn.
    let mut seen = 0;
    for players in 2..=4 {
        for game in random_games(players, 3).step_by(5) {
            let Some(me) = game.to_move() else { continue };
            let start = game.position().phase;
            let plan = plan_turn(&game, &GreedyParams::default());
            assert!(!plan.is_empty());
            let mut after = game.clone();
            for (i, &action) in plan.iter().enumerate() {
                if i > 0 {
                    assert_ne!(
                        progress(&start, me, &after),
                        Progress::TurnOver,
                        "the plan goes on after the turn at step {i}"
                    );
                }
                after.play(action).unwrap();
            }
            assert_eq!(progress(&start, me, &after), Progress::TurnOver);
            seen += 1;
        }
    }
    assert!(seen > 100, "{seen}");
}
