//! Production chains and exchanges: which goods a player can still make this action.
//!
//! A player makes goods with their own awake villagers, in any village (ruling 13). A chain is
//! worked one villager at a time, carrying one good forward; a step is legal only if the good it
//! makes can still reach a good the action needs, so no chain ever strands the player.

use crate::building::{BuildingClass, BuildingKind, Cost};
use crate::good::{Good, GoodSet};

/// Awake own villagers of a player, counted by the kind of building they stand on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Workers(pub [u8; 24]);

impl Workers {
    /// How many work on `kind`.
    pub fn on(&self, kind: BuildingKind) -> u8 {
        self.0[kind.index()]
    }

    /// The kinds with at least one worker, as a set of [`BuildingKind::bit`]s.
    pub fn kinds(&self) -> u32 {
        // A kind's bit sits at its index; a plain loop over the counts lets the compiler
        // compare them all at once.
        let mut set = 0;
        for (index, &count) in self.0.iter().enumerate() {
            if count > 0 {
                set |= 1 << index;
            }
        }
        set
    }

    /// The same, with one villager of `kind` put to sleep.
    pub fn without(mut self, kind: BuildingKind) -> Workers {
        self.0[kind.index()] -= 1;
        self
    }
}

/// What working at a building of `kind` makes from `carried`, for each possible output.
/// Production buildings have one output; exchange buildings one per other good of their set.
pub fn outputs(kind: BuildingKind, carried: Option<Good>) -> GoodSet {
    match kind.class() {
        BuildingClass::Production => {
            let (input, output) = kind.production().expect("production building");
            if input == carried {
                GoodSet::of(&[output])
            } else {
                GoodSet::EMPTY
            }
        }
        BuildingClass::Exchange => {
            let set = kind.exchange_set().expect("exchange building");
            match carried {
                Some(good) if set.contains(good) => GoodSet(set.0 & !good.bit()),
                _ => GoodSet::EMPTY,
            }
        }
        BuildingClass::VictoryPoints => GoodSet::EMPTY,
    }
}

/// The kinds of building that make something from `carried` (those whose [`outputs`] are not
/// empty), as a set of [`BuildingKind::bit`]s.
pub fn takers(carried: Option<Good>) -> u32 {
    TAKERS[carried.map_or(Good::ALL.len(), Good::index)]
}

/// `TAKERS[good]`: the kinds that work `good` into something; the last entry, the simple
/// producers, which start chains from nothing.
const TAKERS: [u32; 17] = {
    let mut table = [0u32; 17];
    let mut k = 0;
    while k < 24 {
        let kind = BuildingKind::ALL[k];
        let mut g = 0;
        while g < 16 {
            if EDGES[k][g] != 0 {
                table[g] |= kind.bit();
            }
            g += 1;
        }
        if let Some((None, _)) = kind.production() {
            table[16] |= kind.bit();
        }
        k += 1;
    }
    table
};

/// Whether `from` can be turned into one of `goals` (or is one) by the remaining `workers`.
///
/// A shortest chain never uses a building kind twice (exchange sets are cliques and production
/// raises the tier), so one awake villager per kind is enough and a search over goods is exact.
pub fn reaches(from: Good, workers: &Workers, goals: GoodSet) -> bool {
    reaches_by(from, workers.kinds(), goals)
}

/// [`reaches`], with the workers given as the set of kinds that have one.
fn reaches_by(from: Good, working: u32, goals: GoodSet) -> bool {
    let mut seen = from.bit();
    let mut frontier = seen;
    while frontier != 0 {
        if frontier & goals.0 != 0 {
            return true;
        }
        let mut next = 0;
        let mut kinds = working;
        while kinds != 0 {
            let edges = &EDGES[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
            let mut inputs = frontier;
            while inputs != 0 {
                next |= edges[inputs.trailing_zeros() as usize];
                inputs &= inputs - 1;
            }
        }
        frontier = next & !seen;
        seen |= next;
    }
    false
}

/// `EDGES[kind][good]`: the goods one worker of `kind` (by [`BuildingKind::index`], which is
/// also its bit's position) makes from `good`. Simple producers start chains and have no edges.
const EDGES: [[u16; 16]; 24] = {
    let mut table = [[0u16; 16]; 24];
    let mut k = 0;
    while k < 24 {
        let kind = BuildingKind::ALL[k];
        let mut g = 0;
        while g < 16 {
            let good = Good::ALL[g];
            table[k][g] = match (kind.production(), kind.exchange_set()) {
                (Some((Some(input), output)), _) if input as usize == good as usize => output.bit(),
                (_, Some(set)) if set.contains(good) => set.0 & !good.bit(),
                _ => 0,
            };
            g += 1;
        }
        k += 1;
    }
    table
};

/// Whether some chain started now by `workers` can make one of `goals`.
pub fn can_make_any(workers: &Workers, goals: GoodSet) -> bool {
    let working = workers.kinds();
    let starters = working & takers(None);
    BuildingKind::ALL
        .into_iter()
        .filter(|kind| starters & kind.bit() != 0)
        .any(|kind| {
            let rest = if workers.on(kind) == 1 {
                working & !kind.bit()
            } else {
                working
            };
            matches!(kind.production(), Some((None, good)) if reaches_by(good, rest, goals))
        })
}

/// Fewest coins needed to finish paying `remaining`, producing all that `workers` can.
///
/// Materials come from their own producers, or from any simple-good producer whose good is
/// exchanged on a Marktplatz; a carried good counts as already produced. Using a material's own
/// producer first is never worse, so the greedy count is exact.
pub fn coins_needed(remaining: Cost, carried: Option<Good>, workers: &Workers) -> u8 {
    let producers = [
        BuildingKind::Holzfaeller,
        BuildingKind::Ziegelei,
        BuildingKind::Steinmetz,
    ];
    let mut direct_used = 0;
    let mut spare = workers.on(BuildingKind::Getreidehof)
        + workers.on(BuildingKind::Brunnenmeister)
        + workers.on(BuildingKind::Bergwerk);
    let mut carried_spare = carried.is_some_and(|good| good.tier() == 1);
    for (material, producer) in Good::MATERIALS.into_iter().zip(producers) {
        let mut available = workers.on(producer);
        if carried == Some(material) && remaining.of(material) > 0 {
            available += 1;
            carried_spare = false;
        }
        let used = available.min(remaining.of(material));
        direct_used += used;
        spare += available - used;
    }
    let left = remaining.total() - direct_used;
    let pairs = left
        .min(workers.on(BuildingKind::Marktplatz))
        .min(spare + u8::from(carried_spare));
    left - pairs
}
