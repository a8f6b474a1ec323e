//! A search bot's name: the keys of `spec.rs` whose values differ from the defaults, so that
//! the name parses back to the same bot.

use crate::bot::Budget;

use super::MctsParams;

/// `mcts:` and the keys that set `params` and `budget`.
pub(super) fn spec_name(params: &MctsParams, budget: Budget) -> String {
    let defaults = MctsParams::default();
    let mut parts = Vec::new();
    if let Some(n) = budget.iterations {
        parts.push(format!("iterations={n}"));
    }
    if let Some(t) = budget.time {
        parts.push(format!("ms={}", t.as_millis()));
    }
    if params.threads != defaults.threads {
        parts.push(format!("threads={}", params.threads));
    }
    if !params.plan {
        parts.push("plan=off".into());
    }
    let numbers = |p: &MctsParams| {
        [
            ("plan_budget", p.plan_budget),
            ("plan_share", p.plan_share),
            ("widen", p.widen_base),
            ("widen_power", p.widen_power),
        ]
    };
    for ((key, value), (_, default)) in numbers(params).into_iter().zip(numbers(&defaults)) {
        if value != default {
            parts.push(format!("{key}={value}"));
        }
    }
    if params.weights != defaults.weights {
        parts.push(format!("weights={}", params.weights.to_name()));
    }
    if params.network {
        parts.push("value=net".into());
    }
    parts.extend(table_parts(params, &defaults));
    format!("mcts:{}", parts.join(","))
}

/// The keys of the settings that differ by the number of players. A plain key (`c=`) sets the
/// value for every table and a `four_` key for four players alone, so the plain key is written
/// when the value of two or three players is not the default or both tables share a value,
/// and the `four_` key when the plain one (or the default) does not already give the value.
fn table_parts(params: &MctsParams, defaults: &MctsParams) -> Vec<String> {
    let tables = |p: &MctsParams| {
        [
            ("c", p.two_or_three.exploration, p.four.exploration),
            (
                "rounds",
                f32::from(p.two_or_three.rollout_rounds),
                f32::from(p.four.rollout_rounds),
            ),
            (
                "temperature",
                p.two_or_three.temperature,
                p.four.temperature,
            ),
            ("win", p.two_or_three.win_weight, p.four.win_weight),
            (
                "halving",
                f32::from(p.two_or_three.root_halving),
                f32::from(p.four.root_halving),
            ),
            (
                "sharp",
                p.two_or_three.rollout_sharpness,
                p.four.rollout_sharpness,
            ),
        ]
    };
    let mut plain = Vec::new();
    let mut four = Vec::new();
    for ((key, few, many), (_, default_few, default_many)) in
        tables(params).into_iter().zip(tables(defaults))
    {
        if few == default_few && many == default_many {
            continue;
        }
        let shared = few == many;
        if few != default_few || shared {
            plain.push(format!("{key}={few}"));
        }
        if !shared {
            four.push(format!("four_{key}={many}"));
        }
    }
    plain.extend(four);
    plain
}
