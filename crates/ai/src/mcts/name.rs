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
    parts.extend(table_parts(params, &defaults));
    format!("mcts:{}", parts.join(","))
}

/// The keys of the settings that differ by the number of players. A plain key (`c=`) sets the
/// value for every table and a `multi_` key for three or four players alone, so the plain key
/// is written when the duel's value is not the default or both tables share a value, and the
/// `multi_` key when the plain one (or the default) does not already give the value.
fn table_parts(params: &MctsParams, defaults: &MctsParams) -> Vec<String> {
    let tables = |p: &MctsParams| {
        [
            ("c", p.duel.exploration, p.multi.exploration),
            (
                "rounds",
                f32::from(p.duel.rollout_rounds),
                f32::from(p.multi.rollout_rounds),
            ),
            ("temperature", p.duel.temperature, p.multi.temperature),
            ("win", p.duel.win_weight, p.multi.win_weight),
            (
                "halving",
                f32::from(p.duel.root_halving),
                f32::from(p.multi.root_halving),
            ),
        ]
    };
    let mut plain = Vec::new();
    let mut multi = Vec::new();
    for ((key, duel, many), (_, default_duel, default_many)) in
        tables(params).into_iter().zip(tables(defaults))
    {
        if duel == default_duel && many == default_many {
            continue;
        }
        let shared = duel == many;
        if duel != default_duel || shared {
            plain.push(format!("{key}={duel}"));
        }
        if !shared {
            multi.push(format!("multi_{key}={many}"));
        }
    }
    plain.extend(multi);
    plain
}
