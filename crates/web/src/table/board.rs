//! The shared board as SVG panels: the five characters, the market, the buildings on offer
//! (and the draft pool), and the round status with stacks, school and score track.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use helvetia_engine::{
    Branch, BuildingClass, BuildingKind, Character, Good, Phase, Seat, VillageId,
};

use super::num::Num;
use super::pieces::{clickable, coin, colour, cube, fitted_text, seat_mark, villager, Figure};
use super::targets::Target;
use super::tiled::{self, row, spacer, subheading, view};
use super::titles::{wrap, Room, Title, BOARD_TEXT};
use super::village_header::{character_tile, score_title};
use super::Ctx;
use crate::words::{
    building_name, character_id, character_name, good_name, makes_lines, tile_description,
};

/// Colours of the three building materials, for cost chips.
fn material_colour(good: Good) -> &'static str {
    match good {
        Good::Wood => "#8d5a2b",
        Good::Brick => "#c4542c",
        _ => "#8b8f95",
    }
}

/// A character card's width.
pub(crate) const CARD_WIDTH: f32 = 130.0;
/// Where the name starts on a card.
pub(crate) const CARD_NAME_X: f32 = 8.0;
/// Where the character's tile lies while nobody holds it: the card's badge, bottom right,
/// below the name and what the character does, beside the rows of coins.
pub(crate) const CARD_BADGE: (f32, f32) = (CARD_WIDTH - 6.0 - 26.0, 158.0);
/// The name on a character card, across it; on two lines what the character does moves down.
pub(crate) const CHARACTER_NAME: Room = Room {
    size: 17.0,
    min: BOARD_TEXT,
    two_lines: BOARD_TEXT,
    width: CARD_WIDTH - 2.0 * CARD_NAME_X,
};
/// The distance of two lines' baselines on the board.
const BOARD_LINE: f32 = BOARD_TEXT * 1.1;
/// The first row of coins on a card (one row per seat), below what the character does on up to
/// three lines under a name on two.
pub(crate) const CARD_COINS_Y: f32 = 136.0;
/// A tile on offer's width.
pub(crate) const OFFER_WIDTH: f32 = 94.0;
/// The name on a tile on offer; on two lines what it makes moves down, above the cost.
pub(crate) const OFFER_NAME: Room = Room {
    size: 11.0,
    min: 8.5,
    two_lines: 9.0,
    width: OFFER_WIDTH - 2.0 * 5.0,
};

/// The five character spaces with the coins on them and their tiles.
pub fn characters(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let title = lang.tr("table-characters");
    html! {
        (tiled::panel("characters", &title, row(html! {
            @for (i, character) in Character::ALL.into_iter().enumerate() {
                @let x = 10.0 + i as f32 * 137.0;
                @let name = character_name(lang, character);
                @let target = Target::Character(character);
                @let label = ctx.targets.actions(target).first().map(|&a| ctx.label(a)).unwrap_or_else(|| name.to_string());
                // Each character has an id of its own, so that a change sends only its column.
                @let title = Title::fit(name, CHARACTER_NAME);
                @let does_y = 52.0 + title.extra_height(CHARACTER_NAME) + BOARD_LINE + 2.0;
                (view(x, 32.0, CARD_WIDTH, 160.0, html! { g id={ "t-characters-" (i) } { (clickable(ctx.targets.clickable(target), "character", &label, html! {
                    rect class="character-card" x=(Num(x)) y="32" width=(Num(CARD_WIDTH)) height="158" rx="8" {
                        title { (name) }
                    }
                    (title.draw(x + CARD_NAME_X, 52.0, CHARACTER_NAME, "character-name"))
                    @for (i, line) in wrap(&lang.tr(&format!("does-{}", character_id(character))), BOARD_TEXT, CHARACTER_NAME.width).iter().enumerate() {
                        (fitted_text(x + CARD_NAME_X, does_y + i as f32 * BOARD_LINE, BOARD_TEXT, CHARACTER_NAME.width, "character-does", line))
                    }
                    @if pos.options.character_tiles && pos.character_tiles[character.index()].holder.is_none() {
                        (character_tile(ctx, character, x + CARD_BADGE.0, CARD_BADGE.1))
                    }
                    @for seat in pos.options.seats() {
                        @let count = pos.player(seat).on_characters[character.index()];
                        @let row_y = CARD_COINS_Y + f32::from(seat.0) * 13.0;
                        @if count > 0 {
                            g class="coins-on-character" data-coins=(format!("{}-{}", character.index(), seat.0)) {
                                title { (lang.tr_args("table-coins-on", &[
                                    ("name", ctx.namer.seat(seat).into()),
                                    ("count", FluentValue::from(count)),
                                    ("character", name.into()),
                                ])) }
                                @for n in 0..count {
                                    (coin(x + 14.0 + f32::from(n) * 13.0, row_y, VillageId::Player(seat),
                                        &lang.tr_args("table-coin", &[("name", ctx.namer.seat(seat).into())])))
                                }
                            }
                        }
                    }
                })) } }))
            }
        })))
    }
}

