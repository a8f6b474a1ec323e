//! A hand-written evaluation of a position: each player's prospects in victory points.
//!
//! The score counts in full; what a player could still turn into points (goods they can make
//! and have not delivered, branch progress, leads on the characters, coins, villagers in work)
//! counts at a discount, because it still costs actions and others may get there first.

use serde::{Deserialize, Serialize};

use helvetia_engine::{
    coins_needed, outputs, Branch, BuildingClass, BuildingKind, Character, GoodSet, Phase,
    Position, Seat, VillageId, Workers, MAX_PLAYERS,
};

/// Weights of the evaluation, in victory points per unit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    /// A good the player can make with its villagers (awake or asleep) and has not delivered.
    pub deliverable: f32,
    /// Extra for such a good whose good tile is still free, per tile point.
    pub tile_bonus: f32,
    /// Extra for a deliverable good the awake villagers can make right now.
    pub ready: f32,
    /// Progress on a branch nobody holds yet: this times the branch points times the share delivered.
    pub branch_progress: f32,
    /// A strict lead in coins on a character whose tile the player does not hold.
    pub character_lead: f32,
    /// A coin in hand while the player is still in the round (an action still to take). Coins
    /// kept by a player who has passed buy nothing more this round (ruling 8) and count nothing.
    pub coin: f32,
    /// An own villager standing on a workplace, awake.
    pub awake_worker: f32,
    /// An own villager on a workplace, asleep.
    pub sleeping_worker: f32,
    /// A couple in the own village (children to come).
    pub couple: f32,
    /// An unattached villager (centre or school): a future worker or marriage.
    pub unattached: f32,
    /// A victory point building on display that the player can afford now.
    pub affordable_vp_building: f32,
    /// Each built ring-1 cell while a village tile is still free.
    pub ring1_cell: f32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            deliverable: 0.45,
            tile_bonus: 0.3,
            ready: 0.15,
            branch_progress: 0.35,
            character_lead: 0.6,
            coin: 0.12,
            awake_worker: 0.12,
            sleeping_worker: 0.05,
            couple: 0.1,
            unattached: 0.08,
            affordable_vp_building: 0.5,
            ring1_cell: 0.08,
        }
    }
}

impl Weights {
    /// How many weights there are.
    pub const COUNT: usize = 12;

    /// The weights' names, in the order of [`Weights::to_array`].
    pub const NAMES: [&'static str; Weights::COUNT] = [
        "deliverable",
        "tile_bonus",
        "ready",
        "branch_progress",
        "character_lead",
        "coin",
        "awake_worker",
        "sleeping_worker",
        "couple",
        "unattached",
        "affordable_vp_building",
        "ring1_cell",
    ];

    /// The weights in a fixed order (for tuning and for bot names).
    pub fn to_array(&self) -> [f32; Weights::COUNT] {
        [
            self.deliverable,
            self.tile_bonus,
            self.ready,
            self.branch_progress,
            self.character_lead,
            self.coin,
            self.awake_worker,
            self.sleeping_worker,
            self.couple,
            self.unattached,
            self.affordable_vp_building,
            self.ring1_cell,
        ]
    }

    /// The weights from [`Weights::to_array`]'s order.
    pub fn from_array(w: [f32; Weights::COUNT]) -> Weights {
        Weights {
            deliverable: w[0],
            tile_bonus: w[1],
            ready: w[2],
            branch_progress: w[3],
            character_lead: w[4],
            coin: w[5],
            awake_worker: w[6],
            sleeping_worker: w[7],
            couple: w[8],
            unattached: w[9],
            affordable_vp_building: w[10],
            ring1_cell: w[11],
        }
    }

    /// The weights as a bot name writes them: `/`-separated, in [`Weights::to_array`]'s order.
    pub fn to_name(&self) -> String {
        let parts: Vec<String> = self.to_array().iter().map(|w| format!("{w}")).collect();
        parts.join("/")
    }

    /// The weights from [`Weights::to_name`]'s form.
    pub fn from_name(text: &str) -> Option<Weights> {
        let values: Vec<f32> = text
            .split('/')
            .map(|part| part.parse::<f32>().ok().filter(|w| w.is_finite()))
            .collect::<Option<_>>()?;
        Some(Weights::from_array(values.try_into().ok()?))
    }
}

