//! Victory points, recomputed from the position and never accumulated (ruling 22), and the
//! final ranking with its tie-break (ruling 23).

use serde::{Deserialize, Serialize};

use crate::building::BuildingClass;
use crate::good::{Branch, Good};
use crate::people::{Seat, VillageId};
use crate::position::Position;

/// A player's victory points by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreBreakdown {
    /// 1 for the start player token.
    pub start_player: u8,
    /// 1 per delivery cube on the market.
    pub deliveries: u8,
    /// 1 or 2 per good tile.
    pub good_tiles: u8,
    /// 1 per character tile held.
    pub character_tiles: u8,
    /// 3 per victory point building.
    pub buildings: u8,
    /// 4, 2 or 1 per branch tile.
    pub branch_tiles: u8,
    /// 4 or 2 for a village completion tile.
    pub village_tiles: u8,
    /// The sum.
    pub total: u8,
}

/// `seat`'s victory points now.
pub fn score(position: &Position, seat: Seat) -> ScoreBreakdown {
    let mine = |holder: &Option<Seat>| *holder == Some(seat);
    let mut s = ScoreBreakdown {
        start_player: u8::from(position.start_player == seat),
        deliveries: position.player(seat).delivered.len() as u8,
        ..ScoreBreakdown::default()
    };
    for good in Good::ALL {
        if let (Some(index), Some(points)) = (good.good_tile_index(), good.good_tile_points()) {
            if mine(&position.good_tiles[index]) {
                s.good_tiles += points;
            }
        }
    }
    if position.options.character_tiles {
        s.character_tiles = position
            .character_tiles
            .iter()
            .filter(|t| mine(&t.holder))
            .count() as u8;
    }
    s.buildings = 3 * position
        .village(VillageId::Player(seat))
        .buildings()
        .filter(|(_, b)| b.kind.class() == BuildingClass::VictoryPoints)
        .count() as u8;
    for branch in Branch::ALL {
        if mine(&position.branch_tiles[branch.index()]) {
            s.branch_tiles += branch.points();
        }
    }
    for (slot, points) in position.village_tiles.iter().zip([4, 2]) {
        if mine(slot) {
            s.village_tiles += points;
        }
    }
    s.total = s.start_player
        + s.deliveries
        + s.good_tiles
        + s.character_tiles
        + s.buildings
        + s.branch_tiles
        + s.village_tiles;
    s
}

/// A player's awake villagers standing in all villages: on buildings and in their centre,
/// not in the school (the tie-break of ruling 23).
pub fn awake_villagers(position: &Position, seat: Seat) -> u8 {
    let me = VillageId::Player(seat);
    let on_buildings = position
        .village_ids()
        .flat_map(|id| position.village(id).buildings())
        .flat_map(|(_, b)| b.villagers.iter())
        .filter(|v| v.owner == me && v.awake)
        .count() as u8;
    let centre = position.village(me).centre_villagers;
    on_buildings + centre[0] + centre[1]
}

/// A player's final standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The player.
    pub seat: Seat,
    /// Victory points at the end.
    pub points: u8,
    /// Awake villagers, the tie-break.
    pub awake: u8,
    /// 1 for the winners; players tied on points and awake villagers share a rank.
    pub rank: u8,
}

/// Final standings, best first. The winners are those with rank 1 (a shared victory if several).
pub fn standings(position: &Position) -> Vec<Standing> {
    let mut list: Vec<Standing> = position
        .options
        .seats()
        .map(|seat| Standing {
            seat,
            points: score(position, seat).total,
            awake: awake_villagers(position, seat),
            rank: 0,
        })
        .collect();
    list.sort_by_key(|s| {
        (
            std::cmp::Reverse(s.points),
            std::cmp::Reverse(s.awake),
            s.seat,
        )
    });
    for i in 0..list.len() {
        let better = list
            .iter()
            .filter(|o| (o.points, o.awake) > (list[i].points, list[i].awake))
            .count();
        list[i].rank = better as u8 + 1;
    }
    list
}