/// The market: one space per good in its branch, with delivery cubes, good and branch tiles.
pub fn market(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    let title = lang.tr("table-market");
    html! {
        (tiled::panel("market", &title, html! {
            // One row per branch; on a phone a row wraps after four goods.
            @for (branch_row, branch) in Branch::ALL.into_iter().enumerate() {
                @let y = 34.0 + branch_row as f32 * 68.0;
                (row(html! {
                    @for (col, good) in branch.goods().iter().enumerate() {
                        @let x = 10.0 + col as f32 * 62.0;
                        (view(x, y, 62.0, 68.0, html! { g id={ "t-market-" (good.index()) } { (good_space(ctx, good, x, y)) } }))
                    }
                    // A branch of three goods: its tile stays in the column of the fifth good.
                    @for _ in branch.goods().len()..5 {
                        (spacer(62.0))
                    }
                    @let x = 10.0 + 5.0 * 62.0;
                    (view(x, y, 44.0, 68.0, html! { g id={ "t-market-branch-" (branch_row) } { (branch_tile(ctx, branch, x + 4.0, y)) } }))
                }))
            }
        }))
    }
}

fn good_space(ctx: &Ctx, good: Good, x: f32, y: f32) -> Markup {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let name = good_name(lang, good);
    let target = Target::Market(good);
    let label = ctx
        .targets
        .actions(target)
        .first()
        .map(|&a| ctx.label(a))
        .unwrap_or_else(|| name.to_string());
    let deliverers: Vec<Seat> = pos
        .options
        .seats()
        .filter(|&s| pos.player(s).delivered.contains(good))
        .collect();
    html! {
        (clickable(ctx.targets.clickable(target), "market-good", &label, html! {
            rect class={ "good-space tier" (good.tier()) } x=(Num(x)) y=(Num(y)) width="58" height="60" rx="5" {
                title { (name) }
            }
            (fitted_text(x + 3.0, y + 16.0, BOARD_TEXT, 52.0, "good-name", name))
            @for (i, seat) in deliverers.iter().enumerate() {
                (cube(x + 5.0 + (i % 4) as f32 * 12.0, y + 46.0, VillageId::Player(*seat),
                    &lang.tr_args("table-cube", &[("name", ctx.namer.seat(*seat).into()), ("good", name.into())]),
                    Some(format!("{}-{}", good.index(), seat.0))))
            }
            @if let (Some(index), Some(points)) = (good.good_tile_index(), good.good_tile_points()) {
                @let holder = pos.good_tiles[index];
                @let tile_title = good_tile_title(ctx, name, points, holder);
                g class="good-tile" {
                    title { (tile_title) }
                    rect x=(Num(x + 32.0)) y=(Num(y + 21.0)) width="23" height="23" rx="3"
                        fill=(holder.map_or("#fff8dc", |s| colour(VillageId::Player(s)))) stroke="#8a6d00" {}
                    text x=(Num(x + 43.5)) y=(Num(y + 38.0)) font-size=(Num(BOARD_TEXT)) text-anchor="middle" { (points) }
                    @if let Some(holder) = holder {
                        (seat_mark(VillageId::Player(holder), x + 52.0, y + 24.0, 2.6))
                    }
                }
            }
        }))
    }
}

