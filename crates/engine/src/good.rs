//! The sixteen goods, their production tiers and the market branches they belong to.

use serde::{Deserialize, Serialize};

/// One of the sixteen goods of Helvetia.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Good {
    /// Holz: a simple good, also a building material.
    Wood,
    /// Ziegel: a simple good, also a building material.
    Brick,
    /// Stein: a simple good, also a building material.
    Stone,
    /// Getreide: a simple good.
    Grain,
    /// Wasser: a simple good.
    Water,
    /// Erz: a simple good.
    Ore,
    /// Kuh: made from grain.
    Cow,
    /// Ziege: made from water.
    Goat,
    /// Brot: made from grain.
    Bread,
    /// Bier: made from water.
    Beer,
    /// Eisen: made from ore.
    Iron,
    /// Milch: made from cow.
    Milk,
    /// Käse: made from goat.
    Cheese,
    /// Fleisch: made from cow.
    Meat,
    /// Stoff: made from goat.
    Cloth,
    /// Kuhglocke: made from iron.
    Cowbell,
}

impl Good {
    /// Every good, in market order.
    pub const ALL: [Good; 16] = [
        Good::Wood,
        Good::Brick,
        Good::Stone,
        Good::Grain,
        Good::Water,
        Good::Ore,
        Good::Cow,
        Good::Goat,
        Good::Bread,
        Good::Beer,
        Good::Iron,
        Good::Milk,
        Good::Cheese,
        Good::Meat,
        Good::Cloth,
        Good::Cowbell,
    ];

    /// The goods a building can cost: the only ones the Builder sells.
    pub const MATERIALS: [Good; 3] = [Good::Wood, Good::Brick, Good::Stone];

    /// Index of this good in [`Good::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The good's bit in a [`GoodSet`].
    pub const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// Production tier: 1 for simple goods, 2 and 3 for the links of a chain.
    pub const fn tier(self) -> u8 {
        match self {
            Good::Wood | Good::Brick | Good::Stone | Good::Grain | Good::Water | Good::Ore => 1,
            Good::Cow | Good::Goat | Good::Bread | Good::Beer | Good::Iron => 2,
            _ => 3,
        }
    }

    /// Whether this is a building material (wood, brick or stone).
    pub const fn is_material(self) -> bool {
        matches!(self, Good::Wood | Good::Brick | Good::Stone)
    }

    /// The good tile for this good's first delivery: its victory points, or `None` for simple goods.
    pub const fn good_tile_points(self) -> Option<u8> {
        match self.tier() {
            1 => None,
            2 => Some(1),
            _ => Some(2),
        }
    }

    /// Index among the ten complex goods (the good tiles), if complex.
    pub const fn good_tile_index(self) -> Option<usize> {
        match self.tier() {
            1 => None,
            _ => Some(self as usize - 6),
        }
    }

    /// The German name printed on the board.
    pub const fn german(self) -> &'static str {
        match self {
            Good::Wood => "Holz",
            Good::Brick => "Ziegel",
            Good::Stone => "Stein",
            Good::Grain => "Getreide",
            Good::Water => "Wasser",
            Good::Ore => "Erz",
            Good::Cow => "Kuh",
            Good::Goat => "Ziege",
            Good::Bread => "Brot",
            Good::Beer => "Bier",
            Good::Iron => "Eisen",
            Good::Milk => "Milch",
            Good::Cheese => "Käse",
            Good::Meat => "Fleisch",
            Good::Cloth => "Stoff",
            Good::Cowbell => "Kuhglocke",
        }
    }

    /// Parses the English identifier used in JSON (`"Wood"`) or the German name.
    pub fn parse(text: &str) -> Option<Good> {
        Good::ALL.into_iter().find(|good| {
            format!("{good:?}").eq_ignore_ascii_case(text)
                || good.german().eq_ignore_ascii_case(text)
        })
    }
}

/// A set of goods as a bit mask, cheap to copy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoodSet(pub u16);

impl GoodSet {
    /// The empty set.
    pub const EMPTY: GoodSet = GoodSet(0);

    /// Builds a set from a list of goods.
    pub const fn of(goods: &[Good]) -> GoodSet {
        let mut bits = 0;
        let mut i = 0;
        while i < goods.len() {
            bits |= goods[i].bit();
            i += 1;
        }
        GoodSet(bits)
    }

    /// Whether the set holds `good`.
    pub const fn contains(self, good: Good) -> bool {
        self.0 & good.bit() != 0
    }

    /// Adds `good`.
    pub fn insert(&mut self, good: Good) {
        self.0 |= good.bit();
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of goods in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether every good of `other` is in this set.
    pub const fn contains_all(self, other: GoodSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// The goods in the set, in market order.
    pub fn iter(self) -> impl Iterator<Item = Good> {
        Good::ALL
            .into_iter()
            .filter(move |good| self.contains(*good))
    }
}

/// One of the four market branches; the first player to deliver all its goods takes its tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Branch {
    /// Grain, cow, bread, milk, meat.
    Grain,
    /// Ore, iron, cowbell (the middle branch).
    Ore,
    /// Water, goat, beer, cheese, cloth.
    Water,
    /// Wood, brick, stone.
    Materials,
}

impl Branch {
    /// Every branch.
    pub const ALL: [Branch; 4] = [Branch::Grain, Branch::Ore, Branch::Water, Branch::Materials];

    /// The goods of this branch. Reconstructed except the ore branch (see `COMPONENT_PROVENANCE`).
    pub const fn goods(self) -> GoodSet {
        match self {
            Branch::Grain => {
                GoodSet::of(&[Good::Grain, Good::Cow, Good::Bread, Good::Milk, Good::Meat])
            }
            Branch::Ore => GoodSet::of(&[Good::Ore, Good::Iron, Good::Cowbell]),
            Branch::Water => GoodSet::of(&[
                Good::Water,
                Good::Goat,
                Good::Beer,
                Good::Cheese,
                Good::Cloth,
            ]),
            Branch::Materials => GoodSet::of(&[Good::Wood, Good::Brick, Good::Stone]),
        }
    }

    /// Victory points of this branch's special tile (values rulebook, assignment reconstructed).
    pub const fn points(self) -> u8 {
        match self {
            Branch::Grain | Branch::Water => 4,
            Branch::Ore => 2,
            Branch::Materials => 1,
        }
    }

    /// Index in [`Branch::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}
