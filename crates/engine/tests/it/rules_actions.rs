//! Fuhrmann, Nachtwächter, Pfarrer and Hebamme, with the rulebook's worked examples
//! (rulings 10, 13, 15–18).
use crate::common;
use common::*;
use helvetia_engine::*;
use BuildingKind::*;

/// Rulebook example: Red puts 2 coins on the Trader, makes wood and water, turns the water into
/// beer, delivers wood and beer, and takes the beer good tile as its first deliverer.
#[test]
fn rulebook_example_trader_delivers_wood_and_beer() {
    let mut s = Scenario::new(3);
    s.building(v(P0), (-1, -1), Holzfaeller, &[awake(v(P0), W)])
        .building(v(P0), (0, -1), Brunnenmeister, &[awake(v(P0), M)])
        .building(v(P0), (1, -1), Brauhaus, &[awake(v(P0), W)]);
    let mut game = s.hand(P0, 4).game();
    play_all(
        &mut game,
        &[
            Action::Begin(Character::Trader),
            Action::Work {
                village: v(P0),
                cell: cell(-1, -1),
                into: Good::Wood,
            },
            Action::Deliver(Good::Wood),
            Action::Begin(Character::Trader),
            Action::Work {
                village: v(P0),
                cell: cell(0, -1),
                into: Good::Water,
            },
            Action::Work {
                village: v(P0),
                cell: cell(1, -1),
                into: Good::Beer,
            },
            Action::Deliver(Good::Beer),
        ],
    );
    assert_eq!(
        game.to_move(),
        Some(P1),
        "nothing left to deliver: the turn ends by itself"
    );
    let p = game.position();
    assert_eq!(p.players[0].on_characters[Character::Trader.index()], 2);
    assert_eq!(
        p.players[0].delivered,
        GoodSet::of(&[Good::Wood, Good::Beer]),
        "beer without water first"
    );
    assert_eq!(
        p.good_tiles[Good::Beer.good_tile_index().unwrap()],
        Some(P0)
    );
    assert_eq!(game.score(P0).deliveries, 2);
    assert_eq!(game.score(P0).good_tiles, 1);
}

/// Rulebook example (Tauschgebäude): White has a Backhaus but no grain yard; his stone mason's
/// stone becomes grain on the Marktplatz, the grain bread in the Backhaus, and he delivers it.
#[test]
fn rulebook_example_backhaus_by_exchange() {
    let mut s = Scenario::new(3);
    s.building(v(P0), (-1, -1), Steinmetz, &[awake(v(P0), W)])
        .building(v(P0), (0, -1), Marktplatz, &[awake(v(P0), M)])
        .building(v(P0), (1, -1), Backhaus, &[awake(v(P0), W)]);
    let mut game = s.hand(P0, 4).game();
    play_all(
        &mut game,
        &[
            Action::Begin(Character::Trader),
            Action::Work {
                village: v(P0),
                cell: cell(-1, -1),
                into: Good::Stone,
            },
            Action::Work {
                village: v(P0),
                cell: cell(0, -1),
                into: Good::Grain,
            },
            Action::Work {
                village: v(P0),
                cell: cell(1, -1),
                into: Good::Bread,
            },
            Action::Deliver(Good::Bread),
        ],
    );
    assert!(game.position().players[0].delivered.contains(Good::Bread));
    for at in [(-1, -1), (0, -1), (1, -1)] {
        assert!(
            villager_at(&game, v(P0), at).iter().all(|v| !v.awake),
            "every villager used sleeps"
        );
    }
}

#[test]
fn trader_each_good_once_per_game_and_no_buying() {
    let mut s = Scenario::new(3);
    s.building(v(P0), (-1, -1), Holzfaeller, &[awake(v(P0), W)])
        .delivered(P0, &[Good::Wood]);
    let game = s.hand(P0, 4).game();
    assert!(
        !legal(&game).contains(&Action::Begin(Character::Trader)),
        "wood already delivered"
    );
    let mut s = Scenario::new(3);
    s.building(v(P0), (-1, -1), Holzfaeller, &[awake(v(P0), W)]);
    let mut game = s.hand(P0, 4).game();
    play_all(&mut game, &[Action::Begin(Character::Trader)]);
    assert!(legal(&game).iter().all(|a| !matches!(a, Action::Buy(_))));
}

