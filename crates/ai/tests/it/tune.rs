//! Tuning by self-play: a run follows from its settings alone, moves the weights and search
//! parameters only within their range, logs every step, and its check plays on seeds the
//! training never used.

use helvetia_ai::tune::{check, search_values, tune, TuneSettings, TuneStep};
use helvetia_ai::MctsParams;

fn tiny(seed: u64) -> TuneSettings {
    TuneSettings {
        steps: 3,
        games_per_step: 2,
        iterations: 15,
        seed,
        threads: 2,
        ..TuneSettings::default()
    }
}

fn run(settings: &TuneSettings) -> (MctsParams, Vec<TuneStep>) {
    let mut steps = Vec::new();
    let params = tune(settings, &mut |step| steps.push(step.clone())).unwrap();
    (params, steps)
}

#[test]
fn a_tuning_run_follows_from_its_settings_and_logs_every_step() {
    follows_from_its_settings(&tiny(3));
}

#[test]
fn a_four_player_run_follows_from_its_settings_too() {
    follows_from_its_settings(&TuneSettings {
        players: 4,
        ..tiny(4)
    });
}

fn follows_from_its_settings(settings: &TuneSettings) {
    let (params, steps) = run(settings);
    assert_eq!(run(settings), (params, steps.clone()), "the same run twice");
    assert_eq!(steps.len(), 3);
    let last = steps.last().unwrap();
    assert_eq!(last.weights, params.weights.to_array());
    assert_eq!(last.search, search_values(&params, settings.players));
    for step in &steps {
        assert!((-1.0..=1.0).contains(&step.difference));
    }
    let defaults = MctsParams::default();
    let tuned = params
        .weights
        .to_array()
        .into_iter()
        .chain(search_values(&params, settings.players));
    let from = defaults
        .weights
        .to_array()
        .into_iter()
        .chain(search_values(&defaults, settings.players));
    for (tuned, default) in tuned.zip(from) {
        assert!(tuned > 0.0, "tuned numbers stay positive");
        let factor = tuned / default;
        assert!((0.13..=7.5).contains(&factor), "within the range: {factor}");
    }
    let [_, _, win_share] = search_values(&params, settings.players);
    assert!(win_share <= 1.0, "the win share stays a share");
    // Only the tuned numbers move, and only those of this number of players.
    let mut untuned = MctsParams {
        weights: defaults.weights,
        ..params
    };
    *untuned.table_mut(settings.players) = *defaults.table(settings.players);
    assert_eq!(untuned, defaults, "only the tuned numbers move");
    let moved = steps.iter().any(|s| s.difference != 0.0);
    assert_eq!(
        moved,
        params != defaults,
        "parameters move with a difference"
    );
}

#[test]
fn the_check_scores_the_tuned_bot_against_the_defaults() {
    // The same weights on both sides: the seats alternate, so neither side is favoured by
    // where it sits, and the check is deterministic.
    check_is_a_repeatable_share(&tiny(5), 4);
}

#[test]
fn a_four_player_check_is_a_win_share_and_repeats() {
    check_is_a_repeatable_share(
        &TuneSettings {
            players: 4,
            ..tiny(6)
        },
        8,
    );
}

fn check_is_a_repeatable_share(settings: &TuneSettings, games: u32) {
    let (rate, played) = check(MctsParams::default(), settings, games).unwrap();
    assert_eq!(played, games);
    assert!((0.0..=1.0).contains(&rate));
    assert_eq!(
        check(MctsParams::default(), settings, games).unwrap(),
        (rate, played)
    );
}
