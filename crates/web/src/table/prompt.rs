//! The words around the board: what is being decided and by whom, the buttons for decisions
//! without a piece to click, choosers, the cost being paid and the end screen.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use helvetia_engine::{Good, Phase, Step};

use super::num::Num;
use super::pieces::clickable;
use super::targets::Target;
use super::Ctx;
use crate::words::{building_name, good_name};

/// The prompt: whose turn, what is being decided, and the buttons. A game that is `over`
/// (played to its end or ended by a resignation, whose position still names someone to
/// move) waits for nobody.
pub fn prompt(ctx: &Ctx, your_turn: bool, over: bool) -> Markup {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let to_move = pos.to_move().filter(|_| !over);
    let headline = headline(ctx, your_turn, over);
    let step = to_move.and_then(|_| step_text(ctx));
    let refusal = super::refusal::refusal(ctx, to_move, your_turn, step.as_deref());
    let buttons = ctx.targets.buttons();
    let suggest = your_turn && super::suggestion::wanted(&pos.phase);
    let class = if your_turn {
        "prompt your-turn"
    } else {
        "prompt"
    };
    html! {
        section class=(class) id="t-prompt" aria-live="polite" data-refusal=[refusal] {
            p class="headline" { (headline) }
            @if let Some(step) = step {
                p class="step" { (step) }
            }
            @if ctx.targets.offers_neutral_coin() {
                (neutral_coin_legend(ctx))
            }
            @if let Some(replay) = ctx.input.replay {
                p class="replay-step" { (lang.tr_args("replay-step", &[("step", FluentValue::from(replay.0)), ("total", FluentValue::from(replay.1))])) }
            }
            (cost_panel(ctx))
            div class="prompt-buttons" {
                @if suggest {
                    (super::suggestion::suggested(ctx))
                }
                (super::ask_hint::button(ctx))
                @for &i in buttons {
                    button type="button" data-action=(i) { (ctx.label(i)) }
                }
                @if ctx.input.can_undo && ctx.input.replay.is_none() {
                    button type="button" class="undo" data-undo="" { (lang.tr("undo")) }
                }
            }
            (super::ask_hint::answer_box(ctx))
            (super::confirm::confirmations(ctx))
            p class="refusal" role="status" hidden {}
        }
    }
}

/// Who decides now: the viewer, a person the table waits for, or a bot that is thinking (its
/// turn may take a moment, longer on a busy server).
pub(crate) fn headline(ctx: &Ctx, your_turn: bool, over: bool) -> String {
    let lang = ctx.lang;
    match (ctx.pos.to_move().filter(|_| !over), your_turn) {
        (None, _) => lang.tr("prompt-game-over"),
        (Some(_), true) => lang.tr("prompt-your-turn"),
        (Some(seat), false) => {
            let name = ctx.namer.seat(seat).into();
            let bot = ctx
                .input
                .players
                .iter()
                .any(|p| p.seat == seat && (p.is_bot || p.stands_in));
            let key = if bot {
                "prompt-bot-thinking"
            } else {
                "prompt-waiting"
            };
            lang.tr_args(key, &[("name", name)])
        }
    }
}

/// What the pieces drawn apart (dashed, not orange) are: the neutral coin, which may replace
/// the turn while it is unused (two players), on the player's own buildings and the offer.
fn neutral_coin_legend(ctx: &Ctx) -> Markup {
    html! {
        p class="neutral-coin-legend" {
            svg class="legend-swatch" viewBox="0 0 18 12" aria-hidden="true" {
                rect x="1.5" y="1.5" width="15" height="9" rx="2" {}
            }
            " " (ctx.lang.tr("table-neutral-coin-legend"))
        }
    }
}