pub(crate) fn good_tile_title(ctx: &Ctx, good: &str, points: u8, holder: Option<Seat>) -> String {
    let lang = ctx.lang;
    let title = lang.tr_args(
        "table-good-tile",
        &[("good", good.into()), ("points", FluentValue::from(points))],
    );
    match holder {
        Some(holder) => format!(
            "{title}, {}",
            lang.tr_args("table-held-by", &[("name", ctx.namer.seat(holder).into())])
        ),
        None => title,
    }
}

fn branch_tile(ctx: &Ctx, branch: Branch, x: f32, y: f32) -> Markup {
    let lang = ctx.lang;
    let holder = ctx.pos.branch_tiles[branch.index()];
    let mut title = lang.tr_args(
        "table-branch-tile",
        &[("points", FluentValue::from(branch.points()))],
    );
    if let Some(holder) = holder {
        title = format!(
            "{title}, {}",
            lang.tr_args("table-held-by", &[("name", ctx.namer.seat(holder).into())])
        );
    }
    html! {
        g class="branch-tile" {
            title { (title) }
            rect x=(Num(x)) y=(Num(y + 10.0)) width="40" height="40" rx="5"
                fill=(holder.map_or("#fff0b3", |s| colour(VillageId::Player(s)))) stroke="#8a6d00" stroke-width="1.5" {}
            text x=(Num(x + 20.0)) y=(Num(y + 36.0)) font-size="18" text-anchor="middle" font-weight="bold" { (branch.points()) }
            @if let Some(holder) = holder {
                (seat_mark(VillageId::Player(holder), x + 34.0, y + 16.0, 3.5))
            }
        }
    }
}

/// The buildings on offer and, during setup, the start buildings still to be drafted.
pub fn display(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let offered: Vec<(BuildingKind, u8)> = BuildingKind::ALL
        .into_iter()
        .map(|k| (k, pos.displayed(k)))
        .filter(|(_, n)| *n > 0)
        .collect();
    let drafting =
        matches!(pos.phase, Phase::Draft { .. }) || matches!(pos.phase, Phase::PlaceNeutral { .. });
    let pool: Vec<(BuildingKind, u8)> = BuildingKind::START
        .into_iter()
        .map(|k| (k, pos.draft_pool[k.start_index().unwrap_or_default()]))
        .filter(|(_, n)| drafting && *n > 0)
        .collect();
    let per_row = 6;
    let rows = offered.len().div_ceil(per_row).max(1);
    let pool_top = 34.0 + rows as f32 * 84.0;
    let title = lang.tr("table-display");
    html! {
        (tiled::panel("display", &title, html! {
            // Six stacks to a row on a desk (the views wrap there), two on a phone.
            (row(html! {
                @for (i, (kind, count)) in offered.iter().enumerate() {
                    @let x = 10.0 + (i % per_row) as f32 * 104.0;
                    @let y = 34.0 + (i / per_row) as f32 * 84.0;
                    (view(x, y, 104.0, 84.0, html! { g id={ "t-display-" (kind.index()) } {
                        (offer_tile(ctx, *kind, *count, x, y, Target::Display(*kind), "display-tile"))
                    } }))
                }
            }))
            @if !pool.is_empty() {
                (subheading(&lang.tr("table-draft-pool")))
                (row(html! {
                    @for (i, (kind, count)) in pool.iter().enumerate() {
                        @let x = 10.0 + (i % per_row) as f32 * 104.0;
                        @let y = pool_top + 28.0 + (i / per_row) as f32 * 84.0;
                        (view(x, y, 104.0, 84.0, html! { g id={ "t-display-pool-" (kind.index()) } {
                            (offer_tile(ctx, *kind, *count, x, y, Target::DraftPool(*kind), "pool-tile"))
                        } }))
                    }
                }))
            }
        }))
    }
}

