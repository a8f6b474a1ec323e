//! The story's sentences: a decision as the log shows it, and each event with its reason.

use fluent_bundle::FluentValue;
use helvetia_engine::{Action, Phase, Position, ScoreBreakdown, Step, VillageId};

use super::StoryEvent;
use crate::words::{building_name, character_name, good_name, Namer};

/// A decision in words. Building placements name the building and the village, not the cell
/// (a cell has no name the reader could find on the board).
pub(super) fn decision(namer: &Namer, before: &Position, action: &Action) -> String {
    let lang = namer.lang;
    let actor = before.to_move();
    let own = actor.map_or(VillageId::Neutral, VillageId::Player);
    let placed = |key: &str, kind, village, villager: Option<String>| {
        let mut args = vec![
            ("building", building_name(lang, kind).into()),
            ("village", namer.village(village).into()),
        ];
        if let Some(villager) = villager {
            args.push(("villager", villager.into()));
        }
        lang.tr_args(key, &args)
    };
    match *action {
        Action::PlaceStart { kind, .. } => placed("story-place", kind, own, None),
        Action::PlaceNeutral { kind, sex, .. } => placed(
            "story-place-neutral",
            kind,
            VillageId::Neutral,
            Some(crate::words::sex_word(lang, sex, false)),
        ),
        Action::Place(_) => match before.phase {
            Phase::Turn { turn, .. } => match turn.step {
                Step::Place { kind, village } => placed("story-place", kind, village, None),
                _ => namer.action(action, actor),
            },
            _ => namer.action(action, actor),
        },
        _ => namer.action(action, actor),
    }
}

/// An event in words: one line, or several for the end of the game.
pub(super) fn event(namer: &Namer, event: &StoryEvent) -> Vec<String> {
    let lang = namer.lang;
    let name = |seat| FluentValue::from(namer.seat(seat));
    let line = match event {
        StoryEvent::GoodTile { seat, good } => lang.tr_args(
            "story-good-tile",
            &[
                ("name", name(*seat)),
                ("good", good_name(lang, *good).into()),
                ("points", good.good_tile_points().unwrap_or(0).into()),
            ],
        ),
        StoryEvent::BranchTile { seat, branch } => lang.tr_args(
            "story-branch-tile",
            &[
                ("name", name(*seat)),
                (
                    "goods",
                    branch
                        .goods()
                        .iter()
                        .map(|good| good_name(lang, good))
                        .collect::<Vec<_>>()
                        .join(", ")
                        .into(),
                ),
                ("points", branch.points().into()),
            ],
        ),
        StoryEvent::TurnEndsByItself { seat } => {
            lang.tr_args("story-turn-ends-by-itself", &[("name", name(*seat))])
        }
        StoryEvent::VillageTile { seat, points } => lang.tr_args(
            "story-village-tile",
            &[("name", name(*seat)), ("points", (*points).into())],
        ),
        StoryEvent::StartPlayer {
            seat,
            kept,
            last_coins,
        } => {
            let key = match (last_coins, kept) {
                (true, true) => "story-start-player-keeps",
                (true, false) => "story-start-player-last",
                (false, _) => "story-start-player-passes",
            };
            lang.tr_args(key, &[("name", name(*seat))])
        }
        StoryEvent::CharacterTile {
            seat,
            character,
            coins,
            from,
        } => {
            let mut args = vec![
                ("name", name(*seat)),
                ("character", character_name(lang, *character).into()),
                ("coins", (*coins).into()),
            ];
            let key = match from {
                Some(from) => {
                    args.push(("from", name(*from)));
                    "story-character-tile-from"
                }
                None => "story-character-tile",
            };
            lang.tr_args(key, &args)
        }
        StoryEvent::TilesFaceUp => lang.tr("story-tiles-face-up"),
        StoryEvent::CoinsBack => lang.tr("story-coins-back"),
        StoryEvent::SchoolToCentre { seat, women, men } => lang.tr_args(
            "story-school-to-centre",
            &[
                ("name", name(*seat)),
                (
                    "villagers",
                    people(namer, ("story-women", *women), ("story-men", *men)).into(),
                ),
            ],
        ),
        StoryEvent::ChildrenToSchool { seat, girls, boys } => lang.tr_args(
            "story-children-to-school",
            &[
                ("name", name(*seat)),
                (
                    "children",
                    people(namer, ("story-girls", *girls), ("story-boys", *boys)).into(),
                ),
            ],
        ),
        StoryEvent::Score { seat, before, now } => {
            let why = reasons(namer, now);
            let key = match (now.total == *before, now.total) {
                (_, 0) => "story-score-nothing",
                (true, _) => "story-score-same",
                (false, _) => "story-score",
            };
            lang.tr_args(
                key,
                &[
                    ("name", name(*seat)),
                    ("before", (*before).into()),
                    ("points", now.total.into()),
                    ("why", why.into()),
                ],
            )
        }
        StoryEvent::NewBuildings(dealt) if dealt.is_empty() => lang.tr("story-no-new-buildings"),
        StoryEvent::NewBuildings(dealt) => {
            let buildings: Vec<String> = dealt
                .iter()
                .map(|&(kind, count)| match count {
                    1 => building_name(lang, kind).to_string(),
                    _ => format!("{count}× {}", building_name(lang, kind)),
                })
                .collect();
            lang.tr_args(
                "story-new-buildings",
                &[("buildings", buildings.join(", ").into())],
            )
        }
        StoryEvent::GameOver {
            standings,
            target,
            round_limit,
        } => return game_over(namer, standings, *target, *round_limit),
    };
    vec![line]
}