#[test]
fn ruling_13_production_needs_an_awake_own_villager_in_any_village() {
    let mut s = Scenario::new(3);
    // P0's villager married into P1's Holzfäller; P1's own villager there; P0's sleeping one at home.
    s.building(
        v(P1),
        (-1, -1),
        Holzfaeller,
        &[awake(v(P1), M), awake(v(P0), W)],
    )
    .building(v(P0), (0, -1), Ziegelei, &[asleep(v(P0), W)])
    .building(v(P1), (0, -1), Steinmetz, &[awake(v(P1), M)]);
    let mut game = s.hand(P0, 4).game();
    play_all(&mut game, &[Action::Begin(Character::Trader)]);
    let works: Vec<Action> = legal(&game);
    assert_eq!(
        works,
        vec![Action::Work {
            village: v(P1),
            cell: cell(-1, -1),
            into: Good::Wood
        }]
    );
}

#[test]
fn ruling_13_complex_goods_need_their_input_at_the_same_moment() {
    let mut s = Scenario::new(3);
    s.building(v(P0), (1, -1), Kuhstall, &[awake(v(P0), W)]);
    let game = s.hand(P0, 4).game();
    assert!(
        !legal(&game).contains(&Action::Begin(Character::Trader)),
        "a cow shed alone makes nothing"
    );
}

/// Rulebook example: Red wakes the top-left quarter of his village: his brick maker, her yellow
/// husband, and his woodcutter on the left side (two quarters); the goat farm couple sleeps on.
#[test]
fn rulebook_example_night_watchman_quarter() {
    let mut s = Scenario::new(4);
    s.building(
        v(P0),
        (-1, -1),
        Ziegelei,
        &[asleep(v(P0), W), asleep(v(P1), M)],
    )
    .building(v(P0), (-1, 0), Holzfaeller, &[asleep(v(P0), M)])
    .building(
        v(P0),
        (0, -1),
        Steinmetz,
        &[awake(v(P0), W), awake(v(P2), M)],
    )
    .building(
        v(P0),
        (2, 1),
        Ziegenstall,
        &[asleep(v(P0), M), asleep(v(P3), W)],
    );
    let mut game = s.hand(P0, 2).game();
    watchman(&mut game, v(P0), Quarter::TopLeft);
    for at in [(-1, -1), (-1, 0), (0, -1)] {
        assert!(
            villager_at(&game, v(P0), at).iter().all(|v| v.awake),
            "{at:?} wakes"
        );
    }
    assert!(
        villager_at(&game, v(P0), (2, 1)).iter().all(|v| !v.awake),
        "the goat farm is not in that quarter"
    );
}

#[test]
fn ruling_16_night_watchman_wakes_a_quarter_of_any_village() {
    let mut s = Scenario::new(3);
    s.building(v(P2), (2, 0), Holzfaeller, &[asleep(v(P2), M)]);
    let mut game = s.hand(P0, 1).game();
    assert!(legal(&game).contains(&Action::Begin(Character::NightWatchman)));
    play_all(&mut game, &[Action::Begin(Character::NightWatchman)]);
    let quarters = |village, quarters: &[Quarter]| -> Vec<Action> {
        quarters
            .iter()
            .map(|&quarter| Action::Wake { village, quarter })
            .collect()
    };
    assert_eq!(
        legal(&game),
        quarters(v(P2), &[Quarter::TopRight, Quarter::BottomRight]),
        "a right-side cell is in both right quarters; other villages have nobody asleep"
    );
    play_all(
        &mut game,
        &[Action::Wake {
            village: v(P2),
            quarter: Quarter::BottomRight,
        }],
    );
    assert!(villager_at(&game, v(P2), (2, 0))[0].awake);
}

