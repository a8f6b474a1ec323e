//! The building kinds, what each makes or exchanges, what it costs, and where its tiles come from.
//!
//! This is the engine's one module of component data. Values the rulebooks state are marked
//! `Rulebook`; values only reviews give are `Review`; the rest are `Reconstructed` to fit every
//! constraint the rulebooks do state. [`BuildingKind::cost_source`] and [`COMPONENT_PROVENANCE`]
//! say which is which, so an owner of the physical game can check and correct them here.

use serde::{Deserialize, Serialize};

use crate::good::{Good, GoodSet};

/// Where a component value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// Stated in the rulebook text.
    Rulebook,
    /// Stated by public reviews of the game, not by the rulebook.
    Review,
    /// Not in any text; chosen to fit every constraint the rulebooks state.
    Reconstructed,
}

/// The three kinds of building.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BuildingClass {
    /// Makes one good, from an input good if it is complex.
    Production,
    /// Turns one good of its set into another good of the set.
    Exchange,
    /// Worth 3 victory points; never occupied.
    VictoryPoints,
}

/// A kind of building tile. The names are the German ones printed on the tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BuildingKind {
    /// Holzfäller (woodcutter): wood.
    Holzfaeller,
    /// Ziegelei (clay quarry): brick.
    Ziegelei,
    /// Steinmetz (stone quarry): stone.
    Steinmetz,
    /// Getreidehof (grain yard): grain.
    Getreidehof,
    /// Brunnenmeister (well): water.
    Brunnenmeister,
    /// Bergwerk (ore mine): ore.
    Bergwerk,
    /// Kuhstall (cow shed): grain → cow.
    Kuhstall,
    /// Ziegenstall (goat farm): water → goat.
    Ziegenstall,
    /// Marktplatz: exchanges the six simple goods.
    Marktplatz,
    /// Backhaus (baker): grain → bread.
    Backhaus,
    /// Brauhaus (brewery): water → beer.
    Brauhaus,
    /// Eisenhütte (ironworks): ore → iron.
    Eisenhuette,
    /// Molkerei (dairy): cow → milk.
    Molkerei,
    /// Metzgerei (butcher): cow → meat.
    Metzgerei,
    /// Käserei (cheese store): goat → cheese.
    Kaeserei,
    /// Gerberei (tannery): goat → cloth.
    Gerberei,
    /// Glockengießer (bell maker): iron → cowbell.
    Glockengiesser,
    /// Rindermarkt (cattle market): exchanges cow, bread, iron.
    Rindermarkt,
    /// Ziegenmarkt (goat market): exchanges goat, beer, iron.
    Ziegenmarkt,
    /// Spezerei (grocer): exchanges milk, cheese, meat, cloth, cowbell.
    Spezerei,
    /// Mühle (mill): 3 victory points.
    Muehle,
    /// Wirtshaus (tavern): 3 victory points.
    Wirtshaus,
    /// Gemeindehaus (town hall): 3 victory points.
    Gemeindehaus,
    /// Kirche (church): 3 victory points.
    Kirche,
}

/// A building cost: how many wood, brick and stone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    /// Wood needed.
    pub wood: u8,
    /// Brick needed.
    pub brick: u8,
    /// Stone needed.
    pub stone: u8,
}

impl Cost {
    const fn new(wood: u8, brick: u8, stone: u8) -> Cost {
        Cost { wood, brick, stone }
    }

    /// How many of `material` this cost asks for (0 for goods that are not materials).
    pub const fn of(self, material: Good) -> u8 {
        match material {
            Good::Wood => self.wood,
            Good::Brick => self.brick,
            Good::Stone => self.stone,
            _ => 0,
        }
    }

    /// Lowers the need for `material` by one.
    pub fn pay(&mut self, material: Good) {
        match material {
            Good::Wood => self.wood -= 1,
            Good::Brick => self.brick -= 1,
            Good::Stone => self.stone -= 1,
            _ => unreachable!("only materials are paid"),
        }
    }

