//! Tuning by self-play: a run follows from its settings alone, moves the weights only within
//! their range, logs every step, and its check plays on seeds the training never used.

use helvetia_ai::tune::{check, tune, TuneSettings, TuneStep};
use helvetia_ai::Weights;

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

fn run(settings: &TuneSettings) -> (Weights, Vec<TuneStep>) {
    let mut steps = Vec::new();
    let weights = tune(settings, &mut |step| steps.push(step.clone())).unwrap();
    (weights, steps)
}

#[test]
fn a_tuning_run_follows_from_its_settings_and_logs_every_step() {
    let (weights, steps) = run(&tiny(3));
    assert_eq!(
        run(&tiny(3)),
        (weights, steps.clone()),
        "the same run twice"
    );
    assert_eq!(steps.len(), 3);
    assert_eq!(steps.last().unwrap().weights, weights.to_array());
    for step in &steps {
        assert!((-1.0..=1.0).contains(&step.difference));
    }
    let defaults = Weights::default().to_array();
    for (tuned, default) in weights.to_array().iter().zip(defaults) {
        assert!(*tuned > 0.0, "weights stay positive");
        let factor = tuned / default;
        assert!((0.13..=7.5).contains(&factor), "within the range: {factor}");
    }
    let moved = steps.iter().any(|s| s.difference != 0.0);
    assert_eq!(
        moved,
        weights != Weights::default(),
        "weights move with a difference"
    );
}

#[test]
fn the_check_scores_the_tuned_weights_against_the_defaults() {
    let settings = tiny(5);
    let (rate, games) = check(Weights::default(), &settings, 4).unwrap();
    assert_eq!(games, 4);
    assert!((0.0..=1.0).contains(&rate));
    // The same weights on both sides: the seats alternate, so neither side is favoured by
    // where it sits, and the check is deterministic.
    assert_eq!(
        check(Weights::default(), &settings, 4).unwrap(),
        (rate, games)
    );
}
