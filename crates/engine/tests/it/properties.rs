//! Properties of random legal play, for every table size, both setups and both directions.
//!
//! Random play must never panic (nor overflow a count: run these in a debug build too, as the
//! project's test script does), must always offer the player to move a legal action until the
//! game ends (at worst a forced `Pass`), and must keep every invariant: the engine's own
//! `check_invariants`, and the component counts restated here from the rulebook so that a bug
//! in the validator cannot hide a bug in the rules. Refused actions must leave the game exactly
//! as it was. Ruling 8 is restated too: a player with coins passes only when nothing else is
//! legal, a player who passed has no turn until the round ends, and every Night Watchman action
//! wakes somebody. The villager counts a game keeps beside its position ([`Census`]) must equal a
//! fresh count after every action.

use std::collections::HashSet;

use helvetia_engine::{
    Action, BuildingKind, Census, Character, Direction, Game, GameOptions, Good, Phase, Position,
    Seat, SetupMode, VillageId, ACTION_CAPACITY,
};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Building tiles in the box: every tile is somewhere at every moment.
const BUILDING_TILES: u32 = 54;
/// Per player: villagers, coins, cubes (one score cube and sixteen market cubes).
const VILLAGERS: u32 = 16;
const COINS: u32 = 6;
const CUBES: u32 = 17;

fn options_strategy() -> impl Strategy<Value = GameOptions> {
    (
        2u8..=4,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        // Random play has no natural end (ruling 28): a limit keeps every case short.
        (4u16..60).prop_map(Some),
        // Mostly the default target (it follows the tiles option), sometimes an explicit one.
        prop_oneof![3 => Just(None), 1 => (10u8..=30).prop_map(Some)],
    )
        .prop_map(
            |(players, letters, clockwise, tiles, round_limit, target_vp)| GameOptions {
                players,
                setup: if letters {
                    SetupMode::Letters
                } else {
                    SetupMode::Draft
                },
                character_tiles: tiles,
                target_vp,
                direction: if clockwise {
                    Direction::Clockwise
                } else {
                    Direction::CounterClockwise
                },
                round_limit,
                ..GameOptions::default()
            },
        )
}

/// The rulebook's component counts, checked directly on the position.
fn component_counts(p: &Position) -> Result<(), String> {
    let total_tiles: u32 = BuildingKind::ALL
        .iter()
        .map(|kind| kind.tiles().iter().map(|&n| u32::from(n)).sum::<u32>())
        .sum();
    if 1 + Good::ALL.len() as u32 != CUBES {
        return Err(format!("the component data has {} goods", Good::ALL.len()));
    }
    if total_tiles != BUILDING_TILES {
        return Err(format!(
            "the component data has {total_tiles} building tiles"
        ));
    }
    let mut tiles: u32 = p.display.iter().map(|&n| u32::from(n)).sum::<u32>()
        + p.stack2.len() as u32
        + p.stack3.len() as u32
        + p.draft_pool
            .iter()
            .chain(&p.boxed)
            .map(|&n| u32::from(n))
            .sum::<u32>();
    for seat in p.options.seats() {
        tiles += p
            .player(seat)
            .start_buildings
            .iter()
            .map(|&n| u32::from(n))
            .sum::<u32>();
    }
    for id in p.village_ids() {
        for (cell, building) in p.village(id).buildings() {
            tiles += 1;
            let people = building.villagers.as_slice();
            if people.len() > 2 {
                return Err(format!("{id} {cell}: {} villagers", people.len()));
            }
            if let [a, b] = people {
                if a.owner == b.owner {
                    return Err(format!("{id} {cell}: a couple of one player"));
                }
            }
        }
    }
    if tiles != BUILDING_TILES {
        return Err(format!("{tiles} building tiles, not {BUILDING_TILES}"));
    }
    for seat in p.options.seats() {
        let me = VillageId::Player(seat);
        let player = p.player(seat);
        let own = p.village(me);
        let mut villagers = u32::from(player.supply[0] + player.supply[1])
            + u32::from(player.school[0] + player.school[1])
            + u32::from(own.centre_villagers[0] + own.centre_villagers[1]);
        for (_, building) in own.buildings() {
            villagers += u32::from(building.newborns[0] + building.newborns[1]);
        }
        for id in p.village_ids() {
            for (_, building) in p.village(id).buildings() {
                villagers += building.villagers.iter().filter(|v| v.owner == me).count() as u32;
            }
        }
        if villagers != VILLAGERS {
            return Err(format!("{seat}: {villagers} villagers"));
        }
        let coins = u32::from(player.hand)
            + u32::from(player.arriving)
            + player
                .on_characters
                .iter()
                .map(|&n| u32::from(n))
                .sum::<u32>()
            + p.village_ids()
                .map(|id| u32::from(p.village(id).centre_coins[seat.index()]))
                .sum::<u32>();
        if coins != COINS {
            return Err(format!("{seat}: {coins} coins"));
        }
        // One cube marks the score and one waits for each good (checked above): a delivered
        // good's cube is on the market and counts one point. The delivered goods are a set, so
        // no good has two cubes out; what can go wrong is the count of points.
        let delivered = Good::ALL
            .iter()
            .filter(|&&good| player.delivered.contains(good))
            .count();
        let points = usize::from(helvetia_engine::score(p, seat).deliveries);
        if points != delivered {
            return Err(format!(
                "{seat}: {delivered} cubes on the market, {points} points for them"
            ));
        }
    }
    Ok(())
}