    /// Total number of goods.
    pub const fn total(self) -> u8 {
        self.wood + self.brick + self.stone
    }

    /// The materials still needed.
    pub fn needed(self) -> GoodSet {
        let mut set = GoodSet::EMPTY;
        for material in Good::MATERIALS {
            if self.of(material) > 0 {
                set.insert(material);
            }
        }
        set
    }
}

impl BuildingKind {
    /// Every kind, in tile order.
    pub const ALL: [BuildingKind; 24] = [
        BuildingKind::Holzfaeller,
        BuildingKind::Ziegelei,
        BuildingKind::Steinmetz,
        BuildingKind::Getreidehof,
        BuildingKind::Brunnenmeister,
        BuildingKind::Bergwerk,
        BuildingKind::Kuhstall,
        BuildingKind::Ziegenstall,
        BuildingKind::Marktplatz,
        BuildingKind::Backhaus,
        BuildingKind::Brauhaus,
        BuildingKind::Eisenhuette,
        BuildingKind::Molkerei,
        BuildingKind::Metzgerei,
        BuildingKind::Kaeserei,
        BuildingKind::Gerberei,
        BuildingKind::Glockengiesser,
        BuildingKind::Rindermarkt,
        BuildingKind::Ziegenmarkt,
        BuildingKind::Spezerei,
        BuildingKind::Muehle,
        BuildingKind::Wirtshaus,
        BuildingKind::Gemeindehaus,
        BuildingKind::Kirche,
    ];

    /// The five start building kinds (tiles with letters on the back).
    pub const START: [BuildingKind; 5] = [
        BuildingKind::Holzfaeller,
        BuildingKind::Ziegelei,
        BuildingKind::Steinmetz,
        BuildingKind::Getreidehof,
        BuildingKind::Brunnenmeister,
    ];

