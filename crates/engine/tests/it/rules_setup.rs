//! Components, the village grid, and setting up (rulings 1–6, 21).
use crate::common;
use common::*;
use helvetia_engine::*;
use BuildingKind::*;

fn draft_options(players: u8) -> GameOptions {
    GameOptions {
        players,
        setup: SetupMode::Draft,
        ..GameOptions::default()
    }
}

#[test]
fn components_54_tiles_16_villagers_6_coins_per_player() {
    let total: u32 = BuildingKind::ALL
        .iter()
        .map(|k| k.tiles().iter().map(|&t| u32::from(t)).sum::<u32>())
        .sum();
    assert_eq!(total, 54);
    let per_stack: [u32; 4] = std::array::from_fn(|i| {
        BuildingKind::ALL
            .iter()
            .map(|k| u32::from(k.tiles()[i]))
            .sum()
    });
    assert_eq!(per_stack, [15, 11, 17, 11]);
    for players in 2..=4 {
        let game = Game::new(draft_options(players), 3);
        let p = game.position();
        assert!(p
            .players
            .iter()
            .all(|pl| pl.hand == 6 && pl.supply == [8, 8]));
        assert!(game.check_invariants().is_ok());
    }
}

#[test]
fn ruling_21_stack_1_face_up_stacks_2_and_3_shuffled_from_the_seed() {
    let a = Game::new(draft_options(3), 1);
    let b = Game::new(draft_options(3), 2);
    let again = Game::new(draft_options(3), 1);
    let p = a.position();
    assert_eq!(p.display.iter().map(|&n| u32::from(n)).sum::<u32>(), 11);
    assert_eq!(
        [
            p.displayed(Bergwerk),
            p.displayed(Kuhstall),
            p.displayed(Ziegenstall),
            p.displayed(Marktplatz)
        ],
        [3, 3, 3, 2]
    );
    assert_eq!((p.stack2.len(), p.stack3.len()), (17, 11));
    assert_eq!(
        a.position().stack2,
        again.position().stack2,
        "same seed, same deal"
    );
    assert_ne!(
        a.position().stack2,
        b.position().stack2,
        "another seed, another order"
    );
    assert!(
        a.view().position.stack2.is_empty() && a.view().position.stack3.is_empty(),
        "the order is hidden"
    );
    assert_eq!((a.view().stack2_size, a.view().stack3_size), (17, 11));
}

#[test]
fn grid_ring1_has_10_cells_ring2_18_and_side_cells_lie_in_two_quarters() {
    assert_eq!(Cell::ring1().count(), 10);
    assert_eq!(Cell::ring2().count(), 18);
    let quarters = |x, y| {
        Quarter::ALL
            .iter()
            .filter(|&&q| cell(x, y).in_quarter(q))
            .count()
    };
    assert_eq!(quarters(-1, 0), 2, "left of the centre");
    assert_eq!(quarters(2, 0), 2, "right of the centre");
    assert_eq!(quarters(-1, -1), 1, "corner");
    assert_eq!(quarters(0, -1), 1, "top");
    assert_eq!(quarters(1, 1), 1, "bottom");
    assert!(cell(0, -1).in_quarter(Quarter::TopLeft) && cell(1, -1).in_quarter(Quarter::TopRight));
}

#[test]
fn ruling_03_draft_snake_order_and_each_type_once() {
    for players in [3u8, 4] {
        let mut game = Game::new(draft_options(players), 11);
        let s = game.position().start_player.0;
        let n = players;
        let mut order = Vec::new();
        while matches!(game.position().phase, Phase::Draft { .. }) {
            let seat = game.to_move().unwrap();
            order.push(seat.0);
            let held = game.position().player(seat).start_buildings;
            for action in game.legal_actions() {
                if let Action::DraftPick(kind) = action {
                    assert_eq!(held[kind.start_index().unwrap()], 0, "a type at most once");
                }
            }
            let action = game.legal_actions()[0];
            game.play(action).unwrap();
        }
        let prev = |k: u8| (s + n * 3 - k) % n;
        let next = |k: u8| (s + k) % n;
        let mut expected: Vec<u8> = (0..n).map(prev).collect();
        expected.extend((1..=n).map(next));
        expected.extend((0..n).map(prev));
        assert_eq!(
            order, expected,
            "pass 1 clockwise from the start player, pass 2 back, pass 3 again"
        );
        assert_eq!(
            game.position().start_player,
            Seat(*order.last().unwrap()),
            "whoever chose last starts"
        );
        assert_eq!(game.position().start_player.0, next(1));
        let pool: u8 = game.position().boxed.iter().sum();
        assert_eq!(pool, 15 - 3 * n, "unchosen buildings go back to the box");
    }
}

