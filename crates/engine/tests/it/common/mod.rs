//! Hand-made positions for the rule tests: say what matters, and the builder puts every other
//! component (villagers, coins, tiles) where a legal position keeps them.
#![allow(dead_code)]

use helvetia_engine::*;

/// Nine buildings for ring 1 (the four victory point buildings and the five start kinds):
/// with them, one ring-1 cell stays free.
pub const NINE_AROUND: [BuildingKind; 9] = [
    BuildingKind::Muehle,
    BuildingKind::Wirtshaus,
    BuildingKind::Gemeindehaus,
    BuildingKind::Kirche,
    BuildingKind::Holzfaeller,
    BuildingKind::Ziegelei,
    BuildingKind::Steinmetz,
    BuildingKind::Getreidehof,
    BuildingKind::Brunnenmeister,
];

/// A position under construction, with the turn of seat 0 at a fresh decision.
pub struct Scenario {
    pub pos: Position,
    hands: [Option<u8>; 4],
}

pub const P0: Seat = Seat(0);
pub const P1: Seat = Seat(1);
pub const P2: Seat = Seat(2);
pub const P3: Seat = Seat(3);

pub fn v(seat: Seat) -> VillageId {
    VillageId::Player(seat)
}

pub fn cell(x: i8, y: i8) -> Cell {
    Cell::at(x, y).expect("a building cell")
}

pub fn awake(owner: VillageId, sex: Sex) -> Villager {
    Villager {
        owner,
        sex,
        awake: true,
    }
}

pub fn asleep(owner: VillageId, sex: Sex) -> Villager {
    Villager {
        owner,
        sex,
        awake: false,
    }
}

/// Indices of both sexes, for `[_; 2]` arrays.
const SEXES: [usize; 2] = [0, 1];

pub const W: Sex = Sex::Female;
pub const M: Sex = Sex::Male;

impl Scenario {
    /// `players` players, empty villages, round 1, seat 0 to move, seat 0 start player.
    pub fn new(players: u8) -> Scenario {
        Scenario::with_options(GameOptions::for_players(players))
    }

    pub fn with_options(options: GameOptions) -> Scenario {
        let game = Game::new(options, 1);
        let mut pos = game.position().clone();
        for village in &mut pos.villages {
            *village = Village::default();
        }
        pos.display = [0; 24];
        pos.stack2.clear();
        pos.stack3.clear();
        pos.draft_pool = [0; 5];
        pos.boxed = [0; 5];
        for player in &mut pos.players {
            *player = PlayerState::default();
        }
        pos.start_player = Seat(0);
        pos.neutral_coin_available = options.players == 2;
        pos.phase = Phase::Turn {
            seat: Seat(0),
            turn: TurnState::fresh(),
        };
        Scenario {
            pos,
            hands: [None; 4],
        }
    }

    /// Puts a building with these villagers on `(x, y)` of `village`.
    pub fn building(
        &mut self,
        village: VillageId,
        at: (i8, i8),
        kind: BuildingKind,
        people: &[Villager],
    ) -> &mut Self {
        let mut building = Building::new(kind);
        for &villager in people {
            building.villagers.push(villager);
        }
        self.pos.village_mut(village).cells[cell(at.0, at.1).index()] = Some(building);
        self
    }

    /// A sleeping villager of the village owner in each quarter of `village` (on a Holzfäller,
    /// Ziegelei, Steinmetz and Getreidehof at the four corners of ring 1), so that the Night
    /// Watchman has something to wake there (ruling 8).
    pub fn sleepers(&mut self, village: VillageId) -> &mut Self {
        let corners = [
            ((-1, -1), BuildingKind::Holzfaeller),
            ((2, -1), BuildingKind::Ziegelei),
            ((-1, 1), BuildingKind::Steinmetz),
            ((2, 1), BuildingKind::Getreidehof),
        ];
        for (at, kind) in corners {
            self.building(village, at, kind, &[asleep(village, Sex::Female)]);
        }
        self
    }

    /// Fills the free ring-1 cells of `village` with victory point buildings and, when those run
    /// out, empty-free buildings of `fillers`, so tests can reach ring 2.
    pub fn fill_ring1(&mut self, village: VillageId, fillers: &[BuildingKind]) -> &mut Self {
        let free: Vec<Cell> = Cell::ring1()
            .filter(|c| self.pos.village(village).cells[c.index()].is_none())
            .collect();
        for (cell, &kind) in free.into_iter().zip(fillers) {
            self.pos.village_mut(village).cells[cell.index()] = Some(Building::new(kind));
        }
        self
    }

    /// Puts one awake villager of the village owner, of `sex`, on every empty workplace.
    pub fn occupy_workplaces(&mut self, village: VillageId, sex: Sex) -> &mut Self {
        for building in self.pos.village_mut(village).cells.iter_mut().flatten() {
            if building.kind.is_workplace() && building.villagers.is_empty() {
                building.villagers.push(awake(village, sex));
            }
        }
        self
    }

    pub fn newborns(&mut self, village: VillageId, at: (i8, i8), women: u8, men: u8) -> &mut Self {
        let building = self.pos.village_mut(village).cells[cell(at.0, at.1).index()]
            .as_mut()
            .expect("building");
        building.newborns = [women, men];
        self
    }

    pub fn display(&mut self, kinds: &[BuildingKind]) -> &mut Self {
        for &kind in kinds {
            self.pos.display[kind.index()] += 1;
        }
        self
    }

    pub fn centre(&mut self, village: VillageId, women: u8, men: u8) -> &mut Self {
        self.pos.village_mut(village).centre_villagers = [women, men];
        self
    }

    pub fn school(&mut self, seat: Seat, women: u8, men: u8) -> &mut Self {
        self.pos.player_mut(seat).school = [women, men];
        self
    }

