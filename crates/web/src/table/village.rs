//! One village as SVG: its owner's supplies in a header (`village_header`), the centre with its
//! villagers and dowry coins, and the 28 cells of rings 1 and 2 with their buildings and
//! villagers.

use maud::{html, Markup};

use helvetia_engine::{
    Building, BuildingClass, BuildingKind, Cell, Quarter, Seat, Sex, VillageId, Villager,
};

use super::num::Num;
use super::pieces::{
    clickable, coin, colour, fitted_text, seat_mark, villager, villager_scaled, Figure,
};
use super::targets::Target;
use super::titles::{wrap, Room, Title};
use super::village_header::header;
// The text mode names a seat's points with the table's words.
pub(crate) use super::village_header::score_title;
// The rules' pictures word their tiles whole.
pub(crate) use super::village_plan::TileWords;
use super::village_plan::{Plan, C, PAD};
use super::Ctx;
use crate::words::{building_makes, building_name, makes_lines, sex_word};
use crate::{Lang, Layout};

/// The name on a building in a village: across the tile (3 units in from its edges, which
/// are 2 in from the cell's); on two lines what it makes moves down.
pub(crate) const BUILDING_NAME: Room = Room {
    size: 8.5,
    min: 6.5,
    two_lines: 7.0,
    width: C - 2.0 * 5.0,
};

/// What a building in a village makes, under its name: 10 px in the village drawn large on a
/// 1366 × 768 desk while ring 1 is drawn 1.5 times larger (about 1.43 px a unit).
const BUILDING_MAKES: f32 = 7.5;

/// What a building makes where it is the tile's only words (a desk's village drawn whole, see
/// [`TileWords::Product`]): 10 px at 1366 × 768, where that village is drawn at about 0.96 px
/// a unit. Two lines of it stand above the villagers.
pub(crate) const PRODUCT: f32 = 10.5;
/// The distance of its two lines' baselines.
const PRODUCT_LINE: f32 = 11.5;

/// The village switcher for phones: one tab per village, in the owner's colour. The style
/// sheet shows it on narrow screens only, with the village chosen on `#table` (kept there by
/// the script, so that it survives each new table) and marks the tabs whose village holds a
/// legal target.
pub fn village_tabs(ctx: &Ctx) -> Markup {
    html! {
        nav class="village-tabs" id="t-village-tabs" aria-label=(ctx.lang.tr("table-villages")) {
            @for village in ctx.pos.village_ids() {
                button type="button" class="village-tab" data-village-tab=(village.index())
                    aria-controls={ "t-village-" (village.index()) } title=(ctx.namer.village(village)) {
                    svg class="village-swatch" viewBox="0 0 12 12" aria-hidden="true" {
                        rect width="12" height="12" rx="3" fill=(colour(village)) stroke="#555" {}
                        (seat_mark(village, 6.0, 6.0, 3.4))
                    }
                    @match village {
                        VillageId::Player(seat) => (ctx.namer.seat(seat)),
                        VillageId::Neutral => (ctx.namer.village(village)),
                    }
                }
            }
        }
    }
}

/// The whole panel of `village`.
pub fn village_panel(ctx: &Ctx, village: VillageId) -> Markup {
    let title = ctx.namer.village(village);
    let plan = Plan::of(ctx, village);
    let (width, height) = (plan.width(), plan.height());
    html! {
        figure class="panel village" id={ "t-village-" (village.index()) } data-village=(village.index()) {
            // The village's colour, shape and name over its drawing where it is drawn small (a
            // desk's thumbnail), too small for the drawing's own text, which the style sheet
            // hides there.
            figcaption class="village-caption" aria-hidden="true" {
                svg class="village-swatch" viewBox="0 0 12 12" {
                    rect width="12" height="12" rx="3" fill=(colour(village)) stroke="#555" {}
                    (seat_mark(village, 6.0, 6.0, 3.4))
                }
                span {
                    @match village {
                        VillageId::Player(seat) => (ctx.namer.seat(seat)),
                        VillageId::Neutral => (title),
                    }
                }
            }
            svg viewBox={ "0 0 " (width) " " (height) } role="group" aria-label=(title) xmlns="http://www.w3.org/2000/svg" {
                title { (title) }
                rect class="village-ground" x="1" y="1" width=(Num(width - 2.0)) height=(Num(height - 2.0)) rx="10" {}
                // The header, each cell, the centre and the quarter buttons carry ids of their
                // own, so that a change sends only what changed (see `changes`).
                (header(ctx, village, plan))
                g class="grid" transform=(plan.grid_transform()) {
                    (quarter_lines(plan))
                    (grid(ctx, village, plan))
                    g data-centre="" id={ "t-village-" (village.index()) "-centre" } { (centre(ctx, village, plan)) }
                    g id={ "t-village-" (village.index()) "-quarters" } { (quarters(ctx, village, plan)) }
                }
            }
        }
    }
}