/// "Ein Spieler darf nur Münzen auf eine Persönlichkeit setzen, wenn er deren Funktion nutzt."
/// "Der Nachtwächter ist die einzige Möglichkeit, um schlafende Dorfbewohner zu wecken." A Night
/// Watchman coin must wake at least one sleeping villager: a quarter where nobody sleeps, or
/// one without buildings, is no use of the Night Watchman.
#[test]
fn ruling_08_night_watchman_must_wake_someone() {
    // The reported case: round 1 of a 3-player game, nobody asleep. No coin on the Night
    // Watchman, and no wake of the empty bottom-right quarter.
    let mut game = Game::new(GameOptions::for_players(3), 7);
    while !matches!(game.position().phase, Phase::Turn { .. }) {
        let first = legal(&game)[0];
        play_all(&mut game, &[first]);
    }
    assert!(game
        .position()
        .villages
        .iter()
        .flat_map(|village| village.buildings())
        .all(|(_, b)| b.villagers.iter().all(|v| v.awake)));
    assert!(!legal(&game).contains(&Action::Begin(Character::NightWatchman)));
    let seat = game.to_move().unwrap();
    let before = game.clone();
    for action in [
        Action::Begin(Character::NightWatchman),
        Action::Wake {
            village: v(seat),
            quarter: Quarter::BottomRight,
        },
    ] {
        assert!(game.play(action).is_err(), "{action:?} refused");
    }
    assert_eq!(game, before);

    // One sleeper: one coin can wake it, a second coin has nothing left to wake, and the tile
    // cannot be used on an awake village either.
    let mut s = Scenario::new(3);
    s.building(v(P1), (-1, -1), Holzfaeller, &[asleep(v(P1), W)])
        .building(v(P1), (2, 1), Ziegelei, &[awake(v(P1), M)])
        .tile(Character::NightWatchman, P0);
    let mut game = s.hand(P0, 3).game();
    play_all(&mut game, &[Action::Begin(Character::NightWatchman)]);
    assert_eq!(
        legal(&game),
        vec![Action::Wake {
            village: v(P1),
            quarter: Quarter::TopLeft,
        }],
        "only the quarter where someone sleeps; the bottom-right one is awake"
    );
    play_all(
        &mut game,
        &[Action::Wake {
            village: v(P1),
            quarter: Quarter::TopLeft,
        }],
    );
    assert_eq!(
        game.to_move(),
        Some(P1),
        "nothing left to wake: no second coin, no tile action; the turn ended by itself"
    );
    assert_eq!(game.position().players[0].hand, 2);

    // The tile first: it wakes the only sleeper, and then no coin can go anywhere. The player
    // has no legal action but a pass, and is out for the round (ruling 8).
    let mut s = Scenario::new(3);
    s.building(v(P1), (-1, -1), Holzfaeller, &[asleep(v(P1), W)])
        .tile(Character::NightWatchman, P0);
    let mut game = s.hand(P0, 2).game();
    play_all(
        &mut game,
        &[
            Action::UseTile(Character::NightWatchman),
            Action::Wake {
                village: v(P1),
                quarter: Quarter::TopLeft,
            },
        ],
    );
    assert_eq!(legal(&game), vec![Action::Pass]);
    play_all(&mut game, &[Action::Pass]);
    assert!(game.position().players[0].passed);
    assert_eq!(game.position().players[0].hand, 2);
}