/// A few actions of every variant, legal somewhere, to try where they are not.
fn probe_actions() -> Vec<Action> {
    vec![
        Action::EndTurn,
        Action::Pass,
        Action::DraftPick(BuildingKind::Holzfaeller),
        Action::Build(BuildingKind::Kirche),
        Action::Buy(Good::Wood),
        Action::Pay(Good::Cowbell),
        Action::Deliver(Good::Milk),
        Action::TakeDowry(Seat(3)),
        Action::UseTile(helvetia_engine::Character::Midwife),
        Action::Begin(helvetia_engine::Character::Priest),
    ]
}

/// Villagers asleep on buildings, in every village.
fn sleepers(p: &Position) -> usize {
    p.village_ids()
        .flat_map(|id| p.village(id).buildings())
        .flat_map(|(_, b)| b.villagers.iter())
        .filter(|v| !v.awake)
        .count()
}

/// Plays a random game, checking everything after every decision. Returns the decisions made.
fn random_game(options: GameOptions, seed: u64, choices: u64) -> Result<usize, TestCaseError> {
    let mut game = Game::new(options, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(choices);
    let mut seen: Vec<Action> = probe_actions();
    let mut known: HashSet<Action> = seen.iter().copied().collect();
    let mut delivered_before = vec![0u32; options.players as usize];
    // Who passed this round, kept here apart from the engine's own flag (ruling 8).
    let mut passed = vec![false; options.players as usize];
    let mut round = game.position().round;
    let mut decisions = 0;
    while !game.is_over() {
        if game.position().round != round {
            round = game.position().round;
            passed.fill(false);
        }
        let legal = game.legal_actions();
        prop_assert!(
            game.to_move().is_some(),
            "decision {decisions}: nobody to move"
        );
        prop_assert!(
            !legal.is_empty(),
            "decision {decisions}: no legal action in {:?}",
            game.position().phase
        );
        prop_assert!(legal.len() <= ACTION_CAPACITY);
        let seat = game.to_move().expect("checked above");
        if let Phase::Turn { .. } = game.position().phase {
            prop_assert!(
                !passed[seat.index()],
                "decision {decisions}: {seat} passed this round but has a turn"
            );
            let hand = game.position().player(seat).hand;
            if legal.contains(&Action::Pass) && hand > 0 {
                prop_assert_eq!(
                    legal.as_slice(),
                    &[Action::Pass][..],
                    "a player with coins passes only when forced"
                );
            }
            if legal.contains(&Action::Begin(Character::NightWatchman)) {
                prop_assert!(
                    sleepers(game.position()) > 0,
                    "a Night Watchman coin for nobody"
                );
            }
        }
        for action in &legal {
            if known.insert(*action) {
                seen.push(*action);
            }
        }
        // Two actions seen elsewhere in the game but not legal here must be refused untouched.
        for _ in 0..2 {
            let probe = seen[(rng.next_u64() % seen.len() as u64) as usize];
            if !legal.contains(&probe) {
                let before = game.clone();
                prop_assert!(game.play(probe).is_err(), "accepted {probe:?}");
                prop_assert_eq!(&game, &before);
            }
        }
        let action = legal[(rng.next_u64() % legal.len() as u64) as usize];
        let asleep_before = sleepers(game.position());
        prop_assert!(game.play(action).is_ok(), "refused listed {action:?}");
        if let Action::Wake { .. } = action {
            prop_assert!(
                sleepers(game.position()) < asleep_before,
                "decision {decisions}: {action:?} woke nobody"
            );
        }
        if action == Action::Pass {
            passed[seat.index()] = true;
        }
        if let Err(errors) = game.check_invariants() {
            return Err(TestCaseError::fail(format!(
                "decision {decisions} after {action:?}: {errors:?}"
            )));
        }
        component_counts(game.position())
            .map_err(|e| TestCaseError::fail(format!("decision {decisions}: {e}")))?;
        // The counts the game carries from action to action are those of a fresh count.
        let census = game.census();
        prop_assert_eq!(
            census,
            &Census::of(game.position()),
            "decision {}: the census kept after {:?}",
            decisions,
            action
        );
        let asleep: usize = options.seats().map(|s| usize::from(census.asleep(s))).sum();
        prop_assert_eq!(asleep, sleepers(game.position()));
        for seat in options.seats() {
            let now = game.position().player(seat).delivered.len();
            prop_assert!(
                now >= delivered_before[seat.index()],
                "a cube left the market"
            );
            prop_assert_eq!(u32::from(game.score(seat).deliveries), now);
            delivered_before[seat.index()] = now;
        }
        decisions += 1;
    }
    prop_assert!(game.to_move().is_none());
    prop_assert!(game.legal_actions().is_empty());
    let before = game.clone();
    for action in probe_actions() {
        prop_assert!(
            game.play(action).is_err(),
            "a finished game accepted {action:?}"
        );
    }
    prop_assert_eq!(&game, &before);
    let standings = game.standings();
    prop_assert_eq!(standings.len(), options.players as usize);
    prop_assert_eq!(standings[0].rank, 1);
    Ok(decisions)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_legal_play_keeps_every_invariant(
        options in options_strategy(),
        seed in any::<u64>(),
        choices in any::<u64>(),
    ) {
        random_game(options, seed, choices)?;
    }
}

/// Every table size, setup and direction, whatever proptest happens to draw.
#[test]
fn every_configuration_plays_to_the_end() {
    for players in 2..=4u8 {
        for setup in [SetupMode::Draft, SetupMode::Letters] {
            for direction in [Direction::CounterClockwise, Direction::Clockwise] {
                for seed in 0..3u64 {
                    let options = GameOptions {
                        players,
                        setup,
                        direction,
                        character_tiles: seed != 1,
                        ..GameOptions::default()
                    };
                    let decisions = random_game(options, seed, seed ^ 0x5eed)
                        .unwrap_or_else(|e| panic!("{options:?} seed {seed}: {e}"));
                    assert!(decisions > 0);
                }
            }
        }
    }
}