    /// A dowry coin of `colour` in `village`'s centre.
    pub fn dowry(&mut self, village: VillageId, colour: Seat, coins: u8) -> &mut Self {
        self.pos.village_mut(village).centre_coins[colour.index()] = coins;
        self
    }

    /// `hand` coins in hand; the rest of the six go onto the Night Watchman unless placed elsewhere.
    pub fn hand(&mut self, seat: Seat, hand: u8) -> &mut Self {
        self.hands[seat.index()] = Some(hand);
        self
    }

    pub fn on_character(&mut self, seat: Seat, character: Character, coins: u8) -> &mut Self {
        self.pos.player_mut(seat).on_characters[character.index()] = coins;
        self
    }

    pub fn delivered(&mut self, seat: Seat, goods: &[Good]) -> &mut Self {
        for &good in goods {
            self.pos.player_mut(seat).delivered.insert(good);
        }
        self
    }

    pub fn tile(&mut self, character: Character, holder: Seat) -> &mut Self {
        self.pos.character_tiles[character.index()].holder = Some(holder);
        self
    }

    pub fn turn_of(&mut self, seat: Seat) -> &mut Self {
        self.pos.phase = Phase::Turn {
            seat,
            turn: TurnState::fresh(),
        };
        self
    }

    pub fn start_player(&mut self, seat: Seat) -> &mut Self {
        self.pos.start_player = seat;
        self
    }

    /// Completes the position (supplies, coins, unused tiles) and checks it.
    pub fn game(&mut self) -> Game {
        let mut pos = self.pos.clone();
        let mut used = [[0u8; 2]; 5];
        let mut placed = [0u8; 24];
        for id in pos.village_ids().collect::<Vec<_>>() {
            let village = pos.village(id);
            for sex in SEXES {
                used[id.index()][sex] += village.centre_villagers[sex];
            }
            for (_, b) in village.buildings() {
                placed[b.kind.index()] += 1;
                for villager in &b.villagers {
                    used[villager.owner.index()][villager.sex.index()] += 1;
                }
                for sex in SEXES {
                    used[id.index()][sex] += b.newborns[sex];
                }
            }
        }
        for (player, used) in pos.players.iter_mut().zip(used) {
            for sex in SEXES {
                player.supply[sex] = 8 - used[sex] - player.school[sex];
            }
        }
        if pos.options.players == 2 {
            let neutral = &mut pos.villages[NEUTRAL];
            for sex in SEXES {
                neutral.centre_villagers[sex] += 8 - used[NEUTRAL][sex];
            }
        }
        for (seat, player) in pos.players.iter_mut().enumerate() {
            let in_centres: u8 = pos.villages.iter().map(|v| v.centre_coins[seat]).sum();
            let on_characters: u8 = player.on_characters.iter().sum();
            let free = 6 - in_centres - on_characters;
            let hand = self.hands[seat].unwrap_or(free);
            player.hand = hand;
            player.on_characters[Character::NightWatchman.index()] += free - hand;
        }
        for kind in BuildingKind::ALL {
            let [start, one, two, three] = kind.tiles();
            let mut left =
                start + one + two + three - placed[kind.index()] - pos.display[kind.index()];
            if let Some(k) = kind.start_index() {
                pos.boxed[k] = left;
                continue;
            }
            if one > 0 {
                pos.display[kind.index()] += left;
                continue;
            }
            while left > 0 {
                let in_two = pos.stack2.iter().filter(|&&k| k == kind).count() as u8;
                if in_two < two {
                    pos.stack2.push(kind);
                } else {
                    pos.stack3.push(kind);
                }
                left -= 1;
            }
        }
        match Game::from_position(pos) {
            Ok(game) => game,
            Err(errors) => panic!("scenario is not a legal position: {errors:#?}"),
        }
    }
}

/// A coin on the Night Watchman to wake `quarter` of `village`.
pub fn watchman(game: &mut Game, village: VillageId, quarter: Quarter) {
    play_all(
        game,
        &[
            Action::Begin(Character::NightWatchman),
            Action::Wake { village, quarter },
        ],
    );
}

/// A coin on the Builder for a Bergwerk bought outright (wood and stone), up to its placing.
pub fn buy_bergwerk(game: &mut Game) {
    play_all(
        game,
        &[
            Action::Begin(Character::Builder),
            Action::Build(BuildingKind::Bergwerk),
            Action::Buy(Good::Wood),
            Action::Buy(Good::Stone),
        ],
    );
}

/// Plays `actions` in order, panicking with the legal list if one is refused.
pub fn play_all(game: &mut Game, actions: &[Action]) {
    for &action in actions {
        if let Err(error) = game.play(action) {
            panic!("{error}\nlegal: {:#?}", game.legal_actions());
        }
    }
}

pub fn legal(game: &Game) -> Vec<Action> {
    game.legal_actions().to_vec()
}

pub fn villager_at(game: &Game, village: VillageId, at: (i8, i8)) -> Vec<Villager> {
    game.position().village(village).cells[cell(at.0, at.1).index()]
        .as_ref()
        .map(|b| b.villagers.as_slice().to_vec())
        .unwrap_or_default()
}

pub fn step(game: &Game) -> Step {
    match game.position().phase {
        Phase::Turn { turn, .. } => turn.step,
        other => panic!("not in a turn: {other:?}"),
    }
}

/// Plays random legal actions from a fresh game until `stop` holds (or the game ends).
pub fn walk_until(options: GameOptions, seed: u64, stop: impl Fn(&Game) -> bool) -> Game {
    let mut game = Game::new(options, seed);
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    while !game.is_over() && !stop(&game) {
        let legal = game.legal_actions();
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = legal[(state >> 33) as usize % legal.len()];
        game.play(action).unwrap();
    }
    game
}
