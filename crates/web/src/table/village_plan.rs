//! Where the pieces of a village panel go: its size, the header's height and each cell's
//! corner, in the wide layout (as on the board) and the narrow one (for phones).

use helvetia_engine::{Quarter, VillageId};

use super::Ctx;
use crate::Layout;

/// Side of one cell, in SVG units.
pub(crate) const C: f32 = 60.0;
/// Height of the header above the grid.
const HEADER: f32 = 78.0;
/// Height of a player's header in the narrow layout: the supplies take three rows, the tiles
/// a fourth (see the village's `player_header`).
const NARROW_HEADER: f32 = 114.0;
/// The narrow layout's row of start buildings still to be placed, below the other tiles.
const NARROW_START_ROW: f32 = 30.0;
/// The wide layout's row of start buildings still to be placed, below the supplies.
const WIDE_START_ROW: f32 = 36.0;
pub(crate) const PAD: f32 = 10.0;
/// Width of a village panel.
const WIDTH: f32 = 6.0 * C + 2.0 * PAD;
/// Width of a village panel in the narrow layout: three cells.
const NARROW_WIDTH: f32 = 3.0 * C + 2.0 * PAD;
/// Between the west and the east half in the narrow layout.
const NARROW_GAP: f32 = 14.0;
/// Until ring 1 is full, only its 4 × 3 cells are drawn, 1.5 times larger (in the wide layout;
/// the narrow one leaves out the empty rows of ring 2 instead).
const COMPACT_SCALE: f32 = 1.5;

/// How a building's tile words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileWords {
    /// Its name and what it makes, at 8.5 and 7.5 units: where its cell is drawn at 1.4 px a
    /// unit or more (ring 1 alone on a desk, a phone, the rules' pictures).
    Whole,
    /// What it makes alone, at 10.5 units, its name in its title and in its detail: a desk's
    /// village drawn whole, at about 0.96 px a unit on a 1366 × 768 laptop.
    Product,
}

/// Where the pieces of one village panel go. The wide layout draws the grid as on the board
/// (and zooms onto ring 1 until it is full); the narrow one draws its west half (x ≤ 0) above
/// its east half, each three cells wide, so that the drawing fits a phone at the scale that
/// keeps its smallest text at 12 px.
#[derive(Clone, Copy)]
pub(crate) struct Plan {
    pub layout: Layout,
    /// Only ring 1 is drawn: it is not full yet.
    pub compact: bool,
    /// Height of the header, where the grid begins.
    pub header: f32,
}

impl Plan {
    pub fn of(ctx: &Ctx, village: VillageId) -> Plan {
        let layout = ctx.input.layout;
        let placing = match village {
            VillageId::Player(seat) => ctx.pos.player(seat).start_buildings.iter().any(|&n| n > 0),
            VillageId::Neutral => false,
        };
        let header = match (layout, village) {
            (Layout::Narrow, VillageId::Player(_)) => {
                NARROW_HEADER + if placing { NARROW_START_ROW } else { 0.0 }
            }
            _ => HEADER + if placing { WIDE_START_ROW } else { 0.0 },
        };
        Plan {
            layout,
            compact: !ctx.pos.village(village).ring1_full(),
            header,
        }
    }

    /// How its buildings' tiles word them: a desk draws the whole grid too small for a
    /// building's name and product at a readable size.
    pub fn tile_words(self) -> TileWords {
        if self.layout == Layout::Wide && !self.compact {
            TileWords::Product
        } else {
            TileWords::Whole
        }
    }

    pub fn width(self) -> f32 {
        match self.layout {
            Layout::Wide => WIDTH,
            Layout::Narrow => NARROW_WIDTH,
        }
    }

    /// The first row drawn and the number of rows, in the narrow layout's halves.
    fn narrow_rows(self) -> (i8, i8) {
        if self.compact {
            (-1, 3)
        } else {
            (-2, 5)
        }
    }

    /// Height of the whole panel.
    pub fn height(self) -> f32 {
        let grid = match self.layout {
            Layout::Wide if self.compact => 3.0 * C * COMPACT_SCALE,
            Layout::Wide => 5.0 * C,
            Layout::Narrow => 2.0 * f32::from(self.narrow_rows().1) * C + NARROW_GAP,
        };
        self.header + grid + PAD + 8.0
    }

