//! A village's header: its owner's name, coins, people, points now and the tiles held (or,
//! for the neutral village, its coin), and the start buildings still to be placed.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use helvetia_engine::{Character, Seat, VillageId};

use super::num::Num;
use super::pieces::{clickable, coin, colour, seat_mark};
use super::targets::Target;
use super::titles::{text_width, Room, Title, BOARD_TEXT};
use super::village_plan::{Plan, PAD};
use super::Ctx;
use crate::words::{building_name, character_name};
use crate::Layout;

/// A start building still to be placed, in its owner's header on a phone (three to a row of the
/// narrow layout, drawn large there).
pub(crate) const START_TILE_WIDTH: f32 = 56.0;
/// The name on a start building still to be placed on a phone.
pub(crate) const START_NAME: Room = Room {
    size: 8.0,
    min: 6.5,
    two_lines: 7.5,
    width: START_TILE_WIDTH - 2.0 * 3.0,
};
/// A start building still to be placed on a desk: three to the row below the supplies, tall
/// enough for a name on two lines.
pub(crate) const WIDE_START_TILE: (f32, f32) = (116.0, 30.0);
/// The name on a start building still to be placed on a desk, at the header's smallest size
/// (10 px in the village drawn large at 1366 × 768).
pub(crate) const WIDE_START_NAME: Room = Room {
    size: 11.0,
    min: 11.0,
    two_lines: 11.0,
    width: WIDE_START_TILE.0 - 2.0 * 3.0,
};

/// The header of `village`, above its grid.
pub(super) fn header(ctx: &Ctx, village: VillageId, plan: Plan) -> Markup {
    match village {
        VillageId::Neutral => neutral_header(ctx),
        VillageId::Player(seat) => player_header(ctx, seat, plan),
    }
}

fn neutral_header(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    let village = VillageId::Neutral;
    let coin_title = lang.tr("table-neutral-coin");
    html! {
        g id={ "t-village-" (village.index()) "-head" } {
            rect x=(Num(PAD)) y=(Num(PAD)) width="22" height="22" rx="4" fill=(colour(village)) stroke="#555" {}
            text class="player-name" x=(Num(PAD + 30.0)) y=(Num(PAD + 17.0)) { (ctx.namer.village(village)) }
            @if ctx.pos.neutral_coin_available {
                (coin(PAD + 14.0, PAD + 44.0, village, &coin_title))
                text class="small" x=(Num(PAD + 26.0)) y=(Num(PAD + 48.0)) { (coin_title) }
            } @else {
                text class="small muted" x=(Num(PAD)) y=(Num(PAD + 48.0)) { (lang.tr("table-neutral-coin-used")) }
            }
        }
    }
}

