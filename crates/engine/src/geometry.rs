//! The village grid: the centre, ring 1 (10 cells), ring 2 (18 cells) and the four quarters.
//!
//! The centre covers (0,0) and (1,0), with x to the right and y downward. A building left or
//! right of the centre (y = 0) lies in two quarters; every other building lies in one.

use serde::{Deserialize, Serialize};

/// Number of building cells around a village centre (both rings).
pub const CELLS: usize = 28;
/// Number of ring-1 cells: once all hold buildings, the village is "completely surrounded".
pub const RING1_CELLS: usize = 10;

/// Coordinates of every cell: ring 1 first (indices 0..10), then ring 2 (10..28).
const COORDS: [(i8, i8); CELLS] = [
    // ring 1
    (-1, -1),
    (0, -1),
    (1, -1),
    (2, -1),
    (-1, 0),
    (2, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (2, 1),
    // ring 2
    (-2, -2),
    (-1, -2),
    (0, -2),
    (1, -2),
    (2, -2),
    (3, -2),
    (-2, -1),
    (3, -1),
    (-2, 0),
    (3, 0),
    (-2, 1),
    (3, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 2),
    (2, 2),
    (3, 2),
];

/// A building cell next to a village centre. Serialised as its `[x, y]` coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// Every cell, ring 1 first.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// The ring-1 cells.
    pub fn ring1() -> impl Iterator<Item = Cell> {
        (0..RING1_CELLS as u8).map(Cell)
    }

    /// The ring-2 cells.
    pub fn ring2() -> impl Iterator<Item = Cell> {
        (RING1_CELLS as u8..CELLS as u8).map(Cell)
    }

    /// The cell with this index (0..28), if valid.
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell at `(x, y)`, if it is one of the 28 building cells.
    pub fn at(x: i8, y: i8) -> Option<Cell> {
        COORDS
            .iter()
            .position(|&c| c == (x, y))
            .map(|i| Cell(i as u8))
    }

    /// Index 0..28; ring-1 cells come first.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell's bit in a 32-bit cell set.
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// `(x, y)` coordinates.
    pub const fn coords(self) -> (i8, i8) {
        COORDS[self.0 as usize]
    }

    /// 1 or 2.
    pub const fn ring(self) -> u8 {
        if (self.0 as usize) < RING1_CELLS {
            1
        } else {
            2
        }
    }

    /// Whether the cell belongs to `quarter`.
    pub const fn in_quarter(self, quarter: Quarter) -> bool {
        let (x, y) = self.coords();
        let left = x <= 0;
        let top_ok = y <= 0;
        let bottom_ok = y >= 0;
        match quarter {
            Quarter::TopLeft => left && top_ok,
            Quarter::TopRight => !left && top_ok,
            Quarter::BottomLeft => left && bottom_ok,
            Quarter::BottomRight => !left && bottom_ok,
        }
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (x, y) = self.coords();
        write!(f, "({x},{y})")
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.coords().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (x, y) = <(i8, i8)>::deserialize(deserializer)?;
        Cell::at(x, y).ok_or_else(|| {
            serde::de::Error::custom(format!("({x},{y}) is not a building cell of a village"))
        })
    }
}

/// One of the four quarters of a village, woken as a whole by the Night Watchman.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Quarter {
    /// Left half, top half.
    TopLeft,
    /// Right half, top half.
    TopRight,
    /// Left half, bottom half.
    BottomLeft,
    /// Right half, bottom half.
    BottomRight,
}

impl Quarter {
    /// Every quarter.
    pub const ALL: [Quarter; 4] = [
        Quarter::TopLeft,
        Quarter::TopRight,
        Quarter::BottomLeft,
        Quarter::BottomRight,
    ];

    /// The quarter's cells, as a set of [`Cell::bit`]s.
    pub const fn cells(self) -> u32 {
        QUARTER_CELLS[self as usize]
    }
}

/// [`Quarter::cells`] of each quarter, worked out once from the coordinates.
const QUARTER_CELLS: [u32; 4] = {
    let mut sets = [0; 4];
    let mut q = 0;
    while q < 4 {
        let mut i = 0;
        while i < CELLS {
            if Cell(i as u8).in_quarter(Quarter::ALL[q]) {
                sets[q] |= 1 << i;
            }
            i += 1;
        }
        q += 1;
    }
    sets
};