/// Rulebook example with three villages: White's schoolboy can only marry Blue's market woman;
/// White's unattached woman may choose among Red's woodcutter and Blue's two men, and takes
/// Blue's farmer. Blue's centre held a white and a red coin: White takes both, the white one to
/// use from his next turn, the red one into his own centre.
#[test]
fn rulebook_example_priest_three_villages() {
    let white = P0;
    let (red, blue) = (P1, P2);
    let mut s = Scenario::new(4);
    s.school(white, 0, 1)
        .centre(v(white), 1, 0)
        .building(v(red), (-1, -1), Holzfaeller, &[asleep(v(red), M)])
        .building(v(blue), (-1, -1), Marktplatz, &[awake(v(blue), W)])
        .building(v(blue), (0, -1), Brunnenmeister, &[awake(v(blue), M)])
        .building(v(blue), (1, -1), Getreidehof, &[asleep(v(blue), M)])
        .dowry(v(blue), white, 1)
        .dowry(v(blue), red, 1);
    let mut game = s.hand(white, 2).game();
    play_all(&mut game, &[Action::Begin(Character::Priest)]);
    let from_school: Vec<Action> = legal(&game)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Marry {
                    from: Unattached::School,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(
        from_school,
        vec![Action::Marry {
            from: Unattached::School,
            sex: M,
            village: v(blue),
            cell: cell(-1, -1)
        }]
    );
    let from_centre = legal(&game)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Marry {
                    from: Unattached::Centre,
                    ..
                }
            )
        })
        .count();
    assert_eq!(
        from_centre, 3,
        "red woodcutter, blue well keeper, blue farmer"
    );
    play_all(
        &mut game,
        &[
            Action::Marry {
                from: Unattached::School,
                sex: M,
                village: v(blue),
                cell: cell(-1, -1),
            },
            Action::TakeDowry(white),
        ],
    );
    assert_eq!(
        game.position().players[0].hand,
        1,
        "the won-back coin is not usable in this turn"
    );
    assert_eq!(game.position().players[0].arriving, 1);
    play_all(
        &mut game,
        &[
            Action::Begin(Character::Priest),
            Action::Marry {
                from: Unattached::Centre,
                sex: W,
                village: v(blue),
                cell: cell(1, -1),
            },
        ],
    );
    let p = game.position();
    assert_eq!(
        p.village(v(white)).centre_coins[red.index()],
        1,
        "a foreign coin goes into the centre"
    );
    assert_eq!(
        p.players[0].hand, 1,
        "the turn ended: the white coin is in hand for the next turn"
    );
    assert_eq!(
        villager_at(&game, v(blue), (1, -1)),
        vec![asleep(v(blue), M), awake(v(white), W)]
    );
}

#[test]
fn ruling_17_priest_never_marries_into_own_village_a_couple_or_the_same_sex() {
    let mut s = Scenario::new(3);
    s.centre(v(P0), 1, 1)
        .building(v(P0), (-1, -1), Holzfaeller, &[awake(v(P0), M)])
        .building(
            v(P1),
            (0, -1),
            Ziegelei,
            &[awake(v(P1), W), asleep(v(P2), M)],
        )
        .building(v(P1), (1, -1), Steinmetz, &[asleep(v(P1), M)])
        .building(v(P2), (0, -1), Ziegelei, &[asleep(v(P2), W)]);
    let mut game = s.hand(P0, 2).game();
    play_all(&mut game, &[Action::Begin(Character::Priest)]);
    assert_eq!(
        legal(&game),
        vec![
            Action::Marry {
                from: Unattached::Centre,
                sex: W,
                village: v(P1),
                cell: cell(1, -1)
            },
            Action::Marry {
                from: Unattached::Centre,
                sex: M,
                village: v(P2),
                cell: cell(0, -1)
            },
        ],
        "not the own man at home, not the couple; sleeping partners marry too"
    );
    play_all(
        &mut game,
        &[Action::Marry {
            from: Unattached::Centre,
            sex: M,
            village: v(P2),
            cell: cell(0, -1),
        }],
    );
    assert!(
        villager_at(&game, v(P2), (0, -1))[1].awake,
        "the married villager stands awake"
    );
}

#[test]
fn ruling_18_midwife_one_child_per_couple_per_turn_in_own_village() {
    let mut s = Scenario::new(3);
    s.building(
        v(P0),
        (-1, -1),
        Holzfaeller,
        &[asleep(v(P0), W), asleep(v(P1), M)],
    )
    .building(
        v(P0),
        (0, -1),
        Ziegelei,
        &[awake(v(P0), M), awake(v(P2), W)],
    )
    .building(
        v(P1),
        (0, -1),
        Ziegelei,
        &[awake(v(P1), W), awake(v(P0), M)],
    );
    let mut game = s.hand(P0, 4).game();
    play_all(&mut game, &[Action::Begin(Character::Midwife)]);
    assert_eq!(
        legal(&game).len(),
        4,
        "two own-village couples, either sex; not the couple in P1's village"
    );
    play_all(
        &mut game,
        &[
            Action::Birth {
                cell: cell(-1, -1),
                sex: M,
            },
            Action::Begin(Character::Midwife),
        ],
    );
    assert_eq!(
        legal(&game),
        vec![
            Action::Birth {
                cell: cell(0, -1),
                sex: W
            },
            Action::Birth {
                cell: cell(0, -1),
                sex: M
            }
        ]
    );
    play_all(
        &mut game,
        &[Action::Birth {
            cell: cell(0, -1),
            sex: W,
        }],
    );
    assert_eq!(
        game.to_move(),
        Some(P1),
        "each couple one child per turn: nothing left, the turn ends"
    );
    let b = game.position().village(v(P0)).cells[cell(-1, -1).index()].unwrap();
    assert_eq!(b.newborns, [0, 1]);
    assert_eq!(
        game.position().players[0].supply[M.index()],
        8 - 2 - 1,
        "two men placed, one born"
    );
}