/// Why the game ended, who won, and the tie-break when it decided.
fn game_over(
    namer: &Namer,
    standings: &[helvetia_engine::Standing],
    target: Option<u8>,
    round_limit: Option<u16>,
) -> Vec<String> {
    let lang = namer.lang;
    let mut lines = Vec::new();
    match (target, round_limit) {
        (Some(target), _) => {
            lines.push(lang.tr_args("story-target-reached", &[("target", target.into())]))
        }
        (None, Some(limit)) => {
            lines.push(lang.tr_args("story-round-limit", &[("limit", limit.into())]))
        }
        (None, None) => {}
    }
    let best = standings.first().map_or(0, |s| s.points);
    let winners: Vec<String> = standings
        .iter()
        .filter(|s| s.rank == 1)
        .map(|s| namer.seat(s.seat))
        .collect();
    let key = if winners.len() > 1 {
        "story-shared"
    } else {
        "story-winner"
    };
    lines.push(lang.tr_args(
        key,
        &[
            ("names", winners.join(", ").into()),
            ("points", best.into()),
        ],
    ));
    let tied: Vec<String> = standings
        .iter()
        .filter(|s| s.points == best)
        .map(|s| format!("{} {}", namer.seat(s.seat), s.awake))
        .collect();
    if tied.len() > 1 {
        lines.push(lang.tr_args(
            "story-tie-break",
            &[("points", best.into()), ("awake", tied.join(", ").into())],
        ));
    }
    lines
}

/// "2 women, 1 man": the counts that are not zero.
fn people(namer: &Namer, first: (&str, u8), second: (&str, u8)) -> String {
    [first, second]
        .into_iter()
        .filter(|&(_, count)| count > 0)
        .map(|(key, count)| namer.lang.tr_args(key, &[("count", count.into())]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where the points come from: "start player 1, deliveries 3, …", sources with points only.
fn reasons(namer: &Namer, score: &ScoreBreakdown) -> String {
    [
        ("story-vp-start", score.start_player),
        ("story-vp-deliveries", score.deliveries),
        ("story-vp-good-tiles", score.good_tiles),
        ("story-vp-character-tiles", score.character_tiles),
        ("story-vp-buildings", score.buildings),
        ("story-vp-branch-tiles", score.branch_tiles),
        ("story-vp-village-tiles", score.village_tiles),
    ]
    .into_iter()
    .filter(|&(_, points)| points > 0)
    .map(|(key, points)| format!("{} {points}", namer.lang.text(key)))
    .collect::<Vec<_>>()
    .join(", ")
}
