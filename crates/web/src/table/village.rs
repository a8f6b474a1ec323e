//! One village as SVG: its owner's supplies in a header, the centre with its villagers and
//! dowry coins, and the 28 cells of rings 1 and 2 with their buildings and villagers.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use helvetia_engine::{
    Building, BuildingClass, Cell, Character, Quarter, Seat, Sex, VillageId, Villager,
};

use super::num::Num;
use super::pieces::{
    clickable, coin, colour, fitted_text, seat_mark, villager, villager_scaled, Figure,
};
use super::targets::Target;
use super::titles::{Room, Title};
use super::village_plan::{Plan, C, PAD};
use super::Ctx;
use crate::words::{building_makes, building_name, character_name, makes_lines, sex_word};
use crate::Layout;

/// The name on a building in a village: across the tile (3 units in from its edges, which
/// are 2 in from the cell's); on two lines what it makes moves down.
pub(crate) const BUILDING_NAME: Room = Room {
    size: 8.5,
    min: 6.5,
    two_lines: 7.0,
    width: C - 2.0 * 5.0,
};
/// A start building still to be placed, in its owner's header.
pub(crate) const START_TILE_WIDTH: f32 = 56.0;
/// The name on a start building still to be placed.
pub(crate) const START_NAME: Room = Room {
    size: 8.0,
    min: 6.5,
    two_lines: 7.5,
    width: START_TILE_WIDTH - 2.0 * 3.0,
};

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

fn header(ctx: &Ctx, village: VillageId, plan: Plan) -> Markup {
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
    let (score_y, tiles_top, (start_x, start_top)) = match plan.layout {
        Layout::Wide => (PAD + 17.0, PAD + 28.0, (PAD + 150.0, PAD + 28.0)),
        Layout::Narrow => (PAD + 42.0, PAD + 70.0, (PAD, PAD + 100.0)),
    };
    html! {
        g id=(id("name")) {
            rect x=(Num(PAD)) y=(Num(PAD)) width="22" height="22" rx="4" fill=(colour(owner)) stroke="#222" {}
            (seat_mark(owner, PAD + 11.0, PAD + 11.0, 6.0))
            @if to_move {
                circle class="to-move" cx=(Num(PAD + 11.0)) cy=(Num(PAD + 11.0)) r="15" {}
            }
            text class="player-name" x=(Num(PAD + 30.0)) y=(Num(PAD + 17.0)) {
                (name)
                // Shown by the style sheet only on the viewer's own village: the table itself is
                // the same for everyone who watches.
                tspan class="small muted you-tag" { " (" (lang.tr("table-you")) ")" }
                @if !tags.is_empty() {
                    tspan class="small muted" { " (" (tags.join(", ")) ")" }
                }
            }
        }
        // "Now": the points if the game ended at this moment, which the score track (counted
        // at the round ends only) shows later; the title breaks them down.
        text class="score-now" id=(id("score")) x=(Num(width - PAD)) y=(Num(score_y)) text-anchor="end" {
            title { (score_title(ctx, seat)) }
            (lang.tr_args("table-score-now", &[("points", FluentValue::from(score.total))]))
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
                @let x = start_x + n as f32 * (START_TILE_WIDTH + 4.0);
                (clickable(ctx.targets.clickable(Target::StartBuilding(seat, kind)), "start-building", label, html! {
                    g class="start-building-tile" {
                        title { (label) " ×" (count) }
                        rect class="tile production" x=(Num(x)) y=(Num(start_top)) width=(Num(START_TILE_WIDTH)) height="26" rx="3" {}
                        (Title::fit(label, START_NAME).draw(x + 3.0, start_top + 16.0, START_NAME, "tile-name"))
                    }
                }))
            }
        }
    }
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
    let initial: String = name.chars().take(2).collect();
    clickable(
        ctx.targets.clickable(Target::CharacterTile(character)),
        "character-tile-target",
        &label,
        html! {
            g class={ "character-tile " (face) } {
                title { (label) }
                rect x=(Num(x)) y=(Num(y)) width="26" height="26" rx="3" {}
                text x=(Num(x + 13.0)) y=(Num(y + 17.0)) font-size="10" text-anchor="middle" { (initial) }
            }
        },
    )
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
        Some(b) => building_tile(ctx, village, x, y, b),
        None => html! {
            rect class={ "free-cell ring" (cell.ring()) } x=(Num(x + 2.0)) y=(Num(y + 2.0)) width=(Num(C - 4.0)) height=(Num(C - 4.0)) rx="4" {
                title { (ctx.namer.cell(village, cell)) }
            }
        },
    };
    clickable(target, "cell", &label, inner)
}

/// A building tile filling the cell whose top-left corner is (x, y), with its villagers.
pub fn building_tile(ctx: &Ctx, village: VillageId, x: f32, y: f32, b: &Building) -> Markup {
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
        g class="building" data-kind=(format!("{:?}", b.kind)) {
            title { (name) " – " (makes) }
            rect class={ "tile " (class) } x=(Num(x + 2.0)) y=(Num(y + 2.0)) width=(Num(C - 4.0)) height=(Num(C - 4.0)) rx="4" {}
            (title.draw(x + 5.0, y + 12.0, BUILDING_NAME, "tile-name"))
            @for (i, line) in makes_lines(lang, b.kind).iter().enumerate() {
                (fitted_text(x + 5.0, y + 21.0 + below + i as f32 * 7.5, 6.5, BUILDING_NAME.width, "tile-makes", line))
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

/// The Night Watchman's targets: one button per quarter, at the grid's outer corners (in the
/// narrow layout, the west half's for the left quarters and the east half's for the right).
fn quarters(ctx: &Ctx, village: VillageId, plan: Plan) -> Markup {
    let (left, top, right, bottom) = plan.extent();
    html! {
        @for quarter in Quarter::ALL {
            @let target = Target::Quarter(village, quarter);
            @if let Some(click) = ctx.targets.clickable(target) {
                @let label = ctx.targets.actions(target).first().map(|&i| ctx.label(i)).unwrap_or_default();
                @let (x, y, inward) = match quarter {
                    Quarter::TopLeft => (left, top, (3.0, 3.0)),
                    Quarter::TopRight => (right, top, (-3.0, 3.0)),
                    Quarter::BottomLeft => (left, bottom, (3.0, -3.0)),
                    Quarter::BottomRight => (right, bottom, (-3.0, -3.0)),
                };
                @let (gx, gy) = plan.corner(x, y);
                // On the grid's outer corner, mostly outside the cells it would hide.
                @let (gx, gy) = (gx + inward.0, gy + inward.1);
                (clickable(Some(click), "quarter", &label, html! {
                    circle class="quarter-button" cx=(Num(gx)) cy=(Num(gy)) r="10" {
                        title { (label) }
                    }
                    text class="quarter-icon" x=(Num(gx)) y=(Num(gy + 4.0)) text-anchor="middle" { "☾" }
                }))
            }
        }
    }
}