#[test]
fn ruling_18_newborns_can_do_nothing_and_go_to_school_at_round_end() {
    let mut s = Scenario::new(3);
    s.building(
        v(P0),
        (-1, -1),
        Holzfaeller,
        &[asleep(v(P0), W), asleep(v(P1), M)],
    )
    .newborns(v(P0), (-1, -1), 1, 0)
    .hand(P1, 0)
    .hand(P2, 0);
    let mut game = s.hand(P0, 1).game();
    watchman(&mut game, v(P0), Quarter::TopLeft);
    // P0 spent its last coin: nobody has coins, the round ends; the girl goes to school.
    assert_eq!(game.position().players[0].school, [1, 0]);
    assert_eq!(
        game.position().village(v(P0)).cells[cell(-1, -1).index()]
            .unwrap()
            .newborns,
        [0, 0]
    );
}

/// Rulebook example: Blue is the first to have delivered the whole middle branch (ore – iron –
/// cowbell) and takes its special tile (2 VP, the French text); a later deliverer gets nothing.
#[test]
fn rulebook_example_ore_branch_tile_to_the_first_and_good_tiles_only_to_the_first() {
    let blue = P0;
    let mut s = Scenario::new(3);
    s.building(v(blue), (-1, -1), Bergwerk, &[awake(v(blue), W)])
        .building(v(blue), (0, -1), Eisenhuette, &[awake(v(blue), M)])
        .building(v(blue), (1, -1), Glockengiesser, &[awake(v(blue), W)])
        .delivered(blue, &[Good::Ore, Good::Iron])
        .delivered(P1, &[Good::Cowbell, Good::Ore]);
    // P1 delivered the first cowbell (and took its tile) but has not completed the branch.
    s.pos.good_tiles[Good::Cowbell.good_tile_index().unwrap()] = Some(P1);
    let mut game = s.hand(blue, 3).game();
    play_all(
        &mut game,
        &[
            Action::Begin(Character::Trader),
            Action::Work {
                village: v(blue),
                cell: cell(-1, -1),
                into: Good::Ore,
            },
            Action::Work {
                village: v(blue),
                cell: cell(0, -1),
                into: Good::Iron,
            },
            Action::Work {
                village: v(blue),
                cell: cell(1, -1),
                into: Good::Cowbell,
            },
            Action::Deliver(Good::Cowbell),
        ],
    );
    let p = game.position();
    assert_eq!(p.branch_tiles[Branch::Ore.index()], Some(blue));
    assert_eq!(game.score(blue).branch_tiles, 2);
    assert_eq!(
        p.good_tiles[Good::Cowbell.good_tile_index().unwrap()],
        Some(P1),
        "the cowbell tile stays with its first deliverer"
    );
    assert_eq!(game.score(blue).good_tiles, 0);
    assert_eq!(game.score(blue).deliveries, 3);
}

#[test]
fn engine_work_steps_never_strand_a_produced_good() {
    // Grain is delivered already and there is no cow shed or baker: the grain yard may not work.
    let mut s = Scenario::new(3);
    s.building(v(P0), (-1, -1), Getreidehof, &[awake(v(P0), W)])
        .building(v(P0), (0, -1), Holzfaeller, &[awake(v(P0), M)])
        .delivered(P0, &[Good::Grain]);
    let mut game = s.hand(P0, 3).game();
    play_all(&mut game, &[Action::Begin(Character::Trader)]);
    assert_eq!(
        legal(&game),
        vec![Action::Work {
            village: v(P0),
            cell: cell(0, -1),
            into: Good::Wood
        }]
    );
}