fn grid(ctx: &Ctx, village: VillageId, plan: Plan) -> Markup {
    let v = ctx.pos.village(village);
    let ring1_full = v.ring1_full();
    html! {
        @for cell in Cell::all() {
            @let target = ctx.targets.clickable(Target::Cell(village, cell));
            @let building = v.cells[cell.index()].as_ref();
            @if building.is_some() || cell.ring() == 1 || ring1_full {
                // `data-cell` names the cell for the highlight of recent turns.
                g data-cell=(cell.index()) id={ "t-village-" (village.index()) "-c" (cell.index()) } {
                    (cell_markup(ctx, village, cell, building, target, plan))
                }
            }
        }
    }
}

fn cell_markup(
    ctx: &Ctx,
    village: VillageId,
    cell: Cell,
    building: Option<&Building>,
    target: Option<super::targets::Clickable>,
    plan: Plan,
) -> Markup {
    let lang = ctx.lang;
    let (x, y) = plan.corner(cell.coords().0, cell.coords().1);
    let label = match (&target, building) {
        (Some(_), _) => {
            let actions = ctx.targets.actions(Target::Cell(village, cell));
            match actions {
                [single] => ctx.label(*single),
                _ => lang.tr_args(
                    "several-choices",
                    &[("what", ctx.namer.cell(village, cell).into())],
                ),
            }
        }
        (None, Some(b)) => building_name(lang, b.kind).to_string(),
        (None, None) => lang.tr("table-free-field"),
    };
    let inner = match building {
        Some(b) => building_tile(ctx, village, (x, y), b, plan.tile_words()),
        None => html! {
            rect class={ "free-cell ring" (cell.ring()) } x=(Num(x + 2.0)) y=(Num(y + 2.0)) width=(Num(C - 4.0)) height=(Num(C - 4.0)) rx="4" {
                title { (ctx.namer.cell(village, cell)) }
            }
        },
    };
    clickable(target, "cell", &label, inner)
}

/// A building tile filling the cell whose top-left corner is (x, y), with its villagers, worded
/// as `words` says.
pub fn building_tile(
    ctx: &Ctx,
    village: VillageId,
    (x, y): (f32, f32),
    b: &Building,
    words: TileWords,
) -> Markup {
    let lang = ctx.lang;
    let class = match b.kind.class() {
        BuildingClass::Production => "production",
        BuildingClass::Exchange => "exchange",
        BuildingClass::VictoryPoints => "victory",
    };
    let name = building_name(lang, b.kind);
    let makes = building_makes(lang, b.kind);
    let people = b.villagers.as_slice();
    let title = Title::fit(name, BUILDING_NAME);
    let below = title.extra_height(BUILDING_NAME);
    html! {
        // The script shows the title of a tile worded by its product alone in its detail.
        g class="building" data-kind=(format!("{:?}", b.kind))
            data-words=[(words == TileWords::Product).then_some("product")] {
            title { (name) " – " (makes) }
            rect class={ "tile " (class) } x=(Num(x + 2.0)) y=(Num(y + 2.0)) width=(Num(C - 4.0)) height=(Num(C - 4.0)) rx="4" {}
            @if words == TileWords::Whole {
                (title.draw(x + 5.0, y + 12.0, BUILDING_NAME, "tile-name"))
                @for (i, line) in makes_lines(lang, b.kind).iter().enumerate() {
                    (fitted_text(x + 5.0, y + 21.5 + below + i as f32 * 8.0, BUILDING_MAKES, BUILDING_NAME.width, "tile-makes", line))
                }
            } @else {
                @for (i, line) in product_lines(lang, b.kind).iter().enumerate() {
                    (fitted_text(x + 5.0, y + 14.0 + i as f32 * PRODUCT_LINE, PRODUCT, BUILDING_NAME.width, "tile-product", line))
                }
            }
            @if people.len() == 2 {
                text class="couple" x=(Num(x + C / 2.0)) y=(Num(y + 36.0)) text-anchor="middle" { "♥" }
            }
            @for (i, v) in people.iter().enumerate() {
                (villager(x + 16.0 + i as f32 * 24.0, y + C - 6.0, figure(v), villager_title(ctx, v)))
            }
            @for sex in Sex::ALL {
                @for n in 0..b.newborns[sex.index()] {
                    (villager(x + C - 8.0 - f32::from(n) * 6.0 - sex.index() as f32 * 6.0, y + 30.0,
                        Figure { owner: village, sex, awake: true, newborn: true },
                        &newborn_title(ctx, village, sex)))
                }
            }
        }
    }
}

