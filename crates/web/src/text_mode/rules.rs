//! `r`: the rules of the decision in progress. Each kind of decision is told with the texts
//! the table already has for it: the tutorial coach's words for that moment (its title, and
//! its text where the text does not point at the drawing), then the paragraphs of the rules
//! page the decision is about.

use helvetia_engine::{Action, Phase, Step};

use crate::table::Ctx;
use crate::tutorial::Moment;

/// The kind of decision in progress, named as the coach names it. Whoever decides, the same
/// kind: the rules do not depend on who asks.
pub(crate) fn decision(ctx: &Ctx) -> Moment {
    let pos = ctx.pos;
    if ctx.input.resignations.is_over(pos) {
        return Moment::GameOver;
    }
    let turn = match pos.phase {
        Phase::Draft { .. } => return Moment::Draft,
        Phase::PlaceNeutral { .. } => return Moment::PlaceNeutral,
        Phase::PlaceStart { .. } => return Moment::PlaceStart,
        Phase::PlacePair { .. } => return Moment::Pairs,
        Phase::SchoolReturn { .. } => return Moment::SchoolReturn,
        Phase::GameOver => return Moment::GameOver,
        Phase::Turn { turn, .. } => turn,
    };
    match turn.step {
        Step::Choose if ctx.input.legal == [Action::Pass] => Moment::Pass,
        Step::Choose => match pos.to_move() {
            Some(seat) if pos.player(seat).hand == 0 && turn.regular.is_none() => Moment::Pass,
            _ if turn.regular.is_some() => Moment::Again,
            _ => Moment::Choose,
        },
        Step::SelectBuilding => Moment::SelectBuilding,
        Step::Pay { .. } => Moment::Pay,
        Step::Place { .. } => Moment::Place,
        Step::MoveIn { .. } => Moment::MoveIn,
        Step::Deliver { carried: Some(_) } => Moment::Deliver,
        Step::Deliver { carried: None } => Moment::Produce,
        Step::Wake => Moment::Wake,
        Step::Marry => Moment::Marry,
        Step::Dowry { .. } => Moment::Dowry,
        Step::Birth => Moment::Birth,
    }
}

/// Whether the coach's text for `moment` can be read without the drawing: the Builder's payment
/// points at the prompt's suggestion, the neutral coin at its dashed outline and the others'
/// turn at the highlighted pieces, so those are told without it.
pub(crate) fn coach_text_fits(moment: Moment) -> bool {
    !matches!(
        moment,
        Moment::Pay | Moment::NeutralCoin | Moment::OthersTurn
    )
}

/// The rules page's paragraphs about `moment`.
pub(crate) fn paragraphs(moment: Moment) -> &'static [&'static str] {
    match moment {
        Moment::Draft | Moment::Pairs => &["rules-setup"],
        Moment::PlaceNeutral | Moment::NeutralCoin => &["rules-two"],
        Moment::PlaceStart => &["rules-quarters"],
        Moment::Choose | Moment::Tiles => &["rules-turn"],
        Moment::Again | Moment::Pass => &["rules-coins-unused"],
        Moment::SelectBuilding => &["rules-builder"],
        Moment::Pay => &["rules-builder", "rules-production"],
        Moment::Place => &["rules-quarters", "rules-completion"],
        Moment::MoveIn => &["rules-sleep"],
        Moment::Produce => &["rules-production"],
        Moment::Deliver => &["rules-trader"],
        Moment::Wake | Moment::Sleeping => &["rules-nightwatchman", "rules-sleep"],
        Moment::Marry | Moment::Dowry => &["rules-priest"],
        Moment::Birth => &["rules-midwife"],
        Moment::SchoolReturn | Moment::RoundOver => &["rules-round"],
        Moment::GameOver => &["rules-score"],
        Moment::OthersTurn | Moment::LearnersTurn => &[],
    }
}

/// The sentences told of `moment`: the coach's title and text, then the rules' paragraphs.
fn told(ctx: &Ctx, moment: Moment) -> Vec<String> {
    let lang = ctx.lang;
    let key = moment.key();
    let mut parts = vec![format!("{}.", lang.tr(&format!("{key}-title")))];
    if coach_text_fits(moment) {
        parts.push(lang.tr(key));
    }
    parts.extend(paragraphs(moment).iter().map(|key| lang.tr(key)));
    parts
}

/// The answer to `r`: the decision in progress, then what a held character tile or the
/// neutral coin adds to it when the one who decides may use them now.
pub(crate) fn rules(ctx: &Ctx) -> String {
    let moment = decision(ctx);
    let mut parts = told(ctx, moment);
    let legal = ctx.input.legal;
    if legal.iter().any(|a| matches!(a, Action::UseTile(_))) {
        parts.extend(told(ctx, Moment::Tiles));
    }
    let neutral = |a: &Action| matches!(a, Action::NeutralPriest { .. } | Action::NeutralBuild(_));
    if moment != Moment::PlaceNeutral && legal.iter().any(neutral) {
        parts.extend(told(ctx, Moment::NeutralCoin));
    }
    parts.join(" ")
}
