//! Baumeister (Builder): building, costs, buying materials, placement, moving in (rulings 7, 13, 14, 19).
use crate::common;
use common::*;
use helvetia_engine::*;
use BuildingKind::*;

fn builder_scenario() -> Scenario {
    let mut s = Scenario::new(3);
    s.building(v(P0), (0, -1), Steinmetz, &[awake(v(P0), W)])
        .building(v(P0), (1, -1), Ziegelei, &[awake(v(P0), M)])
        .display(&[Metzgerei]);
    s
}

/// Rulebook example: Yellow builds the Metzgerei (2 brick, 1 stone) with his stone mason, his
/// brick maker, and one brick bought for a coin: two coins on the Builder.
#[test]
fn rulebook_example_metzgerei_purchase() {
    let mut game = builder_scenario().hand(P0, 2).game();
    play_all(
        &mut game,
        &[Action::Begin(Character::Builder), Action::Build(Metzgerei)],
    );
    play_all(
        &mut game,
        &[
            Action::Work {
                village: v(P0),
                cell: cell(1, -1),
                into: Good::Brick,
            },
            Action::Pay(Good::Brick),
            Action::Work {
                village: v(P0),
                cell: cell(0, -1),
                into: Good::Stone,
            },
            Action::Pay(Good::Stone),
            Action::Buy(Good::Brick),
            Action::Place(cell(-1, -1)),
        ],
    );
    let p = game.position();
    assert_eq!(p.players[0].on_characters[Character::Builder.index()], 2);
    assert_eq!(p.players[0].hand, 0);
    assert!(p.village(v(P0)).has_kind(Metzgerei));
    assert!(
        villager_at(&game, v(P0), (0, -1)).iter().all(|v| !v.awake),
        "workers fall asleep"
    );
    assert!(villager_at(&game, v(P0), (1, -1)).iter().all(|v| !v.awake));
    assert_eq!(game.to_move(), Some(P1), "no coins left: the turn ends");
}

#[test]
fn ruling_07_no_coin_without_an_action_it_can_carry_out() {
    // One coin: the action coin alone cannot also buy the missing brick of the Metzgerei.
    let mut game = builder_scenario().hand(P0, 1).game();
    play_all(&mut game, &[Action::Begin(Character::Builder)]);
    assert!(!legal(&game).contains(&Action::Build(Metzgerei)));
    let mut game = builder_scenario().hand(P0, 2).game();
    play_all(&mut game, &[Action::Begin(Character::Builder)]);
    assert!(legal(&game).contains(&Action::Build(Metzgerei)));
    // Nobody to produce and a single coin: no building can be paid, so no coin on the Builder.
    let game = Scenario::new(3).hand(P0, 1).game();
    assert!(!legal(&game).contains(&Action::Begin(Character::Builder)));
    assert_eq!(
        legal(&game),
        vec![Action::Pass],
        "nobody asleep either: nothing to use a coin for, a forced pass (ruling 8)"
    );
}

#[test]
fn builder_may_build_entirely_with_coins_and_buy_a_good_twice() {
    let mut s = Scenario::new(3);
    s.display(&[Metzgerei]);
    let mut game = s.hand(P0, 4).game();
    play_all(
        &mut game,
        &[
            Action::Begin(Character::Builder),
            Action::Build(Metzgerei),
            Action::Buy(Good::Brick),
            Action::Buy(Good::Brick),
            Action::Buy(Good::Stone),
            Action::Place(cell(2, 1)),
        ],
    );
    assert_eq!(
        game.position().players[0].on_characters[Character::Builder.index()],
        4
    );
}

#[test]
fn builder_sells_only_wood_brick_and_stone() {
    let mut game = builder_scenario().hand(P0, 3).game();
    play_all(
        &mut game,
        &[Action::Begin(Character::Builder), Action::Build(Metzgerei)],
    );
    let bought: Vec<Good> = legal(&game)
        .into_iter()
        .filter_map(|action| match action {
            Action::Buy(good) => Some(good),
            _ => None,
        })
        .collect();
    assert!(
        !bought.is_empty(),
        "the Metzgerei's brick and stone can be bought"
    );
    assert!(bought.iter().all(|good| good.is_material()), "{bought:?}");
    for good in Good::ALL.into_iter().filter(|good| !good.is_material()) {
        let before = game.clone();
        assert!(
            game.play(Action::Buy(good)).is_err(),
            "{good:?} is not sold"
        );
        assert_eq!(game, before, "a refused purchase changes nothing");
    }
}