    /// Index in [`BuildingKind::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind's bit in a 32-bit kind set.
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }

    /// Index among the five start kinds, if this is one.
    pub const fn start_index(self) -> Option<usize> {
        match self {
            BuildingKind::Holzfaeller => Some(0),
            BuildingKind::Ziegelei => Some(1),
            BuildingKind::Steinmetz => Some(2),
            BuildingKind::Getreidehof => Some(3),
            BuildingKind::Brunnenmeister => Some(4),
            _ => None,
        }
    }

    /// Production, exchange or victory points.
    pub const fn class(self) -> BuildingClass {
        use BuildingKind::*;
        match self {
            Marktplatz | Rindermarkt | Ziegenmarkt | Spezerei => BuildingClass::Exchange,
            Muehle | Wirtshaus | Gemeindehaus | Kirche => BuildingClass::VictoryPoints,
            _ => BuildingClass::Production,
        }
    }

    /// Whether a villager can live and work here (production and exchange buildings).
    pub const fn is_workplace(self) -> bool {
        !matches!(self.class(), BuildingClass::VictoryPoints)
    }

    /// What a production building makes: `(input, output)`, the input `None` for simple goods.
    pub const fn production(self) -> Option<(Option<Good>, Good)> {
        use BuildingKind::*;
        Some(match self {
            Holzfaeller => (None, Good::Wood),
            Ziegelei => (None, Good::Brick),
            Steinmetz => (None, Good::Stone),
            Getreidehof => (None, Good::Grain),
            Brunnenmeister => (None, Good::Water),
            Bergwerk => (None, Good::Ore),
            Kuhstall => (Some(Good::Grain), Good::Cow),
            Ziegenstall => (Some(Good::Water), Good::Goat),
            Backhaus => (Some(Good::Grain), Good::Bread),
            Brauhaus => (Some(Good::Water), Good::Beer),
            Eisenhuette => (Some(Good::Ore), Good::Iron),
            Molkerei => (Some(Good::Cow), Good::Milk),
            Metzgerei => (Some(Good::Cow), Good::Meat),
            Kaeserei => (Some(Good::Goat), Good::Cheese),
            Gerberei => (Some(Good::Goat), Good::Cloth),
            Glockengiesser => (Some(Good::Iron), Good::Cowbell),
            _ => return None,
        })
    }

    /// The goods an exchange building trades among, if it is one.
    pub const fn exchange_set(self) -> Option<GoodSet> {
        use BuildingKind::*;
        Some(match self {
            Marktplatz => GoodSet::of(&[
                Good::Wood,
                Good::Brick,
                Good::Stone,
                Good::Ore,
                Good::Grain,
                Good::Water,
            ]),
            Rindermarkt => GoodSet::of(&[Good::Cow, Good::Bread, Good::Iron]),
            Ziegenmarkt => GoodSet::of(&[Good::Goat, Good::Beer, Good::Iron]),
            Spezerei => GoodSet::of(&[
                Good::Milk,
                Good::Cheese,
                Good::Meat,
                Good::Cloth,
                Good::Cowbell,
            ]),
            _ => return None,
        })
    }

    /// The building's cost in wood, brick and stone (start buildings cost nothing).
    pub const fn cost(self) -> Cost {
        use BuildingKind::*;
        match self {
            Holzfaeller | Ziegelei | Steinmetz | Getreidehof | Brunnenmeister => Cost::new(0, 0, 0),
            Bergwerk => Cost::new(1, 0, 1),
            Kuhstall => Cost::new(1, 1, 0),
            Ziegenstall => Cost::new(0, 1, 1),
            Marktplatz | Rindermarkt | Ziegenmarkt => Cost::new(1, 1, 1),
            Backhaus => Cost::new(1, 2, 0),
            Brauhaus => Cost::new(2, 0, 1),
            Eisenhuette => Cost::new(0, 1, 2),
            Molkerei => Cost::new(2, 1, 0),
            Metzgerei => Cost::new(0, 2, 1),
            Kaeserei => Cost::new(1, 0, 2),
            Gerberei => Cost::new(2, 0, 1),
            Glockengiesser => Cost::new(0, 1, 2),
            Spezerei => Cost::new(2, 1, 1),
            Muehle => Cost::new(2, 0, 2),
            Wirtshaus => Cost::new(2, 2, 0),
            Gemeindehaus => Cost::new(0, 2, 2),
            Kirche => Cost::new(1, 1, 2),
        }
    }

    /// Where the cost comes from: only the Metzgerei's is printed in the rulebook.
    pub const fn cost_source(self) -> Option<Source> {
        match self {
            BuildingKind::Holzfaeller
            | BuildingKind::Ziegelei
            | BuildingKind::Steinmetz
            | BuildingKind::Getreidehof
            | BuildingKind::Brunnenmeister => None,
            BuildingKind::Metzgerei => Some(Source::Rulebook),
            _ => Some(Source::Reconstructed),
        }
    }

    /// Tiles of this kind in start set, stack 1, stack 2 and stack 3 (rulebook, German appendix).
    pub const fn tiles(self) -> [u8; 4] {
        use BuildingKind::*;
        match self {
            Holzfaeller | Ziegelei | Steinmetz | Getreidehof | Brunnenmeister => [3, 0, 0, 0],
            Bergwerk | Kuhstall | Ziegenstall => [0, 3, 0, 0],
            Marktplatz => [0, 2, 0, 0],
            Backhaus | Brauhaus | Eisenhuette => [0, 0, 2, 0],
            Molkerei | Metzgerei | Kaeserei | Gerberei | Glockengiesser => [0, 0, 1, 1],
            Rindermarkt | Ziegenmarkt => [0, 0, 1, 0],
            Spezerei => [0, 0, 0, 2],
            Muehle | Wirtshaus | Gemeindehaus | Kirche => [0, 0, 1, 1],
        }
    }

    /// The German name printed on the tile.
    pub const fn german(self) -> &'static str {
        use BuildingKind::*;
        match self {
            Holzfaeller => "Holzfäller",
            Ziegelei => "Ziegelei",
            Steinmetz => "Steinmetz",
            Getreidehof => "Getreidehof",
            Brunnenmeister => "Brunnenmeister",
            Bergwerk => "Bergwerk",
            Kuhstall => "Kuhstall",
            Ziegenstall => "Ziegenstall",
            Marktplatz => "Marktplatz",
            Backhaus => "Backhaus",
            Brauhaus => "Brauhaus",
            Eisenhuette => "Eisenhütte",
            Molkerei => "Molkerei",
            Metzgerei => "Metzgerei",
            Kaeserei => "Käserei",
            Gerberei => "Gerberei",
            Glockengiesser => "Glockengießer",
            Rindermarkt => "Rindermarkt",
            Ziegenmarkt => "Ziegenmarkt",
            Spezerei => "Spezerei",
            Muehle => "Mühle",
            Wirtshaus => "Wirtshaus",
            Gemeindehaus => "Gemeindehaus",
            Kirche => "Kirche",
        }
    }

    /// The English name used by the English edition.
    pub const fn english(self) -> &'static str {
        use BuildingKind::*;
        match self {
            Holzfaeller => "Woodcutter",
            Ziegelei => "Clay quarry",
            Steinmetz => "Stone quarry",
            Getreidehof => "Grain yard",
            Brunnenmeister => "Well",
            Bergwerk => "Ore mine",
            Kuhstall => "Cow shed",
            Ziegenstall => "Goat farm",
            Marktplatz => "Marketplace",
            Backhaus => "Baker",
            Brauhaus => "Brewery",
            Eisenhuette => "Ironworks",
            Molkerei => "Dairy",
            Metzgerei => "Butcher",
            Kaeserei => "Cheese store",
            Gerberei => "Tannery",
            Glockengiesser => "Bell maker",
            Rindermarkt => "Cattle market",
            Ziegenmarkt => "Goat market",
            Spezerei => "Grocer",
            Muehle => "Mill",
            Wirtshaus => "Tavern",
            Gemeindehaus => "Town hall",
            Kirche => "Church",
        }
    }
}

