//! The ask-commands of the text mode: one letter, then Enter, answered in words from the same
//! texts the drawn table gives its pieces as titles and labels.

use fluent_bundle::FluentValue;

use helvetia_engine::{Branch, BuildingKind, Character, Seat, VillageId};

use super::village_words;
use crate::story::StoryLine;
use crate::table::board::good_tile_title;
use crate::table::clocks::format_left;
use crate::table::village::score_title;
use crate::table::{prompt, Ctx};
use crate::words::{character_id, character_name, good_name, tile_description};

/// A question the viewer may ask of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// `h`: the commands.
    Help,
    /// `w`: whose turn, and what is being decided.
    Turn,
    /// `a`: the viewer's choices again.
    Actions,
    /// `v`: the viewer's own village (`v NAME` asks for another's: each village has its own
    /// answer in the text table).
    Village,
    /// `m`: the market.
    Market,
    /// `c`: the characters, the coins on them and their tiles.
    Characters,
    /// `b`: the buildings on offer and their cost.
    Buildings,
    /// `s`: the scores and the round.
    Scores,
    /// `t`: the clocks.
    Clocks,
    /// `l`: what the others did since the viewer's last turn.
    Last,
    /// `r`: the rules of the decision in progress.
    Rules,
}

impl Ask {
    /// Every question, in the order the help lists them.
    pub const ALL: [Ask; 11] = [
        Ask::Help,
        Ask::Turn,
        Ask::Actions,
        Ask::Village,
        Ask::Market,
        Ask::Characters,
        Ask::Buildings,
        Ask::Scores,
        Ask::Clocks,
        Ask::Last,
        Ask::Rules,
    ];

    /// The letter that asks it.
    pub fn letter(self) -> &'static str {
        match self {
            Ask::Help => "h",
            Ask::Turn => "w",
            Ask::Actions => "a",
            Ask::Village => "v",
            Ask::Market => "m",
            Ask::Characters => "c",
            Ask::Buildings => "b",
            Ask::Scores => "s",
            Ask::Clocks => "t",
            Ask::Last => "l",
            Ask::Rules => "r",
        }
    }
}

/// The answer to `ask` for `viewer`.
pub(crate) fn answer(ctx: &Ctx, viewer: Option<Seat>, ask: Ask) -> String {
    match ask {
        Ask::Help if ctx.input.replay.is_some() => ctx.lang.tr("text-help-replay"),
        Ask::Help => ctx.lang.tr("text-help"),
        Ask::Turn => turn(ctx),
        Ask::Actions => actions(ctx),
        Ask::Village => {
            let village = viewer.map_or(VillageId::Neutral, VillageId::Player);
            village_words::describe(ctx, village)
        }
        Ask::Market => market(ctx),
        Ask::Characters => characters(ctx),
        Ask::Buildings => buildings(ctx),
        Ask::Scores => scores(ctx),
        Ask::Clocks => clocks(ctx),
        Ask::Last => last(ctx, viewer),
        Ask::Rules => super::rules::rules(ctx),
    }
}

/// Legal action `index` with its number, counted from 1: "3: take the Trader".
pub(crate) fn numbered(ctx: &Ctx, index: usize) -> String {
    format!("{}: {}", index + 1, ctx.label(index))
}

fn over(ctx: &Ctx) -> bool {
    ctx.input.resignations.is_over(ctx.pos)
}

fn your_turn(ctx: &Ctx) -> bool {
    !ctx.input.legal.is_empty() && ctx.input.replay.is_none()
}