/// What `kind` makes, worded for [`TileWords::Product`]: at most two lines of [`PRODUCT`] in
/// the width of a building's name, broken between words; a victory-point building's in short
/// ("3 VP"), and an exchange's goods that need a third line cut short by "…" (its title and
/// detail say them all).
pub(crate) fn product_lines(lang: Lang, kind: BuildingKind) -> Vec<String> {
    if kind.class() == BuildingClass::VictoryPoints {
        return vec![lang.tr("victory-points-3-short")];
    }
    let lines = wrap(building_makes(lang, kind), PRODUCT, BUILDING_NAME.width);
    match lines.as_slice() {
        [first, second, _, ..] => vec![first.to_string(), format!("{second} …")],
        _ => lines.into_iter().map(str::to_string).collect(),
    }
}

fn figure(v: &Villager) -> Figure {
    Figure {
        owner: v.owner,
        sex: v.sex,
        awake: v.awake,
        newborn: false,
    }
}

pub(crate) fn villager_title<'c>(ctx: &'c Ctx, v: &Villager) -> &'c str {
    // A table shows dozens of villagers but only a few kinds: each title is made once.
    ctx.villager_titles[v.owner.index()][v.sex.index()][usize::from(v.awake)]
        .get_or_init(|| make_villager_title(ctx, v))
}

fn make_villager_title(ctx: &Ctx, v: &Villager) -> String {
    let lang = ctx.lang;
    let who = ctx.namer.owner(v.owner);
    let state = if v.awake {
        lang.tr("table-awake")
    } else {
        lang.tr("table-asleep")
    };
    format!(
        "{}, {state}",
        lang.tr_args(
            "table-villager",
            &[
                ("name", who.into()),
                ("villager", sex_word(lang, v.sex, false).into())
            ]
        )
    )
}

/// Newborns belong to the village owner, whose villager is one of the couple.
pub(crate) fn newborn_title(ctx: &Ctx, village: VillageId, sex: Sex) -> String {
    ctx.lang.tr_args(
        "table-newborn",
        &[
            ("name", ctx.namer.owner(village).into()),
            ("child", sex_word(ctx.lang, sex, true).into()),
        ],
    )
}

/// The centre: two cells wide, or in the narrow layout the west half's cell of it, with the
/// east half's cell left plain (the two halves meet in the centre's middle).
fn centre(ctx: &Ctx, village: VillageId, plan: Plan) -> Markup {
    let lang = ctx.lang;
    let v = ctx.pos.village(village);
    let (x, y) = plan.corner(0, 0);
    let narrow = plan.layout == Layout::Narrow;
    let cells = if narrow { 1.0 } else { 2.0 };
    let owner = village;
    let people: Vec<Sex> = Sex::ALL
        .into_iter()
        .flat_map(|sex| std::iter::repeat_n(sex, usize::from(v.centre_villagers[sex.index()])))
        .collect();
    // Up to 16 neutral villagers wait in the neutral centre: then rows of small figures. The
    // narrow layout's centre is one cell wide: its rows are shorter.
    let crowded = people.len() > 8;
    // Per row, the step between figures, their scale, the first row's feet and the rows' step.
    let (per_row, step, scale, first_feet, row_step) = match (narrow, crowded) {
        (false, true) => (8, 13.0, 0.62, 36.0, 17.0),
        (false, false) => (8, 13.0, 1.0, C - 8.0, 0.0),
        (true, true) => (6, 8.5, 0.55, 32.0, 12.0),
        (true, false) => (4, 13.0, 0.8, 38.0, 17.0),
    };
    let coins_per_row = if narrow { 4 } else { 8 };
    let label = lang.tr("table-centre");
    let click = ctx.targets.clickable(Target::Centre(village));
    let click_label = match ctx.targets.actions(Target::Centre(village)) {
        [single] => ctx.label(*single),
        _ => lang.tr_args("several-choices", &[("what", label.as_str().into())]),
    };
    let coins: Vec<Seat> = (0..4u8)
        .flat_map(|s| std::iter::repeat_n(Seat(s), usize::from(v.centre_coins[usize::from(s)])))
        .collect();
    // The centre's villagers and coins are inside its clickable group, so a click on them
    // counts as a click on the centre.
    let pieces = html! {
        rect class="centre" x=(Num(x + 2.0)) y=(Num(y + 2.0)) width=(Num(cells * C - 4.0)) height=(Num(C - 4.0)) rx="8" {
            title { (label) }
        }
        @for (i, sex) in people.iter().enumerate() {
            @let row = (i / per_row) as f32;
            @let feet = y + first_feet + row * row_step;
            (villager_scaled(x + 10.0 + (i % per_row) as f32 * step, feet,
                Figure::adult(owner, *sex), scale,
                villager_title(ctx, &Villager { owner, sex: *sex, awake: true })))
        }
        @for (i, colour_seat) in coins.iter().enumerate() {
            @let title = lang.tr_args("table-coin", &[("name", ctx.namer.seat(*colour_seat).into())]);
            @let first_of_colour = coins.iter().position(|s| s == colour_seat) == Some(i);
            @let coin_markup = coin(x + 12.0 + (i % coins_per_row) as f32 * 14.0, y + 12.0 + (i / coins_per_row) as f32 * 14.0,
                VillageId::Player(*colour_seat), &title);
            @if first_of_colour {
                @let target = Target::CentreCoin(village, *colour_seat);
                @let click_label = ctx.targets.actions(target).first().map(|&i| ctx.label(i)).unwrap_or(title.clone());
                (clickable(ctx.targets.clickable(target), "dowry-coin", &click_label, coin_markup))
            } @else {
                (coin_markup)
            }
        }
    };
    let (rest_x, rest_y) = plan.corner(1, 0);
    html! {
        (clickable(click, "centre-target", &click_label, pieces))
        @if narrow {
            rect class="centre centre-rest" x=(Num(rest_x + 2.0)) y=(Num(rest_y + 2.0)) width=(Num(C - 4.0)) height=(Num(C - 4.0)) rx="8" aria-hidden="true" {}
        }
    }
}