/// A stack of `count` tiles of `kind`, the top one showing name, product and cost.
fn offer_tile(
    ctx: &Ctx,
    kind: BuildingKind,
    count: u8,
    x: f32,
    y: f32,
    target: Target,
    class: &str,
) -> Markup {
    let lang = ctx.lang;
    let description = tile_description(lang, kind);
    let label = match ctx.targets.actions(target) {
        [single] => ctx.label(*single),
        _ => description.to_string(),
    };
    let kind_class = match kind.class() {
        BuildingClass::Production => "production",
        BuildingClass::Exchange => "exchange",
        BuildingClass::VictoryPoints => "victory",
    };
    let cost = kind.cost();
    let chips: Vec<Good> = Good::MATERIALS
        .into_iter()
        .flat_map(|m| std::iter::repeat_n(m, usize::from(cost.of(m))))
        .collect();
    let top = f32::from(count - 1) * 3.0;
    let title = Title::fit(building_name(lang, kind), OFFER_NAME);
    let below = title.extra_height(OFFER_NAME);
    html! {
        (clickable(ctx.targets.clickable(target), "offer", &label, html! {
            g class=(kind_class) data-kind=(format!("{kind:?}")) {
                title { (description) }
                // The stack's tiles, the front one (outlined as a target) last.
                @for n in (0..count).rev() {
                    rect class={ (class) @if n == 0 { " front" } } x=(Num(x + f32::from(n) * 3.0)) y=(Num(y + 4.0 - f32::from(n) * 3.0 + top)) width=(Num(OFFER_WIDTH)) height="70" rx="5" {}
                }
                (title.draw(x + 5.0, y + 20.0, OFFER_NAME, "tile-name"))
                @for (i, line) in makes_lines(lang, kind).iter().enumerate() {
                    (fitted_text(x + 5.0, y + 33.0 + below + i as f32 * 9.5, 8.5, OFFER_NAME.width, "tile-makes", line))
                }
                @for (i, material) in chips.iter().enumerate() {
                    rect class="cost-chip" x=(Num(x + 5.0 + i as f32 * 13.0)) y=(Num(y + 52.0)) width="11" height="11" rx="2" fill=(material_colour(*material)) {}
                }
                @if count > 1 {
                    text class="tile-count" x=(Num(x + 86.0)) y=(Num(y + 66.0)) text-anchor="end" { "×" (count) }
                }
            }
        }))
    }
}