#[test]
fn builder_each_building_type_once_per_player() {
    let mut s = builder_scenario();
    s.building(v(P0), (2, 1), Metzgerei, &[]);
    let mut game = s.hand(P0, 5).game();
    play_all(&mut game, &[Action::Begin(Character::Builder)]);
    assert!(!legal(&game).contains(&Action::Build(Metzgerei)));
}

#[test]
fn ruling_13_bought_goods_cannot_be_exchanged() {
    // A Marktplatz worker but no producer: a bought good is never carried, so never exchanged.
    let mut s = Scenario::new(3);
    s.building(v(P0), (0, -1), Marktplatz, &[awake(v(P0), W)])
        .display(&[Metzgerei]);
    let mut game = s.hand(P0, 4).game();
    play_all(
        &mut game,
        &[
            Action::Begin(Character::Builder),
            Action::Build(Metzgerei),
            Action::Buy(Good::Stone),
        ],
    );
    assert!(
        legal(&game)
            .iter()
            .all(|a| !matches!(a, Action::Work { .. })),
        "nothing produced to exchange"
    );
}

#[test]
fn ruling_14_centre_villager_moves_into_the_new_building_awake() {
    let mut s = builder_scenario();
    s.centre(v(P0), 1, 1);
    let mut game = s.hand(P0, 3).game();
    play_all(
        &mut game,
        &[
            Action::Begin(Character::Builder),
            Action::Build(Metzgerei),
            Action::Buy(Good::Brick),
            Action::Buy(Good::Brick),
            Action::Work {
                village: v(P0),
                cell: cell(0, -1),
                into: Good::Stone,
            },
            Action::Pay(Good::Stone),
            Action::Place(cell(2, 1)),
        ],
    );
    assert_eq!(
        step(&game),
        Step::MoveIn {
            village: v(P0),
            cell: cell(2, 1)
        },
        "both sexes: the player chooses"
    );
    play_all(&mut game, &[Action::MoveIn(M)]);
    assert_eq!(villager_at(&game, v(P0), (2, 1)), vec![awake(v(P0), M)]);
    assert_eq!(game.position().village(v(P0)).centre_villagers, [1, 0]);
}

#[test]
fn ruling_14_victory_point_building_takes_nobody_from_the_centre() {
    let mut s = Scenario::new(3);
    s.centre(v(P0), 1, 0).display(&[Kirche]);
    let mut game = s.hand(P0, 5).game();
    play_all(
        &mut game,
        &[Action::Begin(Character::Builder), Action::Build(Kirche)],
    );
    for material in [Good::Wood, Good::Brick, Good::Stone, Good::Stone] {
        play_all(&mut game, &[Action::Buy(material)]);
    }
    play_all(&mut game, &[Action::Place(cell(0, 1))]);
    assert!(villager_at(&game, v(P0), (0, 1)).is_empty());
    assert_eq!(game.position().village(v(P0)).centre_villagers, [1, 0]);
    assert_eq!(game.score(P0).buildings, 3);
}

#[test]
fn ruling_14_a_just_built_building_serves_the_rest_of_the_action() {
    // Build a Ziegenstall; the centre woman moves in; with a second coin, she makes a goat...
    // here: build the Marktplatz, the centre villager moves in and exchanges ore into brick
    // for the second building.
    let mut s = Scenario::new(3);
    s.building(v(P0), (0, -1), Bergwerk, &[awake(v(P0), W)])
        .centre(v(P0), 0, 1)
        .display(&[Marktplatz]);
    let mut game = s.hand(P0, 6).game();
    play_all(
        &mut game,
        &[Action::Begin(Character::Builder), Action::Build(Marktplatz)],
    );
    for material in [Good::Wood, Good::Brick, Good::Stone] {
        play_all(&mut game, &[Action::Buy(material)]);
    }
    play_all(&mut game, &[Action::Place(cell(1, -1))]);

    assert_eq!(villager_at(&game, v(P0), (1, -1)), vec![awake(v(P0), M)]);
    play_all(
        &mut game,
        &[
            Action::Begin(Character::Builder),
            Action::Build(Kuhstall),
            Action::Work {
                village: v(P0),
                cell: cell(0, -1),
                into: Good::Ore,
            },
            Action::Work {
                village: v(P0),
                cell: cell(1, -1),
                into: Good::Brick,
            },
            Action::Pay(Good::Brick),
            Action::Buy(Good::Wood),
            Action::Place(cell(2, -1)),
        ],
    );
    assert!(game.position().village(v(P0)).has_kind(Kuhstall));
}