#[test]
fn ruling_01_clockwise_mirrors_the_draft_and_the_order_of_play() {
    let options = GameOptions {
        direction: Direction::Clockwise,
        ..draft_options(4)
    };
    assert_eq!(options.next(Seat(1)), Seat(0));
    assert_eq!(options.previous(Seat(1)), Seat(2));
    let mut game = Game::new(options, 11);
    let s = game.position().start_player.0;
    let first = game.to_move().unwrap();
    let action = game.legal_actions()[0];
    game.play(action).unwrap();
    assert_eq!(first.0, s);
    assert_eq!(
        game.to_move().unwrap().0,
        (s + 1) % 4,
        "pass 1 now runs counter-clockwise"
    );
}

#[test]
fn ruling_03_special_case_take_a_building_and_the_loser_chooses_again() {
    // Last pick of a 3-player draft: the pool holds one Holzfäller and one Ziegelei, both of
    // which the last chooser already has.
    let mut game = Game::new(draft_options(3), 5);
    let mut pos = game.position().clone();
    let s = pos.start_player;
    let last = pos.options.next(s);
    let others: Vec<Seat> = pos.options.seats().filter(|&x| x != last).collect();
    pos.draft_pool = [1, 1, 0, 0, 0];
    pos.boxed = [1, 1, 1, 1, 1];
    pos.players[last.index()].start_buildings = [1, 1, 0, 0, 0];
    pos.players[others[0].index()].start_buildings = [0, 0, 1, 1, 1];
    pos.players[others[1].index()].start_buildings = [0, 0, 1, 1, 1];
    pos.phase = Phase::Draft {
        pick: 8,
        repick: None,
    };
    game = Game::from_position(pos).unwrap();
    assert_eq!(game.to_move(), Some(last));
    let takes = legal(&game);
    assert!(takes.iter().all(|a| matches!(a, Action::DraftTake { .. })));
    assert_eq!(takes.len(), 6, "any of the two others' three buildings");
    play_all(
        &mut game,
        &[Action::DraftTake {
            from: others[0],
            kind: Steinmetz,
        }],
    );
    assert_eq!(game.to_move(), Some(others[0]), "the loser chooses again");
    assert_eq!(
        legal(&game),
        vec![Action::DraftPick(Holzfaeller), Action::DraftPick(Ziegelei)]
    );
    play_all(&mut game, &[Action::DraftPick(Ziegelei)]);
    assert_eq!(
        game.position().start_player,
        others[0],
        "whoever chose last becomes start player"
    );
    assert!(matches!(game.position().phase, Phase::PlaceStart { .. }));
}

#[test]
fn ruling_04_letters_setup_deals_each_player_a_letter_set() {
    let options = GameOptions {
        setup: SetupMode::Letters,
        ..GameOptions::for_players(3)
    };
    let mut starts = std::collections::HashSet::new();
    for seed in 0..20 {
        let game = Game::new(options, seed);
        let p = game.position();
        starts.insert(p.start_player);
        assert!(matches!(p.phase, Phase::PlaceStart { .. }));
        let sets: Vec<[u8; 5]> = p.players.iter().map(|pl| pl.start_buildings).collect();
        for set in &sets {
            let kinds: Vec<BuildingKind> = BuildingKind::START
                .into_iter()
                .filter(|k| set[k.start_index().unwrap()] == 1)
                .collect();
            assert!(
                LETTER_SETS.iter().any(|letter| letter.to_vec() == kinds),
                "{kinds:?} is a letter set"
            );
        }
        assert!(game.check_invariants().is_ok());
    }
    assert!(starts.len() > 1, "a random start player");
}