/// The village-centre letters of the beginner setup: each letter's three start buildings.
/// Reconstructed: each type appears in exactly three sets, each set holds grain or water.
pub const LETTER_SETS: [[BuildingKind; 3]; 5] = [
    [
        BuildingKind::Holzfaeller,
        BuildingKind::Ziegelei,
        BuildingKind::Getreidehof,
    ],
    [
        BuildingKind::Ziegelei,
        BuildingKind::Steinmetz,
        BuildingKind::Brunnenmeister,
    ],
    [
        BuildingKind::Holzfaeller,
        BuildingKind::Steinmetz,
        BuildingKind::Getreidehof,
    ],
    [
        BuildingKind::Holzfaeller,
        BuildingKind::Steinmetz,
        BuildingKind::Brunnenmeister,
    ],
    [
        BuildingKind::Ziegelei,
        BuildingKind::Getreidehof,
        BuildingKind::Brunnenmeister,
    ],
];

/// Every component value and where it comes from, for the user documentation.
pub const COMPONENT_PROVENANCE: &[(&str, Source)] = &[
    (
        "tile counts of every building kind and stack",
        Source::Rulebook,
    ),
    ("what every building makes or exchanges", Source::Rulebook),
    ("Metzgerei cost: 2 brick, 1 stone", Source::Rulebook),
    ("every other building cost", Source::Reconstructed),
    ("Ziegenstall, Käserei and Metzgerei inputs", Source::Review),
    ("Molkerei and Gerberei inputs", Source::Reconstructed),
    ("branch tile values 4, 2 and 1", Source::Rulebook),
    ("ore branch (ore, iron, cowbell) worth 2", Source::Rulebook),
    (
        "goods of the grain, water and materials branches, and their values",
        Source::Reconstructed,
    ),
    (
        "good tile values 1 (tier 2) and 2 (tier 3)",
        Source::Rulebook,
    ),
    (
        "which good has which good tile value",
        Source::Reconstructed,
    ),
    ("village completion tiles 4 and 2", Source::Rulebook),
    (
        "start building sets of the village-centre letters A-E",
        Source::Reconstructed,
    ),
];