/// Round, target, the face-down stacks, unclaimed village tiles, the school and the score track.
pub fn status(ctx: &Ctx) -> Markup {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let stacks = ctx.input.view;
    let mut round_text = lang.tr_args("table-round", &[("round", FluentValue::from(pos.round))]);
    round_text.push_str(" · ");
    round_text.push_str(&lang.tr_args(
        "table-target",
        &[("target", FluentValue::from(pos.options.target()))],
    ));
    if let Some(limit) = pos.options.round_limit {
        round_text.push_str(", ");
        round_text
            .push_str(&lang.tr_args("table-round-limit", &[("limit", FluentValue::from(limit))]));
    }
    let free_village_tiles: Vec<u8> = pos
        .village_tiles
        .iter()
        .zip([4u8, 2])
        .filter(|(holder, _)| holder.is_none())
        .map(|(_, points)| points)
        .collect();
    let track_max = u16::from(pos.options.target().max(20)) + 10;
    let per_row = 16u16;
    let track_top = 196.0;
    // The track moves at the round ends only: its title says so, apart from the players' points
    // now in their villages.
    let title = lang.tr("table-score-track-last");
    html! {
        (tiled::panel("status", &round_text, html! { (row(html! {
            (view(12.0, 32.0, 262.0, 76.0, html! {
                @for (i, (n, size)) in [(2u8, stacks.stack2_size), (3, stacks.stack3_size)].into_iter().enumerate() {
                    @let x = 12.0 + i as f32 * 78.0;
                    @let label = lang.tr_args("table-stack", &[("n", FluentValue::from(n)), ("count", FluentValue::from(size))]);
                    g class="stack" {
                        title { (label) }
                        @if size > 0 {
                            rect class="stack-tile" x=(Num(x + 4.0)) y="36" width="60" height="46" rx="5" {}
                            rect class="stack-tile" x=(Num(x)) y="40" width="60" height="46" rx="5" {}
                        }
                        text class=(if size > 0 { "stack-number" } else { "stack-number empty" }) x=(Num(x + 30.0)) y="70" text-anchor="middle" font-size="20" font-weight="bold" { (n) }
                        text class="board-small" x=(Num(x + 30.0)) y="102" text-anchor="middle" { "×" (size) }
                    }
                }
                @for (i, points) in free_village_tiles.iter().enumerate() {
                    g class="village-tile" {
                        title { (lang.tr_args("table-village-tile", &[("points", FluentValue::from(*points))])) }
                        rect x=(Num(180.0 + i as f32 * 50.0)) y="40" width="42" height="42" rx="5" fill="#d9f0d0" stroke="#3c6b2c" stroke-width="1.5" {}
                        text x=(Num(201.0 + i as f32 * 50.0)) y="67" font-size="16" text-anchor="middle" font-weight="bold" { (points) }
                    }
                }
            }))
            // The school in two halves of two seats, side by side on a desk.
            (view(12.0, 108.0, 208.0, 88.0, html! { g id="t-status-school" { (school(ctx, 0..2)) } }))
            (view(220.0, 108.0, 208.0, 88.0, html! { g id="t-status-school-2" { (school(ctx, 2..4)) } }))
        }))
        (subheading(&title))
        // The track in pieces of eight spaces, two to a row on a desk; each score marker is in
        // the piece of its space.
        (row(html! {
            @for piece in 0..(track_max + 1).div_ceil(TRACK_PIECE) {
                @let first = piece * TRACK_PIECE;
                @let x0 = 12.0 + f32::from(first % per_row) * 26.0;
                @let y0 = track_top + 24.0 + f32::from(first / per_row) * 40.0;
                (view(x0, y0, f32::from(TRACK_PIECE) * 26.0, 40.0, html! {
                    @for value in first..=(first + TRACK_PIECE - 1).min(track_max) {
                        @let x = 12.0 + f32::from(value % per_row) * 26.0;
                        @let y = track_top + 24.0 + f32::from(value / per_row) * 40.0;
                        rect class={ "track-space" @if value == u16::from(pos.options.target()) { " target" } } x=(Num(x)) y=(Num(y)) width="24" height="36" rx="3" {}
                        text class="track-number" x=(Num(x + 12.0)) y=(Num(y + 13.0)) text-anchor="middle" { (value) }
                    }
                    @for seat in pos.options.seats() {
                        @let value = u16::from(pos.player(seat).score_track).min(track_max);
                        @if value / TRACK_PIECE == piece {
                            @let marker_id = format!("t-status-marker-{}", seat.0);
                            @let x = 12.0 + f32::from(value % per_row) * 26.0 + 2.0 + f32::from(seat.0 % 2) * 10.0;
                            @let y = track_top + 24.0 + f32::from(value / per_row) * 40.0 + 14.0 + f32::from(seat.0 / 2) * 10.0;
                            g id=(marker_id) {
                                (cube(x, y, VillageId::Player(seat), &format!("{} · {}",
                                    lang.tr_args("table-score-marker", &[("name", ctx.namer.seat(seat).into()), ("points", FluentValue::from(pos.player(seat).score_track))]),
                                    score_title(ctx, seat)), None))
                            }
                        }
                    }
                }))
            }
        })) }))
    }
}

/// Spaces of the score track in one view of the status panel: two make a row on a desk.
const TRACK_PIECE: u16 = 8;

/// The school: the pupils of the players in `seats`, in their colour. Both halves draw the
/// whole ground, and each view shows its own half of it.
fn school(ctx: &Ctx, seats: std::ops::Range<u8>) -> Markup {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let title = lang.tr("table-school");
    html! {
        g class="school" {
            title { (title) }
            rect class="school-ground" x="12" y="110" width="416" height="78" rx="6" {}
            text class="board-small" x="20" y="129" { (title) }
            @for seat in pos.options.seats().filter(|seat| seats.contains(&seat.0)) {
                @let school = pos.player(seat).school;
                @let x0 = 20.0 + f32::from(seat.0) * 102.0;
                @for (i, sex) in helvetia_engine::Sex::ALL.into_iter()
                    .flat_map(|sex| std::iter::repeat_n(sex, usize::from(school[sex.index()])))
                    .enumerate() {
                    (villager(x0 + 8.0 + (i % 6) as f32 * 15.0, 158.0 + (i / 6) as f32 * 26.0,
                        Figure { owner: VillageId::Player(seat), sex, awake: true, newborn: false },
                        &lang.tr_args("table-villager", &[
                            ("name", ctx.namer.seat(seat).into()),
                            ("villager", crate::words::sex_word(lang, sex, false).into()),
                        ])))
                }
            }
        }
    }
}