/// "Jeder Spieler erhält zufällig eine Dorfmitte zugestellt und bekommt von den
/// Gebäudeplättchen die drei Gebäude, die den entsprechenden Buchstaben tragen. Die übrigen
/// Plättchen mit den Buchstaben werden zurück in die Schachtel gelegt." The letters deal from all
/// 15 lettered buildings, whatever the table size: three letters can hold one type three times
/// (e.g. three Brunnenmeister with 3 players), and every count stays in range on the way (a
/// debug build checks each subtraction).
#[test]
fn ruling_04_letters_deal_from_all_fifteen_start_buildings() {
    // Each type is on exactly three of the five letter sets, never twice on one.
    for kind in BuildingKind::START {
        let sets = LETTER_SETS.iter().filter(|set| set.contains(&kind)).count();
        assert_eq!(sets, 3, "{kind:?}");
    }
    let mut tripled = 0;
    for players in 2..=4u8 {
        let options = GameOptions {
            setup: SetupMode::Letters,
            ..GameOptions::for_players(players)
        };
        for seed in 0..60 {
            let game = Game::new(options, seed);
            let p = game.position();
            assert!(
                game.check_invariants().is_ok(),
                "{players} players, seed {seed}"
            );
            for kind in BuildingKind::START {
                let k = kind.start_index().unwrap();
                let held: u8 = p.players.iter().map(|pl| pl.start_buildings[k]).sum();
                let neutral = p.draft_pool[k];
                assert_eq!(held + neutral + p.boxed[k], 3, "{kind:?}: all three tiles");
                if players == 2 {
                    assert_eq!(held + neutral, 2, "each type twice in play (ruling 24)");
                } else {
                    assert_eq!(neutral, 0, "no pool left after the letters");
                }
                if held == 3 {
                    tripled += 1;
                }
            }
        }
    }
    assert!(tripled > 0, "some letter triples hold a type three times");
    // The reported case: 3 players, seed 2, three Brunnenmeister in play.
    let options = GameOptions {
        setup: SetupMode::Letters,
        ..GameOptions::for_players(3)
    };
    let p = Game::new(options, 2).position().clone();
    let k = BuildingKind::Brunnenmeister.start_index().unwrap();
    let held: u8 = p.players.iter().map(|pl| pl.start_buildings[k]).sum();
    assert_eq!((held, p.draft_pool[k], p.boxed[k]), (3, 0, 0));
}

fn finish_setup(options: GameOptions, seed: u64) -> Game {
    walk_until(options, seed, |g| {
        matches!(g.position().phase, Phase::Turn { .. })
    })
}

#[test]
fn ruling_05_three_villager_pairs_and_ruling_06_start_buildings_on_ring_1() {
    for players in 2..=4 {
        let game = finish_setup(draft_options(players), 21);
        let p = game.position();
        for seat in p.options.seats() {
            let village = p.village(v(seat));
            let own: Vec<_> = village.buildings().collect();
            assert_eq!(own.len(), 3);
            assert!(own
                .iter()
                .all(|(c, b)| c.ring() == 1 && b.villagers.as_slice()[0].owner == v(seat)));
            let own_sexes: Vec<Sex> = own
                .iter()
                .map(|(_, b)| b.villagers.as_slice()[0].sex)
                .collect();
            assert!(
                own_sexes.contains(&W) && own_sexes.contains(&M),
                "pair 1 puts a woman and a man on buildings"
            );
            let school = p.player(seat).school;
            assert_eq!(school[0] + school[1], 1, "pair 2: one to school");
            let centre = village.centre_villagers;
            assert_eq!(centre[0] + centre[1], 1, "pair 3: one into the centre");
            assert_eq!(p.player(seat).supply, [5, 5]);
            // Pair 3 married onto a building of the left neighbour (previous in play order).
            let left = v(p.options.previous(seat));
            let married = p
                .village(left)
                .buildings()
                .filter(|(_, b)| b.villagers.iter().any(|x| x.owner == v(seat)))
                .count();
            assert_eq!(married, 1);
        }
        assert!(p
            .village_ids()
            .flat_map(|id| p.village(id).buildings())
            .all(|(_, b)| b.villagers.iter().all(|x| x.awake)));
    }
}

#[test]
fn ruling_02_dowry_coins_to_the_two_players_on_the_right() {
    let game = finish_setup(draft_options(4), 8);
    let p = game.position();
    for seat in p.options.seats() {
        assert_eq!(p.player(seat).hand, 4);
        let centre = p.village(v(seat)).centre_coins;
        let left1 = p.options.previous(seat);
        let left2 = p.options.previous(left1);
        assert_eq!(
            (centre[left1.index()], centre[left2.index()]),
            (1, 1),
            "a coin from each of the two players to the left, for whom {seat} is to the right"
        );
        assert_eq!(centre.iter().sum::<u8>(), 2, "and no other");
    }
    let game = finish_setup(draft_options(3), 8);
    for seat in game.options().seats() {
        let centre = game.position().village(v(seat)).centre_coins;
        for other in game.options().seats() {
            let expected = u8::from(other != seat);
            assert_eq!(
                centre[other.index()],
                expected,
                "three players: one from each other player"
            );
        }
    }
}