    /// The wide layout's zoom onto ring 1 while it is not full: `(dx, dy, scale)`, a point
    /// (x, y) of the grid drawn at (dx + x × scale, dy + y × scale).
    pub fn zoom(self) -> Option<(f32, f32, f32)> {
        (self.layout == Layout::Wide && self.compact).then(|| {
            let (x0, y0) = self.corner(-1, -1);
            (
                PAD - x0 * COMPACT_SCALE,
                self.header - y0 * COMPACT_SCALE,
                COMPACT_SCALE,
            )
        })
    }

    /// The grid's transform: the [`Plan::zoom`], or none.
    pub fn grid_transform(self) -> String {
        match self.zoom() {
            Some((dx, dy, scale)) => format!("translate({dx} {dy}) scale({scale})"),
            None => String::new(),
        }
    }

    /// Top-left corner of the cell at grid coordinates (x, y), before the grid's transform. A
    /// coordinate one past the last cell gives the grid's far edge.
    pub fn corner(self, x: i8, y: i8) -> (f32, f32) {
        match self.layout {
            Layout::Wide => (
                PAD + f32::from(x + 2) * C,
                self.header + f32::from(y + 2) * C,
            ),
            Layout::Narrow => {
                let (first, rows) = self.narrow_rows();
                let (half, column) = if x <= 0 { (0.0, x + 2) } else { (1.0, x - 1) };
                let half_top = self.header + half * (f32::from(rows) * C + NARROW_GAP);
                (
                    PAD + f32::from(column) * C,
                    half_top + f32::from(y - first) * C,
                )
            }
        }
    }

    /// The Night Watchman's target for `quarter` before the grid's transform: (left, top, width,
    /// height). The quarters share the centre's row, and their targets meet in its middle.
    pub fn quarter_area(self, quarter: Quarter) -> (f32, f32, f32, f32) {
        let (left, top, right, bottom) = self.extent();
        let right_side = matches!(quarter, Quarter::TopRight | Quarter::BottomRight);
        let (x0, x1) = if right_side {
            (self.corner(1, 0).0, self.corner(right, 0).0)
        } else {
            (self.corner(left, 0).0, self.corner(0, 0).0 + C)
        };
        // The quarter's half of the grid, by its cell of the centre (west or east).
        let column = i8::from(right_side);
        let middle = self.corner(column, 0).1 + C / 2.0;
        let (y0, y1) = match quarter {
            Quarter::TopLeft | Quarter::TopRight => (self.corner(column, top).1, middle),
            Quarter::BottomLeft | Quarter::BottomRight => (middle, self.corner(column, bottom).1),
        };
        (x0, y0, x1 - x0, y1 - y0)
    }

    /// The cells (left, top, right, bottom) the grid's outer corners are drawn around.
    pub fn extent(self) -> (i8, i8, i8, i8) {
        if self.compact {
            (-1, -1, 3, 2)
        } else {
            (-2, -2, 4, 3)
        }
    }
}

#[cfg(test)]
mod tests {
    use helvetia_engine::Cell;

    use super::*;

    /// Every plan a village panel can have.
    fn plans() -> Vec<Plan> {
        let mut plans = Vec::new();
        for layout in Layout::ALL {
            for compact in [false, true] {
                for header in [
                    HEADER,
                    HEADER + WIDE_START_ROW,
                    NARROW_HEADER,
                    NARROW_HEADER + NARROW_START_ROW,
                ] {
                    plans.push(Plan {
                        layout,
                        compact,
                        header,
                    });
                }
            }
        }
        plans
    }

    /// A cell's place on the grid, `(x, y)`, and its square as drawn: left, top and side.
    type Square = ((i8, i8), (f32, f32, f32));

    /// The squares of the cells of `plan` and of the centre's two cells, as drawn (after the
    /// zoom).
    fn squares(plan: Plan) -> Vec<Square> {
        let (dx, dy, scale) = plan.zoom().unwrap_or((0.0, 0.0, 1.0));
        Cell::all()
            .filter(|cell| !plan.compact || cell.ring() == 1)
            .map(|cell| cell.coords())
            .chain([(0, 0), (1, 0)])
            .map(|(x, y)| {
                let (left, top) = plan.corner(x, y);
                ((x, y), (dx + left * scale, dy + top * scale, C * scale))
            })
            .collect()
    }