/// The sentence describing the decision in progress, for everyone at the table.
pub(crate) fn step_text(ctx: &Ctx) -> Option<String> {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let key = match pos.phase {
        Phase::Draft { repick, .. } => {
            let special = ctx
                .input
                .legal
                .iter()
                .any(|a| matches!(a, helvetia_engine::Action::DraftTake { .. }));
            if special && repick.is_none() {
                "step-draft-take"
            } else {
                "step-draft"
            }
        }
        Phase::PlaceNeutral { .. } => "step-place-neutral",
        Phase::PlaceStart { .. } => "step-place-start",
        Phase::PlacePair { pair: 1, .. } => "step-pair1",
        Phase::PlacePair { pair: 2, .. } => "step-pair2",
        Phase::PlacePair { .. } => "step-pair3",
        Phase::SchoolReturn { .. } => "step-school-return",
        Phase::GameOver => return None,
        Phase::Turn { seat, turn } => match turn.step {
            Step::Choose if pos.player(seat).hand == 0 => "step-choose-pass",
            // Coins but no use for them: a forced pass, out for the round (ruling 8).
            Step::Choose if ctx.input.legal == [helvetia_engine::Action::Pass] => {
                "step-choose-forced-pass"
            }
            Step::Choose => "step-choose",
            Step::SelectBuilding => "step-select-building",
            Step::Pay {
                kind, remaining, ..
            } => {
                let cost = Good::MATERIALS
                    .into_iter()
                    .filter(|&m| remaining.of(m) > 0)
                    .map(|m| format!("{} {}", remaining.of(m), good_name(lang, m)))
                    .collect::<Vec<_>>()
                    .join(", ");
                return Some(lang.tr_args(
                    "step-pay",
                    &[
                        ("building", building_name(lang, kind).into()),
                        ("cost", cost.into()),
                    ],
                ));
            }
            Step::Place { kind, .. } => {
                return Some(lang.tr_args(
                    "step-place",
                    &[("building", building_name(lang, kind).into())],
                ))
            }
            Step::MoveIn { .. } => "step-move-in",
            Step::Deliver { .. } => "step-deliver",
            Step::Wake => "step-wake",
            Step::Marry => "step-marry",
            Step::Dowry { .. } => "step-dowry",
            Step::Birth => "step-birth",
        },
    };
    Some(lang.tr(key))
}

/// While a building is being paid for: its remaining materials (click to buy or pay) and the
/// good just produced.
fn cost_panel(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    let (remaining, carried) = match ctx.pos.phase {
        Phase::Turn { turn, .. } => match turn.step {
            Step::Pay {
                remaining, carried, ..
            } => (Some(remaining), carried),
            Step::Deliver { carried } => (None, carried),
            _ => return html! {},
        },
        _ => return html! {},
    };
    let chips: Vec<Good> = remaining.map_or(Vec::new(), |r| {
        Good::MATERIALS
            .into_iter()
            .flat_map(|m| std::iter::repeat_n(m, usize::from(r.of(m))))
            .collect()
    });
    let width = 20.0 + chips.len() as f32 * 70.0;
    html! {
        @if !chips.is_empty() {
            svg class="cost" viewBox={ "0 0 " (width) " 44" } role="group" aria-label=(lang.tr("table-owed")) xmlns="http://www.w3.org/2000/svg" {
                @for (i, material) in chips.iter().enumerate() {
                    @let target = Target::Cost(*material);
                    @let first = chips.iter().position(|m| m == material) == Some(i);
                    @let name = good_name(lang, *material);
                    @let label = ctx.targets.actions(target).first().map(|&a| ctx.label(a)).unwrap_or_else(|| name.to_string());
                    @let x = 10.0 + i as f32 * 70.0;
                    @let chip = html! {
                        rect class={ "material " (format!("{material:?}").to_lowercase()) } x=(Num(x)) y="4" width="64" height="36" rx="5" {
                            title { (name) }
                        }
                        text class="material-name" x=(Num(x + 32.0)) y="27" text-anchor="middle" { (name) }
                    };
                    @if first {
                        (clickable(ctx.targets.clickable(target), "cost-material", &label, chip))
                    } @else {
                        g class="cost-material" { (chip) }
                    }
                }
            }
        }
        @if let Some(good) = carried {
            p class="carried" { (lang.tr_args("step-carried", &[("good", good_name(lang, good).into())])) }
        }
    }
}