#[test]
fn ruling_14_ring_two_only_once_ring_one_is_full() {
    let mut s = Scenario::new(3);
    s.display(&[Bergwerk]);
    let game = s.hand(P0, 6).game();
    let mut g = game.clone();
    buy_bergwerk(&mut g);
    assert!(legal(&g)
        .iter()
        .all(|a| matches!(a, Action::Place(c) if c.ring() == 1)));
    assert_eq!(legal(&g).len(), 10);

    let mut s = Scenario::new(3);
    s.fill_ring1(
        v(P0),
        &[
            Muehle,
            Wirtshaus,
            Gemeindehaus,
            Kirche,
            Holzfaeller,
            Ziegelei,
            Steinmetz,
            Getreidehof,
            Brunnenmeister,
            Kuhstall,
        ],
    )
    .building(v(P0), (-1, -1), Muehle, &[]);
    s.display(&[Bergwerk]);
    let mut g = s.hand(P0, 6).game();
    buy_bergwerk(&mut g);
    assert!(legal(&g)
        .iter()
        .all(|a| matches!(a, Action::Place(c) if c.ring() == 2)));
    assert_eq!(legal(&g).len(), 18);
}

#[test]
fn ruling_19_village_completion_tiles_4_then_2_need_every_workplace_occupied() {
    let mut s = Scenario::new(3);
    let kinds = NINE_AROUND;
    s.fill_ring1(v(P0), &kinds);
    // The ninth building is a workplace: fill it, leave the tenth cell free, with a centre villager.
    s.occupy_workplaces(v(P0), W);
    s.centre(v(P0), 0, 1).display(&[Bergwerk]);
    let mut game = s.hand(P0, 6).game();
    assert_eq!(game.position().village_tiles, [None, None]);
    buy_bergwerk(&mut game);
    let free = legal(&game)[0];
    play_all(&mut game, &[free]);
    assert_eq!(
        game.position().village_tiles,
        [Some(P0), None],
        "the man moves in: complete"
    );
    assert_eq!(game.score(P0).village_tiles, 4);
}

#[test]
fn ruling_19_an_empty_workplace_keeps_the_village_incomplete() {
    let mut s = Scenario::new(3);
    s.fill_ring1(v(P0), &NINE_AROUND).display(&[Bergwerk]);
    let mut game = s.hand(P0, 6).game();
    buy_bergwerk(&mut game);
    let free = legal(&game)[0];
    play_all(&mut game, &[free]);
    assert!(game.position().village(v(P0)).ring1_full());
    assert_eq!(game.position().village_tiles, [None, None]);
}

#[test]
fn position_check_refuses_a_builder_owing_more_than_the_cost() {
    let mut game = builder_scenario().hand(P0, 3).game();
    play_all(
        &mut game,
        &[Action::Begin(Character::Builder), Action::Build(Metzgerei)],
    );
    let mut position = game.position().clone();
    if let Phase::Turn { turn, .. } = &mut position.phase {
        turn.step = Step::Pay {
            kind: Metzgerei,
            remaining: Cost {
                wood: 9,
                brick: 2,
                stone: 1,
            },
            carried: None,
        };
    }
    let errors = Game::from_position(position).unwrap_err();
    assert!(
        errors.iter().any(|e| e.problem.contains("more owed")),
        "{errors:?}"
    );
}

#[test]
fn position_check_refuses_a_decision_with_no_legal_action() {
    // A builder owing a brick with no coin and nobody to make it: stuck, so refused.
    let mut game = builder_scenario().hand(P0, 2).game();
    play_all(
        &mut game,
        &[Action::Begin(Character::Builder), Action::Build(Metzgerei)],
    );
    let mut position = game.position().clone();
    position.players[0].hand = 0;
    position.players[0].on_characters[Character::NightWatchman.index()] += 1;
    for building in position.villages[0].cells.iter_mut().flatten() {
        for villager in building.villagers.iter_mut() {
            villager.awake = false;
        }
    }
    let errors = Game::from_position(position).unwrap_err();
    assert_eq!(errors[0].problem, "the player to move has no legal action");
}