/// The borders of the four quarters, drawn under the cells: the left and right halves meet in
/// the middle of the centre, and the row of the centre belongs to the top and bottom halves.
/// The narrow layout draws the halves apart: only the centre's row is marked in each.
fn quarter_lines(plan: Plan) -> Markup {
    let (left, top, right, bottom) = plan.extent();
    let (_, row_top) = plan.corner(0, 0);
    let (_, row_bottom) = plan.corner(0, 1);
    html! {
        g class="quarter-lines" {
            @match plan.layout {
                Layout::Wide => {
                    @let (x0, y0) = plan.corner(left, top);
                    @let (x1, y1) = plan.corner(right, bottom);
                    @let (middle, _) = plan.corner(1, 0);
                    line x1=(Num(middle)) y1=(Num(y0 - 6.0)) x2=(Num(middle)) y2=(Num(y1 + 6.0)) {}
                    line x1=(Num(x0 - 6.0)) y1=(Num(row_top)) x2=(Num(x1 + 6.0)) y2=(Num(row_top)) {}
                    line x1=(Num(x0 - 6.0)) y1=(Num(row_bottom)) x2=(Num(x1 + 6.0)) y2=(Num(row_bottom)) {}
                }
                Layout::Narrow => {
                    @for x in [0, 1] {
                        @let (_, half_row_top) = plan.corner(x, 0);
                        @let (_, half_row_bottom) = plan.corner(x, 1);
                        @for y in [half_row_top, half_row_bottom] {
                            line x1=(Num(PAD - 6.0)) y1=(Num(y)) x2=(Num(PAD + 3.0 * C + 6.0)) y2=(Num(y)) {}
                        }
                    }
                }
            }
        }
    }
}

/// The Night Watchman's targets: one per quarter, the quarter itself, outlined over its cells
/// (which it leaves readable) and large enough to hit in a village drawn small. Quarters share
/// the centre's row: their targets meet in its middle (in the narrow layout the west half holds
/// the left quarters, the east half the right ones).
fn quarters(ctx: &Ctx, village: VillageId, plan: Plan) -> Markup {
    html! {
        @for quarter in Quarter::ALL {
            @let target = Target::Quarter(village, quarter);
            @if let Some(click) = ctx.targets.clickable(target) {
                @let label = ctx.targets.actions(target).first().map(|&i| ctx.label(i)).unwrap_or_default();
                @let (x, y, width, height) = plan.quarter_area(quarter);
                (clickable(Some(click), "quarter", &label, html! {
                    rect class="quarter-area" x=(Num(x + 1.0)) y=(Num(y + 1.0)) width=(Num(width - 2.0)) height=(Num(height - 2.0)) rx="8" {
                        title { (label) }
                    }
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::titles::text_width;

    /// In every language each building's product, worded for a village drawn whole, takes one
    /// or two lines, each inside the tile at [`PRODUCT`] (a single word wider than that, squeezed
    /// to it, aside: "campanaccio").
    #[test]
    fn every_product_takes_at_most_two_lines_that_fit_its_tile() {
        for lang in Lang::ALL {
            for kind in BuildingKind::ALL {
                let lines = product_lines(lang, kind);
                assert!(
                    (1..=2).contains(&lines.len()),
                    "{lang:?} {kind:?}: {lines:?}"
                );
                for line in &lines {
                    let fits = text_width(line, PRODUCT) <= BUILDING_NAME.width;
                    let ended = line.strip_suffix(" …").is_some();
                    assert!(
                        fits || ended || !line.contains(' '),
                        "{lang:?} {kind:?}: {line} is {} wide",
                        text_width(line, PRODUCT)
                    );
                }
            }
        }
    }
}