/// One hidden chooser per target shared by several actions: a button for each.
pub fn choosers(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    html! {
        div class="choosers" id="t-choosers" {
            @for (id, _target, actions) in ctx.targets.choosers() {
                // A modal dialog: the script keeps the focus in it until a choice or Escape.
                div class="chooser" id=(id) hidden role="dialog" aria-modal="true" aria-labelledby={ (id) "-title" } {
                    p id={ (id) "-title" } { (lang.tr("choose-one")) }
                    @for &i in actions {
                        button type="button" data-action=(i) { (ctx.label(i)) }
                    }
                    button type="button" class="chooser-cancel" { (lang.tr("cancel")) }
                }
            }
        }
    }
}

/// Final scores with the breakdown, the tie-break when it decided, and the replay link.
pub fn end_screen(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let resignations = ctx.input.resignations;
    let standings = resignations.standings(pos);
    let resigned: Vec<String> = resignations
        .seats
        .iter()
        .map(|&seat| ctx.namer.seat(seat))
        .collect();
    let winners: Vec<String> = standings
        .iter()
        .filter(|s| s.rank == 1)
        .map(|s| ctx.namer.seat(s.seat))
        .collect();
    let best = standings.first().map_or(0, |s| s.points);
    // The tie-break decided if someone had the winners' points but not their rank.
    let tie_break = standings.iter().any(|s| s.points == best && s.rank > 1);
    let reached = pos
        .players
        .iter()
        .any(|p| p.score_track >= pos.options.target());
    html! {
        section class="end-screen" {
            h2 { (lang.tr("end-title")) }
            p class="winners" {
                @if winners.len() > 1 {
                    (lang.tr_args("end-shared", &[("names", winners.join(", ").into())]))
                } @else {
                    (lang.tr_args("end-winner", &[("names", winners.join(", ").into())]))
                }
            }
            @if !resigned.is_empty() {
                p class="resigned" { (lang.tr_args("end-resigned", &[("names", resigned.join(", ").into())])) }
            }
            @if tie_break && resigned.is_empty() {
                p class="tie-break" { (lang.tr("end-tiebreak")) }
            }
            @if let (false, false, Some(limit)) = (reached, resignations.ended_game, pos.options.round_limit) {
                p class="round-limit" { (lang.tr_args("end-round-limit", &[("limit", FluentValue::from(limit))])) }
            }
            table class="standings" {
                thead { tr {
                    th { (lang.tr("end-rank")) } th { (lang.tr("end-player")) }
                    th { (lang.tr("end-points")) } th { (lang.tr("end-awake")) }
                } }
                tbody {
                    @for s in &standings {
                        tr class=[(s.rank == 1).then_some("winner")] {
                            td { (s.rank) }
                            td { (ctx.namer.seat(s.seat)) }
                            td title=(super::village_header::score_title(ctx, s.seat)) { (s.points) }
                            td { (s.awake) }
                        }
                    }
                }
            }
            @if !ctx.input.rating_shifts.is_empty() {
                ul class="rating-shifts" {
                    @for shift in ctx.input.rating_shifts {
                        li {
                            (lang.tr_args("end-rating", &[
                                ("name", ctx.namer.seat(shift.seat).into()),
                                ("before", FluentValue::from(shift.before)),
                                ("after", FluentValue::from(shift.after)),
                                ("change", format!("{:+}", shift.after - shift.before).into()),
                            ]))
                        }
                    }
                }
            }
            details class="breakdowns" {
                summary { (lang.tr("table-score-track")) }
                ul {
                    @for s in &standings {
                        li { (super::village_header::score_title(ctx, s.seat)) }
                    }
                }
            }
            @if ctx.input.replay.is_none() {
                p {
                    a class="replay-link" href={ "/games/" (ctx.input.game_id) "/replay" } { (lang.tr("end-replay")) }
                    " "
                    button type="button" class="primary" data-rematch=(ctx.input.game_id) hidden { (lang.tr("end-rematch")) }
                }
            }
        }
    }
}