/// Own villagers on buildings, counted by building kind: all of them, and only the awake ones.
pub(crate) fn workers(position: &Position, seat: Seat) -> (Workers, Workers) {
    let me = VillageId::Player(seat);
    let mut all = Workers::default();
    let mut awake = Workers::default();
    for id in position.village_ids() {
        for (_, building) in position.village(id).buildings() {
            for villager in &building.villagers {
                if villager.owner == me {
                    all.0[building.kind.index()] += 1;
                    if villager.awake {
                        awake.0[building.kind.index()] += 1;
                    }
                }
            }
        }
    }
    (all, awake)
}

/// The goods `workers` can make, starting a chain at a simple-good producer.
///
/// A chain never uses a building kind twice and simple producers only start chains, so the
/// closure of the simple goods under the working transformers is exact.
pub fn makeable(workers: &Workers) -> GoodSet {
    let mut set = GoodSet::EMPTY;
    for kind in BuildingKind::ALL {
        if let Some((None, simple)) = kind.production() {
            if workers.on(kind) > 0 {
                set.insert(simple);
            }
        }
    }
    loop {
        let mut next = set;
        for kind in BuildingKind::ALL {
            let transforms = kind.production().is_none_or(|(input, _)| input.is_some());
            if workers.on(kind) == 0 || !transforms {
                continue;
            }
            for good in set.iter() {
                next.0 |= outputs(kind, Some(good)).0;
            }
        }
        if next == set {
            return set;
        }
        set = next;
    }
}

/// One player's prospects split by where they come from, in victory points: what the
/// evaluation adds up, kept apart so that the analysis can say why one position is better.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Prospects {
    /// The score as it stands.
    pub score: f32,
    /// Goods the player can make and has not delivered, with the good tiles still free.
    pub goods: f32,
    /// Progress on branches nobody holds yet.
    pub branches: f32,
    /// Leads in coins on characters whose tile the player does not hold.
    pub characters: f32,
    /// Coins in hand while the player is still in the round.
    pub coins: f32,
    /// Own villagers on workplaces, awake or asleep.
    pub workers: f32,
    /// Couples and unattached villagers: children and workers to come.
    pub family: f32,
    /// A victory point building on display that the player can afford now.
    pub buildings: f32,
    /// Built ring-1 cells while a village tile is still free.
    pub village: f32,
}

impl Prospects {
    /// Every term, each with its name, in a fixed order.
    pub fn terms(&self) -> [(ProspectTerm, f32); 9] {
        [
            (ProspectTerm::Score, self.score),
            (ProspectTerm::Goods, self.goods),
            (ProspectTerm::Branches, self.branches),
            (ProspectTerm::Characters, self.characters),
            (ProspectTerm::Coins, self.coins),
            (ProspectTerm::Workers, self.workers),
            (ProspectTerm::Family, self.family),
            (ProspectTerm::Buildings, self.buildings),
            (ProspectTerm::Village, self.village),
        ]
    }

    /// The prospects in one number.
    pub fn total(&self) -> f32 {
        self.terms().iter().map(|(_, value)| value).sum()
    }
}

/// The name of one term of [`Prospects`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProspectTerm {
    /// [`Prospects::score`].
    Score,
    /// [`Prospects::goods`].
    Goods,
    /// [`Prospects::branches`].
    Branches,
    /// [`Prospects::characters`].
    Characters,
    /// [`Prospects::coins`].
    Coins,
    /// [`Prospects::workers`].
    Workers,
    /// [`Prospects::family`].
    Family,
    /// [`Prospects::buildings`].
    Buildings,
    /// [`Prospects::village`].
    Village,
}

/// One player's prospects, in victory points.
pub fn prospects(position: &Position, seat: Seat, weights: &Weights) -> f32 {
    prospect_terms(position, seat, weights).total()
}