/// A player's supplies: name, coins and people on the left; points now and the tiles held on
/// the right (wide), or all in rows (narrow: name; coins and points; people; tiles; then the
/// start buildings still to be placed).
fn player_header(ctx: &Ctx, seat: Seat, plan: Plan) -> Markup {
    let pos = ctx.pos;
    let lang = ctx.lang;
    let player = pos.player(seat);
    let owner = VillageId::Player(seat);
    let name = ctx.namer.seat(seat);
    let info = ctx.input.players.iter().find(|p| p.seat == seat);
    let mut tags = Vec::new();
    if info.is_some_and(|p| p.stands_in) {
        tags.push(lang.tr("table-bot"));
    }
    if info.is_some_and(|p| !p.connected && !p.is_bot) {
        tags.push(lang.tr("table-offline"));
    }
    let to_move = pos.to_move() == Some(seat);
    let score = ctx.score(seat);
    let score_text = lang.tr_args(
        "table-score-now",
        &[("points", FluentValue::from(score.total))],
    );
    let tags_text = (!tags.is_empty()).then(|| format!(" ({})", tags.join(", ")));
    let you_text = format!(" ({})", lang.tr("table-you"));
    let beside_score = (plan.layout == Layout::Wide).then_some(score_text.as_str());
    let room = name_room(
        plan.width(),
        beside_score,
        &[tags_text.as_deref().unwrap_or(""), &you_text],
    );
    let shown_name = fitted_name(&name, room);
    let coin_title = lang.tr_args("table-coin", &[("name", name.clone().into())]);
    let hand_text = lang.tr_args("table-hand", &[("count", FluentValue::from(player.hand))]);
    let supply_text = lang.tr_args(
        "table-supply",
        &[
            ("women", FluentValue::from(player.supply[0])),
            ("men", FluentValue::from(player.supply[1])),
        ],
    );
    let held: Vec<Character> = Character::ALL
        .into_iter()
        .filter(|c| pos.character_tiles[c.index()].holder == Some(seat))
        .filter(|_| pos.options.character_tiles)
        .collect();
    let village_tiles: Vec<u8> = pos
        .village_tiles
        .iter()
        .zip([4u8, 2])
        .filter(|(holder, _)| **holder == Some(seat))
        .map(|(_, points)| points)
        .collect();
    let start_buildings: Vec<(usize, u8)> = player
        .start_buildings
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| (k, *n))
        .collect();
    // Each piece of the header has an id of its own: a coin spent changes the hand only.
    let id = |piece: &str| format!("t-village-{}-{piece}", owner.index());
    let width = plan.width();
    // The baseline of the points, the top of the tiles' row and where the start buildings begin.
    let (score_y, tiles_top, start_top) = match plan.layout {
        Layout::Wide => (PAD + 17.0, PAD + 28.0, PAD + 70.0),
        Layout::Narrow => (PAD + 42.0, PAD + 70.0, PAD + 100.0),
    };
    // The start buildings' tiles: their size and the room of their names.
    let ((start_width, start_height), start_name) = match plan.layout {
        Layout::Wide => (WIDE_START_TILE, WIDE_START_NAME),
        Layout::Narrow => ((START_TILE_WIDTH, 26.0), START_NAME),
    };
    html! {
        g id=(id("name")) {
            rect x=(Num(PAD)) y=(Num(PAD)) width="22" height="22" rx="4" fill=(colour(owner)) stroke="#222" {}
            (seat_mark(owner, PAD + 11.0, PAD + 11.0, 6.0))
            @if to_move {
                circle class="to-move" cx=(Num(PAD + 11.0)) cy=(Num(PAD + 11.0)) r="15" {}
            }
            text class="player-name" x=(Num(PAD + 30.0)) y=(Num(PAD + 17.0)) {
                // A name cut short keeps its whole in the title.
                @if shown_name != name {
                    title { (name) }
                }
                (shown_name)
                // Shown by the style sheet only on the viewer's own village: the table itself is
                // the same for everyone who watches.
                tspan class="small muted you-tag" { (you_text) }
                @if let Some(tags_text) = &tags_text {
                    tspan class="small muted" { (tags_text) }
                }
            }
        }
        // "Now": the points if the game ended at this moment, which the score track (counted
        // at the round ends only) shows later; the title breaks them down.
        text class="score-now" id=(id("score")) x=(Num(width - PAD)) y=(Num(score_y)) text-anchor="end" {
            title { (score_title(ctx, seat)) }
            (score_text)
        }
        // Coins in hand, and own dowry coins that come back next turn.
        g class="hand" id=(id("hand")) {
            title { (hand_text) }
            @for i in 0..player.hand {
                (coin(PAD + 8.0 + f32::from(i) * 14.0, PAD + 38.0, owner, &coin_title))
            }
            @for i in 0..player.arriving {
                (coin(PAD + 8.0 + f32::from(player.hand + i) * 14.0, PAD + 38.0, owner,
                    &lang.tr_args("table-arriving", &[("count", FluentValue::from(player.arriving))])))
            }
        }
        text class="small" id=(id("supply")) x=(Num(PAD)) y=(Num(PAD + 62.0)) { (supply_text) }
        g id=(id("tiles")) {
            @if pos.start_player == seat {
                g class="start-token" transform={ "translate(" (width - PAD - 30.0) " " (tiles_top) ")" } {
                    title { (lang.tr("table-start-player")) }
                    polygon points="15,0 30,26 0,26" fill="#fff4c2" stroke="#8a6d00" stroke-width="1.5" {}
                    text x="15" y="22" font-size="11" text-anchor="middle" { "1" }
                }
            }
            @for (i, character) in held.iter().enumerate() {
                (character_tile(ctx, *character, width - PAD - 64.0 - i as f32 * 30.0, tiles_top))
            }
            @for (i, points) in village_tiles.iter().enumerate() {
                g class="village-tile" {
                    title { (lang.tr_args("table-village-tile", &[("points", FluentValue::from(*points))])) }
                    rect x=(Num(width - PAD - 64.0 - (held.len() + i) as f32 * 30.0)) y=(Num(tiles_top)) width="26" height="26" rx="3" fill="#d9f0d0" stroke="#3c6b2c" {}
                    text x=(Num(width - PAD - 51.0 - (held.len() + i) as f32 * 30.0)) y=(Num(tiles_top + 18.0)) font-size="11" text-anchor="middle" { (points) }
                }
            }
            @for (n, (k, count)) in start_buildings.iter().enumerate() {
                @let kind = helvetia_engine::BuildingKind::START[*k];
                @let label = building_name(ctx.lang, kind);
                @let x = PAD + n as f32 * (start_width + 4.0);
                @let name = Title::fit(label, start_name);
                // One line or two in the tile's middle (`draw` hangs two lines from where one
                // would stand at the room's size).
                @let baseline = match name.second {
                    Some(_) => (start_height - name.size * 1.1) / 2.0 + name.size * 0.35 + start_name.size - name.size,
                    None => (start_height + name.size * 0.7) / 2.0,
                };
                (clickable(ctx.targets.clickable(Target::StartBuilding(seat, kind)), "start-building", label, html! {
                    g class="start-building-tile" {
                        title { (label) " ×" (count) }
                        rect class="tile production" x=(Num(x)) y=(Num(start_top)) width=(Num(start_width)) height=(Num(start_height)) rx="3" {}
                        (name.draw(x + 3.0, start_top + baseline, start_name, "tile-name"))
                    }
                }))
            }
        }
    }
}