fn sentences(parts: impl IntoIterator<Item = String>) -> String {
    parts
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn turn(ctx: &Ctx) -> String {
    let over = over(ctx);
    let step = ctx
        .pos
        .to_move()
        .filter(|_| !over)
        .and_then(|_| prompt::step_text(ctx))
        .unwrap_or_default();
    let round = ctx.lang.tr_args(
        "table-round",
        &[("round", FluentValue::from(ctx.pos.round))],
    );
    sentences([
        format!("{round}:"),
        format!("{}.", prompt::headline(ctx, your_turn(ctx), over)),
        step,
    ])
}

fn actions(ctx: &Ctx) -> String {
    if !your_turn(ctx) {
        return ctx.lang.tr("text-no-choices");
    }
    let listed: Vec<String> = (0..ctx.input.legal.len())
        .map(|i| numbered(ctx, i))
        .collect();
    listed.join("; ")
}

fn names_or_nobody(ctx: &Ctx, seats: impl Iterator<Item = Seat>) -> String {
    let names: Vec<String> = seats.map(|seat| ctx.namer.seat(seat)).collect();
    if names.is_empty() {
        ctx.lang.tr("text-nobody")
    } else {
        names.join(", ")
    }
}

fn market(ctx: &Ctx) -> String {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let mut lines: Vec<String> = Vec::new();
    for branch in Branch::ALL {
        for good in branch.goods().iter() {
            let name = good_name(lang, good);
            let delivered = pos
                .options
                .seats()
                .filter(|&seat| pos.player(seat).delivered.contains(good));
            let mut line = lang.tr_args(
                "text-market-good",
                &[
                    ("good", name.into()),
                    ("names", names_or_nobody(ctx, delivered).into()),
                ],
            );
            if let (Some(index), Some(points)) = (good.good_tile_index(), good.good_tile_points()) {
                line = format!(
                    "{line}; {}",
                    good_tile_title(ctx, name, points, pos.good_tiles[index])
                );
            }
            lines.push(format!("{line}."));
        }
        let mut tile = lang.tr_args(
            "table-branch-tile",
            &[("points", FluentValue::from(branch.points()))],
        );
        if let Some(holder) = pos.branch_tiles[branch.index()] {
            tile = format!(
                "{tile}, {}",
                lang.tr_args("table-held-by", &[("name", ctx.namer.seat(holder).into())])
            );
        }
        lines.push(format!("{tile}."));
    }
    sentences(lines)
}

fn characters(ctx: &Ctx) -> String {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let lines = Character::ALL.into_iter().map(|character| {
        let name = character_name(lang, character);
        let does = lang.tr(&format!("does-{}", character_id(character)));
        let coins: Vec<String> = pos
            .options
            .seats()
            .filter_map(|seat| {
                let count = pos.player(seat).on_characters[character.index()];
                (count > 0).then(|| {
                    lang.tr_args(
                        "table-coins-on",
                        &[
                            ("name", ctx.namer.seat(seat).into()),
                            ("count", FluentValue::from(count)),
                            ("character", name.into()),
                        ],
                    )
                })
            })
            .collect();
        let mut line = format!("{name} – {does}");
        if !coins.is_empty() {
            line = format!("{line}; {}", coins.join(", "));
        }
        if pos.options.character_tiles {
            let tile = pos.character_tiles[character.index()];
            let state = if tile.face_up {
                lang.tr("table-tile-face-up")
            } else {
                lang.tr("table-tile-used")
            };
            line = format!(
                "{line}; {} – {state}",
                lang.tr_args("table-character-tile", &[("character", name.into())])
            );
            if let Some(holder) = tile.holder {
                line = format!(
                    "{line}, {}",
                    lang.tr_args("table-held-by", &[("name", ctx.namer.seat(holder).into())])
                );
            }
        }
        format!("{line}.")
    });
    sentences(lines)
}

fn buildings(ctx: &Ctx) -> String {
    let lang = ctx.lang;
    let lines: Vec<String> = BuildingKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let count = ctx.pos.displayed(kind);
            (count > 0).then(|| {
                lang.tr_args(
                    "text-offer",
                    &[
                        ("count", FluentValue::from(count)),
                        ("tile", tile_description(lang, kind).into()),
                    ],
                )
            })
        })
        .collect();
    if lines.is_empty() {
        return lang.tr("text-no-offer");
    }
    sentences(lines.into_iter().map(|line| format!("{line}.")))
}

fn scores(ctx: &Ctx) -> String {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let mut round = lang.tr_args("table-round", &[("round", FluentValue::from(pos.round))]);
    round = format!(
        "{round}. {}",
        lang.tr_args(
            "table-target",
            &[("target", FluentValue::from(pos.options.target()))]
        )
    );
    if let Some(limit) = pos.options.round_limit {
        round = format!(
            "{round}, {}",
            lang.tr_args("table-round-limit", &[("limit", FluentValue::from(limit))])
        );
    }
    let seats = pos
        .options
        .seats()
        .map(|seat| format!("{}.", score_title(ctx, seat)));
    sentences(std::iter::once(format!("{round}.")).chain(seats))
}

fn clocks(ctx: &Ctx) -> String {
    let lang = ctx.lang;
    let clocks = ctx.input.clocks;
    if clocks.is_empty() {
        return lang.tr("text-no-clocks");
    }
    let lines = clocks.iter().map(|clock| {
        let left = if clock.stood_in {
            lang.tr("clock-ran-out")
        } else {
            format_left(lang, clock.left_ms)
        };
        let mut line = format!("{}: {left}", ctx.namer.seat(clock.seat));
        if clock.deadline_ms.is_some() {
            line = format!("{line} ({})", lang.tr("text-clock-running"));
        }
        format!("{line}.")
    });
    sentences(lines)
}

/// The story since `viewer`'s last decision, without their own lines; for a spectator, the
/// story's last lines.
pub(crate) fn since_last_turn(log: &[StoryLine], viewer: Option<Seat>) -> &[StoryLine] {
    const SPECTATOR_LINES: usize = 10;
    let start = match viewer {
        Some(seat) => log
            .iter()
            .rposition(|line| line.seat == Some(seat))
            .map_or(0, |i| i + 1),
        None => log.len().saturating_sub(SPECTATOR_LINES),
    };
    &log[start..]
}

fn last(ctx: &Ctx, viewer: Option<Seat>) -> String {
    // A spectator and a replay have no last turn of their own: they hear the story's last lines.
    let own_turns = viewer.is_some() && ctx.input.replay.is_none();
    let lines = since_last_turn(ctx.input.log, viewer.filter(|_| own_turns));
    let (said, nothing) = if own_turns {
        ("text-since-your-turn", "text-nothing-since")
    } else {
        ("text-last-lines", "text-nothing-yet")
    };
    if lines.is_empty() {
        return ctx.lang.tr(nothing);
    }
    let told: Vec<String> = lines.iter().map(|line| super::said_by(ctx, line)).collect();
    ctx.lang.tr_args(said, &[("lines", told.join(" ").into())])
}