    #[test]
    fn every_cell_lies_below_the_header_inside_the_panel_and_apart_from_the_others() {
        for plan in plans() {
            let squares = squares(plan);
            for (i, &(at, (left, top, side))) in squares.iter().enumerate() {
                assert!(
                    left >= PAD - 1e-3
                        && left + side <= plan.width() - PAD + 1e-3
                        && top >= plan.header - 1e-3
                        && top + side <= plan.height() - PAD + 1e-3,
                    "{at:?} of {:?}/{} at ({left}, {top}) outside {} x {}",
                    plan.layout,
                    plan.compact,
                    plan.width(),
                    plan.height()
                );
                for &(other, (x, y, _)) in &squares[i + 1..] {
                    assert!(
                        (x - left).abs() >= side - 1e-3 || (y - top).abs() >= side - 1e-3,
                        "{at:?} and {other:?} overlap in {:?}/{}",
                        plan.layout,
                        plan.compact
                    );
                }
            }
        }
    }

    #[test]
    fn the_narrow_layout_is_three_cells_wide_its_west_half_above_its_east_half() {
        for plan in plans().into_iter().filter(|p| p.layout == Layout::Narrow) {
            assert_eq!(plan.width(), 3.0 * C + 2.0 * PAD);
            let squares = squares(plan);
            let lowest_west = squares
                .iter()
                .filter(|(at, _)| at.0 <= 0)
                .map(|(_, (_, top, side))| top + side)
                .fold(f32::MIN, f32::max);
            let highest_east = squares
                .iter()
                .filter(|(at, _)| at.0 > 0)
                .map(|(_, (_, top, _))| *top)
                .fold(f32::MAX, f32::min);
            assert!(lowest_west < highest_east, "{}", plan.compact);
            // Within a half, the rows and columns keep their order on the board.
            for &((x, y), (left, top, _)) in &squares {
                for &((x2, y2), (left2, top2, _)) in &squares {
                    if (x <= 0) == (x2 <= 0) {
                        assert_eq!(x.cmp(&x2), left.total_cmp(&left2));
                        assert_eq!(y.cmp(&y2), top.total_cmp(&top2));
                    }
                }
            }
        }
    }

    #[test]
    fn each_quarters_target_lies_inside_the_panel_covers_its_cells_and_leaves_the_others() {
        for plan in plans() {
            let (dx, dy, scale) = plan.zoom().unwrap_or((0.0, 0.0, 1.0));
            let areas = Quarter::ALL.map(|quarter| {
                let (x, y, width, height) = plan.quarter_area(quarter);
                (
                    dx + x * scale,
                    dy + y * scale,
                    width * scale,
                    height * scale,
                )
            });
            for (quarter, &(x, y, width, height)) in Quarter::ALL.iter().zip(&areas) {
                let what = format!("{quarter:?} of {:?}/{}", plan.layout, plan.compact);
                // At least one and a half cells each way: 26 px in a desk's village drawn small
                // (about 0.29 px a unit), a target large enough for a mouse.
                assert!(
                    width >= 1.5 * C - 1e-3 && height >= 1.5 * C - 1e-3,
                    "{what}"
                );
                assert!(
                    x >= PAD - 1e-3
                        && x + width <= plan.width() - PAD + 1e-3
                        && y >= plan.header - 1e-3
                        && y + height <= plan.height() - PAD + 1e-3,
                    "{what} at ({x}, {y}) {width} x {height}"
                );
                // A cell's middle is inside the target of each quarter it belongs to, and
                // outside the others' (a cell of the centre's row lies on their border).
                for ((cx, cy), (left, top, side)) in squares(plan) {
                    let cell = Cell::all().find(|cell| cell.coords() == (cx, cy));
                    let Some(cell) = cell else { continue };
                    let (mx, my) = (left + side / 2.0, top + side / 2.0);
                    let inside = mx > x && mx < x + width && my > y && my < y + height;
                    if cy != 0 {
                        assert_eq!(cell.in_quarter(*quarter), inside, "{what}: ({cx}, {cy})");
                    } else if !cell.in_quarter(*quarter) {
                        assert!(!inside, "{what}: ({cx}, {cy})");
                    }
                }
            }
            for (i, a) in areas.iter().enumerate() {
                for b in &areas[i + 1..] {
                    let apart = a.0 + a.2 <= b.0 + 1e-3
                        || b.0 + b.2 <= a.0 + 1e-3
                        || a.1 + a.3 <= b.1 + 1e-3
                        || b.1 + b.3 <= a.1 + 1e-3;
                    assert!(
                        apart,
                        "{a:?} and {b:?} overlap in {:?}/{}",
                        plan.layout, plan.compact
                    );
                }
            }
        }
    }
}