/// One player's prospects, term by term.
pub fn prospect_terms(position: &Position, seat: Seat, weights: &Weights) -> Prospects {
    let player = position.player(seat);
    let (all, awake) = workers(position, seat);
    let undelivered = GoodSet(!player.delivered.0);
    let possible = GoodSet(makeable(&all).0 & undelivered.0);
    let ready = GoodSet(makeable(&awake).0 & undelivered.0);
    let mut terms = Prospects {
        score: helvetia_engine::score(position, seat).total as f32,
        ..Prospects::default()
    };
    for good in possible.iter() {
        terms.goods += weights.deliverable;
        if let (Some(index), Some(points)) = (good.good_tile_index(), good.good_tile_points()) {
            if position.good_tiles[index].is_none() {
                terms.goods += weights.tile_bonus * points as f32;
            }
        }
        if ready.contains(good) {
            terms.goods += weights.ready;
        }
    }
    for branch in Branch::ALL {
        if position.branch_tiles[branch.index()].is_none() {
            let goods = branch.goods();
            let done = GoodSet(player.delivered.0 & goods.0).len() as f32;
            let share = done / goods.len() as f32;
            terms.branches += weights.branch_progress * branch.points() as f32 * share * share;
        }
    }
    if position.options.character_tiles {
        for character in Character::ALL {
            let mine = player.on_characters[character.index()];
            let lead = mine > 0
                && position.options.seats().all(|s| {
                    s == seat || position.player(s).on_characters[character.index()] < mine
                });
            let holder = position.character_tiles[character.index()].holder;
            if lead && holder != Some(seat) {
                terms.characters += weights.character_lead;
            }
        }
    }
    let coins = player.hand + player.arriving;
    if !player.passed {
        terms.coins = weights.coin * coins as f32;
    }
    let awake_count: u8 = awake.0.iter().sum();
    let all_count: u8 = all.0.iter().sum();
    terms.workers = weights.awake_worker * awake_count as f32
        + weights.sleeping_worker * (all_count - awake_count) as f32;
    let village = position.village(VillageId::Player(seat));
    let couples = village.buildings().filter(|(_, b)| b.is_couple()).count();
    let unattached = village.centre_villagers.iter().sum::<u8>() + player.school.iter().sum::<u8>();
    terms.family = weights.couple * couples as f32 + weights.unattached * unattached as f32;
    let affordable = BuildingKind::ALL.into_iter().any(|kind| {
        kind.class() == BuildingClass::VictoryPoints
            && position.displayed(kind) > 0
            && !village.has_kind(kind)
            && coins > 0
            && coins_needed(kind.cost(), None, &awake) < coins
    });
    if affordable {
        terms.buildings = weights.affordable_vp_building;
    }
    if position.village_tiles.iter().any(|t| t.is_none())
        && !position.village_tiles.contains(&Some(seat))
    {
        let built = village.cells[..10].iter().filter(|c| c.is_some()).count();
        terms.village = weights.ring1_cell * built as f32;
    }
    terms
}

/// Every seat's prospects (unused seats are zero). A finished game counts only the score,
/// with a large bonus for the winners so that winning outweighs any margin.
pub fn evaluate(position: &Position, weights: &Weights) -> [f32; MAX_PLAYERS] {
    let mut values = [0.0; MAX_PLAYERS];
    if position.phase == Phase::GameOver {
        for standing in helvetia_engine::standings(position) {
            let win = if standing.rank == 1 { 100.0 } else { 0.0 };
            values[standing.seat.index()] = standing.points as f32 + win;
        }
        return values;
    }
    for seat in position.options.seats() {
        values[seat.index()] = prospects(position, seat, weights);
    }
    values
}

/// How good the position is for `seat` relative to the others: own prospects minus the mean of
/// the best opponent's and the average opponent's. Counting the leader stops a runaway; counting
/// the average keeps every opponent's gain a loss.
pub fn advantage(values: &[f32; MAX_PLAYERS], players: u8, seat: Seat) -> f32 {
    let others = (0..players as usize).filter(|&s| s != seat.index());
    let (mut best, mut sum, mut count) = (f32::MIN, 0.0, 0.0);
    for s in others {
        best = best.max(values[s]);
        sum += values[s];
        count += 1.0;
    }
    values[seat.index()] - 0.5 * (best + sum / count)
}
