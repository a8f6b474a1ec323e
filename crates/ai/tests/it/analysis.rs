//! Post-game analysis: the same result from the same seed and budget on any number of
//! threads, turns that cover the record, and a blunder flagged as the costliest turn.

use helvetia_ai::analysis::{analyse, turns, Analysis, AnalysisSettings, TurnReview};
use helvetia_ai::evaluate::advantage;
use helvetia_ai::{evaluate, Bot, Budget, GreedyBot, MctsBot, Weights};
use helvetia_engine::{Action, Game, GameOptions, GameRecord, Phase, TurnState};

/// A record of greedy bots playing from `seed` until `stop` says so (or the game ends).
fn greedy_record(players: u8, seed: u64, stop: impl Fn(&Game) -> bool) -> GameRecord {
    let mut record = GameRecord::new(GameOptions::for_players(players), seed);
    play_on(&mut record, stop);
    record
}

/// Greedy bots play `record` on until `stop` says so (or the game ends).
fn play_on(record: &mut GameRecord, stop: impl Fn(&Game) -> bool) {
    let bots = (0..record.options.players)
        .map(|seat| Box::new(GreedyBot::new(record.seed ^ u64::from(seat))) as Box<dyn Bot>)
        .collect();
    play_on_with(record, bots, stop);
}

/// `bots` (one per seat) play `record` on until `stop` says so (or the game ends).
fn play_on_with(
    record: &mut GameRecord,
    mut bots: Vec<Box<dyn Bot>>,
    stop: impl Fn(&Game) -> bool,
) {
    let mut game = record.replay().unwrap();
    while let Some(seat) = game.to_move() {
        if stop(&game) {
            break;
        }
        let action = bots[seat.index()].choose(&game.view(), Budget::default());
        game.play(action).unwrap();
        record.actions.push(action);
    }
}

fn quick(seed: u64) -> AnalysisSettings {
    AnalysisSettings {
        iterations: 150,
        seed,
    }
}

fn run(record: &GameRecord, settings: AnalysisSettings, threads: usize) -> Analysis {
    analyse(record, settings, threads, &|_, _| {}).unwrap()
}

#[test]
fn the_same_seed_and_budget_give_the_same_analysis_on_any_number_of_threads() {
    let record = greedy_record(2, 5, |game| game.position().round > 2);
    let one = run(&record, quick(9), 1);
    let two = run(&record, quick(9), 2);
    assert_eq!(one, two);
    let other_seed = run(&record, quick(10), 1);
    assert_ne!(one, other_seed, "the seed must matter");
}

#[test]
fn the_turns_cover_the_record_in_order_each_with_every_seats_chances() {
    let record = greedy_record(3, 8, |game| game.position().round > 2);
    let analysis = run(&record, quick(1), 2);
    assert_eq!(analysis.turns.len(), turns(&record).unwrap().len());
    let mut step = 0;
    for turn in &analysis.turns {
        assert_eq!(turn.start, step, "turns follow each other");
        assert!(turn.end > turn.start);
        assert_eq!(turn.played, record.actions[turn.start..turn.end]);
        for chances in [&turn.before, &turn.after] {
            assert_eq!(chances.len(), 3);
            let sum: f32 = chances.iter().sum();
            assert!(
                (sum - 1.0).abs() < 0.01,
                "chances add up to one: {chances:?}"
            );
        }
        step = turn.end;
    }
    assert_eq!(step, record.actions.len());
    for pair in analysis.turns.windows(2) {
        assert_eq!(pair[0].after, pair[1].before);
    }
}

#[test]
fn a_finished_games_outcome_is_its_result() {
    let record = greedy_record(2, 3, |_| false);
    let game = record.replay().unwrap();
    assert!(game.is_over());
    let turns = turns(&record).unwrap();
    let analysis = run(&record, quick(2), 2);
    assert_eq!(analysis.turns.len(), turns.len());
    let winner = game.standings()[0].seat.index();
    assert_eq!(analysis.outcome[winner], 1.0);
    assert_eq!(analysis.turns.last().unwrap().after, analysis.outcome);
}

/// The decisions of a turn that begins with `first` and is played on by a greedy bot, and how
/// good the turn leaves the mover by the evaluation.
fn turn_from(game: &Game, first: Action) -> (Vec<Action>, f32) {
    let me = game.to_move().unwrap();
    let round = game.position().round;
    let mut game = game.clone();
    let mut decisions = vec![first];
    game.play(first).unwrap();
    let mut bot = GreedyBot::new(1);
    while game.to_move() == Some(me) && game.position().round == round {
        let action = bot.choose(&game.view(), Budget::default());
        game.play(action).unwrap();
        decisions.push(action);
    }
    let values = evaluate(game.position(), &Weights::default());
    (decisions, advantage(&values, game.options().players, me))
}

/// Both seats played by the search the analysis uses.
fn two_strong(settings: &AnalysisSettings) -> Vec<Box<dyn Bot>> {
    let budget = Budget::iterations(settings.iterations);
    vec![
        Box::new(MctsBot::new(3, settings.params(), budget)),
        Box::new(MctsBot::new(4, settings.params(), budget)),
    ]
}

#[test]
fn a_blunder_is_the_players_costliest_turn_and_the_analysis_says_why() {
    // Both seats play with the analysis's own search into round 3. At its first turn there it
    // begins with the decision that leaves it worst off (by the evaluation, the rest of the
    // turn played well): a known blunder, victory points worse than the greedy bot's own
    // turn. Then play goes on to the end of the next round.
    let settings = AnalysisSettings {
        iterations: 400,
        seed: 4,
    };
    let blunder_round = 3;
    let at_blunder = |game: &Game| {
        game.position().round == blunder_round
            && game.to_move().is_some_and(|seat| seat.index() == 0)
            && matches!(game.position().phase, Phase::Turn { turn, .. } if turn == TurnState::fresh())
    };
    let mut record = GameRecord::new(GameOptions::for_players(2), 11);
    play_on_with(&mut record, two_strong(&settings), at_blunder);
    let game = record.replay().unwrap();
    let blunder_step = record.actions.len();
    let turns: Vec<(Vec<Action>, f32)> = game
        .legal_actions()
        .iter()
        .map(|&first| turn_from(&game, first))
        .collect();
    let best = turns.iter().map(|t| t.1).fold(f32::MIN, f32::max);
    let (blunder, worst) = turns.iter().min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    assert!(best - worst > 3.0, "a real blunder: {best} against {worst}");
    record.actions.extend(blunder);
    play_on_with(&mut record, two_strong(&settings), |game| {
        game.position().round > blunder_round + 1
    });
    let analysis = run(&record, settings, 2);
    let mut by_loss: Vec<&TurnReview> = analysis
        .turns
        .iter()
        .filter(|turn| turn.seat == 0)
        .collect();
    by_loss.sort_by(|a, b| b.loss().total_cmp(&a.loss()));
    let (worst, next) = (by_loss[0], by_loss[1]);
    assert_eq!(
        worst.start, blunder_step,
        "the blunder is the costliest turn"
    );
    assert_eq!(&worst.played, blunder);
    assert_ne!(worst.preferred.first(), blunder.first());
    assert!(worst.loss() > 0.03, "a clear loss: {}", worst.loss());
    assert!(
        worst.loss() > 1.5 * next.loss(),
        "it stands out: {} against {}",
        worst.loss(),
        next.loss()
    );
    assert!(!worst.why.is_empty(), "the analysis says why");
}
