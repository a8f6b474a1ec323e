//! The two-player game with the neutral village (rulings 24–27).
use crate::common;
use common::*;
use helvetia_engine::*;
use BuildingKind::*;

fn two() -> GameOptions {
    GameOptions::for_players(2)
}

#[test]
fn ruling_24_neutral_village_setup() {
    let mut game = walk_until(two(), 4, |g| {
        matches!(g.position().phase, Phase::PlaceNeutral { .. })
    });
    let p = game.position();
    let held: [u8; 5] =
        std::array::from_fn(|k| p.players.iter().map(|pl| pl.start_buildings[k]).sum());
    for (held, pool) in held.into_iter().zip(p.draft_pool) {
        assert_eq!(held + pool, 2, "each start type exactly twice in play");
    }
    let start = p.start_player;
    assert_eq!(
        game.to_move(),
        Some(p.options.next(start)),
        "the player who is not start player places first"
    );
    let first = legal(&game)[0];
    play_all(&mut game, &[first]);
    assert_eq!(game.to_move(), Some(start), "then alternately");
    let game = walk_until(two(), 4, |g| {
        matches!(g.position().phase, Phase::Turn { .. })
    });
    let p = game.position();
    let neutral = p.village(VillageId::Neutral);
    assert_eq!(neutral.buildings().count(), 4);
    let sexes: Vec<Sex> = neutral
        .buildings()
        .map(|(_, b)| b.villagers.as_slice()[0].sex)
        .collect();
    assert_eq!(
        sexes.iter().filter(|&&s| s == W).count(),
        2,
        "two neutral couples' worth: two women, two men"
    );
    assert_eq!(neutral.centre_villagers, [6, 6]);
    assert_eq!(
        neutral.centre_coins[..2],
        [1, 1],
        "one coin of each player in the neutral centre"
    );
    for seat in [P0, P1] {
        assert_eq!(p.player(seat).hand, 4);
        let other = Seat(1 - seat.0);
        assert_eq!(p.village(v(seat)).centre_coins[other.index()], 1);
        let married = p
            .village(v(other))
            .buildings()
            .filter(|(_, b)| b.villagers.iter().any(|x| x.owner == v(seat)))
            .count();
        assert_eq!(married, 1, "pair 3 marries into the other player's village");
    }
    assert!(p.neutral_coin_available);
}

fn neutral_scenario() -> Scenario {
    let mut s = Scenario::new(2);
    s.building(
        VillageId::Neutral,
        (-1, -1),
        Holzfaeller,
        &[awake(VillageId::Neutral, W)],
    )
    .building(
        VillageId::Neutral,
        (0, -1),
        Brunnenmeister,
        &[awake(VillageId::Neutral, M), asleep(v(P1), W)],
    )
    .building(v(P0), (-1, -1), Ziegelei, &[asleep(v(P0), W)]);
    s
}

#[test]
fn ruling_25_neutral_priest_marries_a_neutral_villager_into_own_village() {
    let mut s = neutral_scenario();
    s.dowry(v(P0), P1, 1);
    let mut game = s.hand(P0, 3).game();
    assert!(legal(&game).contains(&Action::NeutralPriest {
        sex: M,
        cell: cell(-1, -1)
    }));
    play_all(
        &mut game,
        &[Action::NeutralPriest {
            sex: M,
            cell: cell(-1, -1),
        }],
    );
    let p = game.position();
    assert!(!p.neutral_coin_available);
    assert_eq!(
        villager_at(&game, v(P0), (-1, -1))[1],
        awake(VillageId::Neutral, M)
    );
    assert_eq!(
        p.players[0].hand, 3,
        "the neutral coin replaces the player's own action"
    );
    assert_eq!(
        p.village(v(P0)).centre_coins[1],
        1,
        "the neutral village takes no dowry"
    );
    assert_eq!(game.to_move(), Some(P1));
    assert!(
        legal(&game)
            .iter()
            .all(|a| !matches!(a, Action::NeutralPriest { .. } | Action::NeutralBuild(_))),
        "once per round for both"
    );
}

#[test]
fn ruling_25_neutral_builder_builds_for_free_with_a_neutral_villager() {
    let mut s = neutral_scenario();
    s.display(&[Metzgerei]);
    let mut game = s.hand(P0, 0).hand(P1, 2).turn_of(P0).game();
    // P0 has no coins but may still take the neutral action.
    assert!(legal(&game).contains(&Action::Pass));
    play_all(
        &mut game,
        &[
            Action::NeutralBuild(Metzgerei),
            Action::Place(cell(1, -1)),
            Action::MoveIn(W),
        ],
    );
    assert!(game
        .position()
        .village(VillageId::Neutral)
        .has_kind(Metzgerei));
    assert_eq!(
        villager_at(&game, VillageId::Neutral, (1, -1)),
        vec![awake(VillageId::Neutral, W)]
    );
    assert_eq!(game.position().displayed(Metzgerei), 0);
}

