//! Search speed from fixed positions: MCTS iterations on one core, a whole 2,000-iteration
//! decision on every core, a whole turn of a 2,000-iteration bot with and without its turn
//! plan, one greedy decision, the table's suggestion (`suggest`) where a player pays for a
//! building (the server works it out once per change, for the person who decides), and a hint
//! at the server's budget (what a person waits for after pressing Hint).
//!
//! The positions are reached by a fixed seeded random walk, so every run measures the same
//! work; `cargo bench -p helvetia-ai` prints the medians.

use helvetia_ai::analysis::{hint, AnalysisSettings, HINT_ITERATIONS};
use helvetia_ai::{mcts, suggest, Bot, BotKind, BotSpec, Budget, MctsBot, MctsParams};
use helvetia_engine::{Game, GameOptions, Phase, Step, View};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn main() {
    divan::main();
}

/// The view at the first turn decision of round `round` of a seeded random game.
fn position(players: u8, round: u16) -> View {
    walk_to(players, round, |game| {
        let at_turn =
            matches!(game.position().phase, Phase::Turn { turn, .. } if turn.regular.is_none());
        at_turn && game.legal_actions().len() > 2
    })
}

/// The view at the first payment for a building from round `round` on: where the table
/// suggests a decision.
fn paying(players: u8, round: u16) -> View {
    walk_to(players, round, |game| {
        matches!(game.position().phase,
            Phase::Turn { turn, .. } if matches!(turn.step, Step::Pay { .. }))
    })
}

/// The view at the first decision from round `round` on where `stop` holds, in a seeded random game.
fn walk_to(players: u8, round: u16, stop: impl Fn(&Game) -> bool) -> View {
    let mut game = Game::new(GameOptions::for_players(players), 2024);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    loop {
        if game.position().round >= round && stop(&game) {
            return game.view();
        }
        let legal = game.legal_actions();
        game.play(legal[rng.next_u64() as usize % legal.len()])
            .unwrap();
    }
}

const CASES: [(u8, u16); 4] = [(2, 1), (2, 4), (3, 3), (4, 2)];

/// 200 iterations on one thread: divide 200 by the time for iterations per second.
#[divan::bench(args = CASES, sample_count = 20)]
fn mcts_200_iterations_one_core(bencher: divan::Bencher, case: (u8, u16)) {
    let view = position(case.0, case.1);
    let params = MctsParams::default();
    bencher.bench(|| mcts::search(&view, 1, Budget::iterations(200), &params));
}

/// A whole 2,000-iteration decision with two threads (this machine's cores).
#[divan::bench(args = CASES, sample_count = 10)]
fn mcts_2000_iterations_two_threads(bencher: divan::Bencher, case: (u8, u16)) {
    let view = position(case.0, case.1);
    let params = MctsParams {
        threads: 2,
        ..MctsParams::default()
    };
    bencher.bench(|| mcts::search(&view, 1, Budget::iterations(2000), &params));
}

/// A whole turn (every decision until another player is to move) of a 2,000-iteration bot on
/// one thread: `plan=off` searches each decision, the default plans the turn.
#[divan::bench(args = CASES, consts = [false, true], sample_count = 10)]
fn mcts_2000_whole_turn<const PLAN: bool>(bencher: divan::Bencher, case: (u8, u16)) {
    let view = position(case.0, case.1);
    let name = if PLAN {
        "mcts:2000"
    } else {
        "mcts:2000,plan=off"
    };
    let BotKind::Mcts { params, budget } = name.parse::<BotSpec>().unwrap().kind else {
        unreachable!("an MCTS name")
    };
    bencher.bench(|| {
        let mut game = view.determinize(&mut ChaCha8Rng::seed_from_u64(3));
        let me = game.to_move();
        let mut bot = MctsBot::new(1, params, budget);
        while game.to_move() == me {
            let action = bot.choose(&game.view(), budget);
            game.play(action).unwrap();
        }
    });
}

/// One greedy decision (a whole-turn search).
#[divan::bench(args = CASES, sample_count = 20)]
fn greedy_decision(bencher: divan::Bencher, case: (u8, u16)) {
    let view = position(case.0, case.1);
    let spec: BotSpec = "greedy".parse().unwrap();
    bencher.bench(|| spec.build(1).choose(&view, Budget::default()));
}

/// Just for scale: one random decision (a determinization and a pick).
#[divan::bench(args = CASES, sample_count = 20)]
fn random_decision(bencher: divan::Bencher, case: (u8, u16)) {
    let view = position(case.0, case.1);
    let mut bot: Box<dyn Bot> = "random".parse::<BotSpec>().unwrap().build(1);
    bencher.bench_local(|| bot.choose(&view, Budget::default()));
}

/// The table's suggestion while paying for a building: the greedy plan from the view.
#[divan::bench(args = CASES, sample_count = 20)]
fn suggestion_while_paying(bencher: divan::Bencher, case: (u8, u16)) {
    let view = paying(case.0, case.1);
    bencher.bench(|| suggest(&view));
}

/// A hint at the server's budget ([`HINT_ITERATIONS`]): the search for the line and the two
/// chances, on one thread, as the server runs it in a bot search slot.
#[divan::bench(args = CASES, sample_count = 10)]
fn hint_at_the_server_budget(bencher: divan::Bencher, case: (u8, u16)) {
    let view = position(case.0, case.1);
    let settings = AnalysisSettings {
        iterations: HINT_ITERATIONS,
        seed: 0,
    };
    bencher.bench(|| hint(&view, settings));
}