/// The size of the owner's name (`.player-name`), of the points now beside it (`.score-now`) and
/// of the tags after it (`svg .small`), as the style sheet sets them.
const NAME_SIZE: f32 = 15.0;
const SCORE_SIZE: f32 = 14.0;
const TAG_SIZE: f32 = 11.0;
/// Between the name's tags and the points now.
const NAME_GAP: f32 = 10.0;

/// The width the owner's name has in a header `width` wide: from its left edge to the points
/// now (`beside`, in the wide layout) or to the panel's edge, less the small texts drawn after
/// it (`after`: the tags, and "(you)" where the viewer's own village shows it).
fn name_room(width: f32, beside: Option<&str>, after: &[&str]) -> f32 {
    let end = width - PAD - beside.map_or(0.0, |score| text_width(score, SCORE_SIZE) + NAME_GAP);
    let tags: f32 = after.iter().map(|text| text_width(text, TAG_SIZE)).sum();
    end - (PAD + 30.0) - tags
}

/// `name` as drawn in `room`: whole if it fits, else cut short with an ellipsis.
fn fitted_name(name: &str, room: f32) -> String {
    if text_width(name, NAME_SIZE) <= room {
        return name.to_string();
    }
    let mut cut: String = name.to_string();
    while !cut.is_empty() && text_width(&cut, NAME_SIZE) + text_width("…", NAME_SIZE) > room {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// The score breakdown as the text of a `<title>` (made once per render and seat).
pub fn score_title<'c>(ctx: &'c Ctx, seat: Seat) -> &'c str {
    ctx.score_titles[seat.index()].get_or_init(|| make_score_title(ctx, seat))
}

fn make_score_title(ctx: &Ctx, seat: Seat) -> String {
    let s = ctx.score(seat);
    ctx.lang.tr_args(
        "score-breakdown",
        &[
            ("name", ctx.namer.seat(seat).into()),
            ("total", FluentValue::from(s.total)),
            ("start", FluentValue::from(s.start_player)),
            ("deliveries", FluentValue::from(s.deliveries)),
            ("goods", FluentValue::from(s.good_tiles)),
            ("characters", FluentValue::from(s.character_tiles)),
            ("buildings", FluentValue::from(s.buildings)),
            ("branches", FluentValue::from(s.branch_tiles)),
            ("villages", FluentValue::from(s.village_tiles)),
        ],
    )
}

/// A held character tile: face up (ready) or turned down (used); clickable to use it.
pub fn character_tile(ctx: &Ctx, character: Character, x: f32, y: f32) -> Markup {
    let lang = ctx.lang;
    let tile = ctx.pos.character_tiles[character.index()];
    let name = character_name(lang, character);
    let state = if tile.face_up {
        lang.tr("table-tile-face-up")
    } else {
        lang.tr("table-tile-used")
    };
    let mut label = format!(
        "{} – {state}",
        lang.tr_args("table-character-tile", &[("character", name.into())])
    );
    if let Some(holder) = tile.holder {
        label = format!(
            "{label}, {}",
            lang.tr_args("table-held-by", &[("name", ctx.namer.seat(holder).into())])
        );
    }
    let face = if tile.face_up { "face-up" } else { "face-down" };
    // Two letters, or one full-width sign, large enough to read on the board.
    let wide = name.chars().next().is_some_and(|c| c >= '\u{2e80}');
    let initial: String = name.chars().take(if wide { 1 } else { 2 }).collect();
    clickable(
        ctx.targets.clickable(Target::CharacterTile(character)),
        "character-tile-target",
        &label,
        html! {
            g class={ "character-tile " (face) } {
                title { (label) }
                rect x=(Num(x)) y=(Num(y)) width="26" height="26" rx="3" {}
                text x=(Num(x + 13.0)) y=(Num(y + 18.5)) font-size=(Num(BOARD_TEXT)) text-anchor="middle" { (initial) }
            }
        },
    )
}