/// The Night Watchman wakes a quarter of the neutral village; players' villagers married into it
/// work its buildings; neutral villagers never work (no action is offered for a building they
/// hold alone) and never fall asleep (the neutral husband stays awake when his wife works beside
/// him).
#[test]
fn ruling_26_players_use_neutral_buildings_neutral_villagers_do_nothing() {
    let mut s = neutral_scenario();
    s.building(v(P1), (0, -1), Brauhaus, &[awake(v(P1), M)]);
    let mut game = s.hand(P0, 1).hand(P1, 2).game();
    // P0 wakes P1's wife on the neutral well.
    watchman(&mut game, VillageId::Neutral, Quarter::TopLeft);
    assert_eq!(game.to_move(), Some(P1));
    assert!(villager_at(&game, VillageId::Neutral, (0, -1))[1].awake);
    play_all(&mut game, &[Action::Begin(Character::Trader)]);
    let water_at_the_neutral_well = Action::Work {
        village: VillageId::Neutral,
        cell: cell(0, -1),
        into: Good::Water,
    };
    assert_eq!(
        legal(&game),
        vec![water_at_the_neutral_well],
        "P1's wife works the neutral well; the neutral woodcutter alone does nothing"
    );
    play_all(
        &mut game,
        &[
            water_at_the_neutral_well,
            Action::Work {
                village: v(P1),
                cell: cell(0, -1),
                into: Good::Beer,
            },
            Action::Deliver(Good::Beer),
        ],
    );
    assert_eq!(
        game.position().players[1].delivered,
        GoodSet::of(&[Good::Beer])
    );
    assert_eq!(
        villager_at(&game, VillageId::Neutral, (0, -1)),
        vec![awake(VillageId::Neutral, M), asleep(v(P1), W)],
        "she sleeps after working; her neutral husband never sleeps"
    );
}

#[test]
fn ruling_26_neutral_village_never_takes_a_village_tile() {
    let mut s = Scenario::new(2);
    s.fill_ring1(
        VillageId::Neutral,
        &[
            Muehle,
            Wirtshaus,
            Gemeindehaus,
            Kirche,
            Muehle,
            Wirtshaus,
            Gemeindehaus,
            Kirche,
            Molkerei,
        ],
    )
    .display(&[Metzgerei]);
    s.occupy_workplaces(VillageId::Neutral, M);
    let mut game = s.hand(P0, 2).game();
    play_all(
        &mut game,
        &[
            Action::NeutralBuild(Metzgerei),
            Action::Place(cell(2, 1)),
            Action::MoveIn(W),
        ],
    );
    assert!(
        game.position().village(VillageId::Neutral).is_complete(),
        "surrounded and every workplace occupied"
    );
    assert_eq!(game.position().village_tiles, [None, None]);
}

#[test]
fn ruling_27_round_ends_when_one_colour_is_left_counting_the_neutral_coin() {
    // P0 has coins, P1 none, the neutral coin unused: two colours, play goes on to P1.
    let mut game = Scenario::new(2)
        .sleepers(v(P0))
        .hand(P0, 2)
        .hand(P1, 0)
        .game();
    play_all(
        &mut game,
        &[
            Action::Begin(Character::NightWatchman),
            Action::Wake {
                village: v(P0),
                quarter: Quarter::TopLeft,
            },
            Action::EndTurn,
        ],
    );
    assert_eq!(
        game.to_move(),
        Some(P1),
        "P1 has no coins but may take the neutral coin"
    );
    play_all(&mut game, &[Action::Pass]);
    assert_eq!(game.to_move(), Some(P0));
    // P0 spends the last coin: only the neutral colour is left; the start player token passes on.
    watchman(&mut game, v(P0), Quarter::BottomRight);
    let p = game.position();
    assert_eq!(p.round, 2);
    assert_eq!(
        p.start_player, P1,
        "the neutral colour was last: the other player starts"
    );
    assert!(
        p.neutral_coin_available,
        "the neutral coin is back for the new round"
    );
}

/// "… so muss er passen und scheidet für den Rest der laufenden Runde aus dem Spielgeschehen
/// aus." A player without coins who passes instead of taking the neutral coin is out for the
/// rest of the round: the neutral coin is not offered to them again.
#[test]
fn ruling_08_passing_is_for_the_rest_of_the_round_even_with_the_neutral_coin_unused() {
    let mut game = Scenario::new(2)
        .sleepers(v(P0))
        .hand(P0, 3)
        .hand(P1, 0)
        .game();
    watchman(&mut game, v(P0), Quarter::TopLeft);
    play_all(&mut game, &[Action::EndTurn]);
    assert_eq!(game.to_move(), Some(P1));
    let offered = legal(&game);
    assert!(offered.contains(&Action::Pass));
    assert!(
        offered
            .iter()
            .any(|a| matches!(a, Action::NeutralBuild(_) | Action::NeutralPriest { .. })),
        "without coins, the neutral coin may still be taken (ruling 25)"
    );
    play_all(&mut game, &[Action::Pass]);
    assert!(game.position().players[1].passed);
    watchman(&mut game, v(P0), Quarter::TopRight);
    play_all(&mut game, &[Action::EndTurn]);
    let p = game.position();
    assert!(p.neutral_coin_available, "nobody took the neutral coin");
    assert_eq!(p.round, 1, "P0's coin and the neutral coin: two colours");
    assert_eq!(
        game.to_move(),
        Some(P0),
        "P1 passed: no turn until the round ends"
    );
    watchman(&mut game, v(P0), Quarter::BottomLeft);
    let p = game.position();
    assert_eq!((p.round, p.start_player), (2, P1));
    assert!(!p.players[1].passed, "back in for the new round");
    assert!(p.neutral_coin_available);
}
