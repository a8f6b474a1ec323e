//! Turns, character tiles and the end of the round (rulings 7–12, 20–23).
use crate::common;
use common::*;
use helvetia_engine::*;
use BuildingKind::*;

/// Rulebook example of awarding: Yellow has more coins on the Builder than each other player,
/// Red on the Trader; nobody used the Night Watchman, so its tile stays with its holder; only White
/// used the Priest; Blue and Red tie on the Midwife, so its tile stays where it is.
#[test]
fn rulebook_example_character_tile_awarding() {
    let (yellow, red, white, blue) = (P0, P1, P2, P3);
    let mut s = Scenario::new(4);
    s.building(v(yellow), (-1, -1), Holzfaeller, &[awake(v(yellow), W)])
        .building(v(yellow), (0, -1), Steinmetz, &[awake(v(yellow), M)])
        .on_character(yellow, Character::Builder, 2)
        .dowry(v(red), yellow, 3)
        .on_character(red, Character::Builder, 1)
        .on_character(red, Character::Trader, 2)
        .on_character(red, Character::Midwife, 1)
        .dowry(v(white), red, 1)
        .on_character(white, Character::Priest, 1)
        .dowry(v(blue), white, 5)
        .on_character(blue, Character::Trader, 1)
        .on_character(blue, Character::Midwife, 1)
        .dowry(v(yellow), blue, 4)
        .tile(Character::NightWatchman, blue)
        .tile(Character::Midwife, yellow)
        .hand(yellow, 1)
        .hand(red, 1)
        .hand(white, 0)
        .hand(blue, 0);
    let mut game = s.game();
    // Yellow's last coin goes on the Builder: a Bergwerk paid with wood and stone.
    play_all(
        &mut game,
        &[
            Action::Begin(Character::Builder),
            Action::Build(Bergwerk),
            Action::Work {
                village: v(yellow),
                cell: cell(-1, -1),
                into: Good::Wood,
            },
            Action::Pay(Good::Wood),
            Action::Work {
                village: v(yellow),
                cell: cell(0, -1),
                into: Good::Stone,
            },
            Action::Pay(Good::Stone),
            Action::Place(cell(1, -1)),
        ],
    );
    let p = game.position();
    assert_eq!(p.round, 2, "only Red has coins left: the round ended");
    assert_eq!(
        p.start_player, red,
        "the last player with coins becomes start player"
    );
    let holder = |c: Character| p.character_tiles[c.index()].holder;
    assert_eq!(holder(Character::Builder), Some(yellow));
    assert_eq!(holder(Character::Trader), Some(red));
    assert_eq!(holder(Character::NightWatchman), Some(blue));
    assert_eq!(holder(Character::Priest), Some(white));
    assert_eq!(holder(Character::Midwife), Some(yellow));
    assert!(
        p.players.iter().all(|pl| pl.on_characters == [0; 5]),
        "step 2: coins return"
    );
    assert_eq!(p.players[0].hand, 3);
    assert_eq!(game.score(yellow).character_tiles, 2);
    assert_eq!(game.score(red).start_player, 1);
}

#[test]
fn ruling_08_no_coins_means_pass_and_coins_mean_no_pass() {
    let game = Scenario::new(3).sleepers(v(P1)).hand(P0, 2).game();
    assert!(!legal(&game).contains(&Action::Pass));
    assert!(
        !legal(&game).contains(&Action::EndTurn),
        "a turn needs at least one action"
    );
    // A player without coins is passed over.
    let mut game = Scenario::new(3)
        .sleepers(v(P1))
        .hand(P0, 1)
        .hand(P1, 0)
        .hand(P2, 1)
        .game();
    watchman(&mut game, v(P1), Quarter::TopLeft);
    assert_eq!(game.to_move(), Some(P2));
}

/// "Kommt ein Spieler an die Reihe und hat keine Münzen mehr, so muss er passen und scheidet für
/// den Rest der laufenden Runde aus dem Spielgeschehen aus." With coins and nothing they can be
/// used for, the player must pass too, and is out for the round like a player without coins.
#[test]
fn ruling_08_a_player_with_coins_and_no_legal_action_passes_and_is_out_for_the_round() {
    // Nobody sleeps, P0 has nobody to produce, marry or have children with, and one coin buys
    // no building: P0 has coins but no character whose function it could use.
    let mut s = Scenario::new(3);
    s.building(v(P1), (-1, -1), Holzfaeller, &[awake(v(P1), W)])
        .building(v(P2), (-1, -1), Ziegelei, &[awake(v(P2), W)])
        .hand(P0, 2)
        .hand(P1, 2)
        .hand(P2, 2);
    let mut game = s.game();
    assert_eq!(legal(&game), vec![Action::Pass], "a forced pass");
    play_all(&mut game, &[Action::Pass]);
    let p = game.position();
    assert!(p.players[0].passed);
    assert_eq!(p.players[0].hand, 2, "the coins stay in hand");
    assert_eq!(game.to_move(), Some(P1));
    let deliver = |village, good| {
        [
            Action::Begin(Character::Trader),
            Action::Work {
                village,
                cell: cell(-1, -1),
                into: good,
            },
            Action::Deliver(good),
        ]
    };
    play_all(&mut game, &deliver(v(P1), Good::Wood));
    play_all(&mut game, &deliver(v(P2), Good::Brick));
    // Now villagers sleep and P0's coins could wake them, but P0 is out for the round.
    assert_eq!(game.to_move(), Some(P1), "P0 is passed over");
    watchman(&mut game, v(P2), Quarter::TopLeft);
    let p = game.position();
    assert_eq!(
        (p.round, p.start_player),
        (2, P2),
        "P0's kept coins do not keep the round going: P2 is the last one in it"
    );
    assert!(
        p.players.iter().all(|pl| !pl.passed),
        "everyone is back in for the new round"
    );
    assert_eq!(
        p.players[0].hand, 6,
        "the two kept coins and the four returned from the Night Watchman"
    );
}

/// A lone `Pass` is a forced step (one a table may play for the player) only for a player
/// without coins: with coins in hand it throws them away for the round (ruling 8), so it waits
/// for the player, whether it comes at a fresh turn or after a tile action.
#[test]
fn ruling_08_a_lone_pass_with_coins_is_never_a_forced_step_and_without_coins_it_is() {
    let without_coins = Scenario::new(3).hand(P0, 0).game();
    assert_eq!(legal(&without_coins), vec![Action::Pass]);
    assert_eq!(forced_step(without_coins.position()), Some(Action::Pass));
    assert_eq!(without_coins.view().forced_step(), Some(Action::Pass));

    let with_coins = Scenario::new(3).hand(P0, 2).game();
    assert_eq!(legal(&with_coins), vec![Action::Pass]);
    assert_eq!(forced_step(with_coins.position()), None, "the coins wait");
    assert_eq!(with_coins.view().forced_step(), None, "in the view too");

    // After a tile action that woke the only sleeper, no coin can go anywhere.
    let mut s = Scenario::new(3);
    s.building(v(P1), (-1, -1), Holzfaeller, &[asleep(v(P1), W)])
        .tile(Character::NightWatchman, P0);
    let mut after_tile = s.hand(P0, 1).game();
    play_all(
        &mut after_tile,
        &[Action::UseTile(Character::NightWatchman)],
    );
    let wake = Action::Wake {
        village: v(P1),
        quarter: Quarter::TopLeft,
    };
    assert_eq!(legal(&after_tile), vec![wake]);
    assert_eq!(
        forced_step(after_tile.position()),
        Some(wake),
        "the one quarter to wake is forced"
    );
    play_all(&mut after_tile, &[wake]);
    assert_eq!(legal(&after_tile), vec![Action::Pass]);
    assert_eq!(forced_step(after_tile.position()), None);
    assert_eq!(after_tile.view().forced_step(), None);
}

#[test]
fn ruling_07_one_character_per_turn_one_coin_per_action() {
    let mut game = Scenario::new(3).sleepers(v(P1)).hand(P0, 3).game();
    let watchman_before =
        game.position().players[0].on_characters[Character::NightWatchman.index()];
    watchman(&mut game, v(P1), Quarter::TopRight);
    assert_eq!(
        legal(&game),
        vec![Action::Begin(Character::NightWatchman), Action::EndTurn]
    );
    play_all(
        &mut game,
        &[
            Action::Begin(Character::NightWatchman),
            Action::Wake {
                village: v(P1),
                quarter: Quarter::TopLeft,
            },
            Action::EndTurn,
        ],
    );
    assert_eq!(
        game.position().players[0].on_characters[Character::NightWatchman.index()],
        watchman_before + 2
    );
    assert_eq!(game.position().players[0].hand, 1);
    assert_eq!(game.to_move(), Some(P1));
}

#[test]
fn ruling_09_round_ends_when_at_most_one_player_has_coins() {
    let mut game = Scenario::new(4)
        .sleepers(v(P1))
        .hand(P0, 1)
        .hand(P1, 0)
        .hand(P2, 0)
        .hand(P3, 2)
        .game();
    watchman(&mut game, v(P1), Quarter::TopLeft);
    let p = game.position();
    assert_eq!(
        (p.round, p.start_player),
        (2, P3),
        "P3 never played this round but starts the next"
    );
    assert_eq!(game.to_move(), Some(P3));
}

#[test]
fn ruling_11_tile_gives_one_extra_action_before_or_after_without_a_coin() {
    let mut game = Scenario::new(3)
        .sleepers(v(P1))
        .tile(Character::NightWatchman, P0)
        .hand(P0, 2)
        .game();
    // Before: the tile action, then the regular action of another character.
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
    assert_eq!(
        game.position().players[0].hand,
        2,
        "tile actions place no coin"
    );
    assert!(
        !game.position().character_tiles[Character::NightWatchman.index()].face_up,
        "used: face down"
    );
    assert!(
        !legal(&game).contains(&Action::EndTurn),
        "the regular action is still owed"
    );
    assert!(
        !legal(&game).iter().any(|a| matches!(a, Action::UseTile(_))),
        "one tile per turn"
    );

    // After: regular actions, then the tile of another character closes the turn.
    let mut s = Scenario::new(3);
    s.centre(v(P0), 1, 0)
        .building(v(P1), (0, -1), Holzfaeller, &[awake(v(P1), M)])
        .building(v(P2), (0, -1), Holzfaeller, &[asleep(v(P2), M)])
        .tile(Character::Priest, P0);
    let mut game = s.hand(P0, 2).game();
    play_all(
        &mut game,
        &[
            Action::Begin(Character::NightWatchman),
            Action::Wake {
                village: v(P2),
                quarter: Quarter::TopLeft,
            },
            Action::UseTile(Character::Priest),
            Action::Marry {
                from: Unattached::Centre,
                sex: W,
                village: v(P1),
                cell: cell(0, -1),
            },
        ],
    );
    assert_eq!(
        game.to_move(),
        Some(P1),
        "nothing may follow a tile action of another character"
    );
    assert_eq!(game.position().players[0].hand, 1);
}

#[test]
fn ruling_11_same_character_tile_combines_with_the_regular_action() {
    let mut game = Scenario::new(3)
        .sleepers(v(P1))
        .tile(Character::NightWatchman, P0)
        .hand(P0, 2)
        .game();
    play_all(
        &mut game,
        &[
            Action::Begin(Character::NightWatchman),
            Action::Wake {
                village: v(P1),
                quarter: Quarter::TopLeft,
            },
            Action::UseTile(Character::NightWatchman),
            Action::Wake {
                village: v(P1),
                quarter: Quarter::TopRight,
            },
        ],
    );
    assert!(
        legal(&game).contains(&Action::Begin(Character::NightWatchman)),
        "combined: more coins may follow"
    );
}

#[test]
fn ruling_11_builder_tile_may_buy_with_coins_even_all_of_them() {
    let mut s = Scenario::new(3);
    s.display(&[Metzgerei]).tile(Character::Builder, P0);
    let mut game = s.hand(P0, 3).game();
    play_all(
        &mut game,
        &[
            Action::UseTile(Character::Builder),
            Action::Build(Metzgerei),
            Action::Buy(Good::Brick),
            Action::Buy(Good::Brick),
            Action::Buy(Good::Stone),
            Action::Place(cell(0, 1)),
        ],
    );
    let p = game.position();
    assert_eq!(
        p.players[0].on_characters[Character::Builder.index()],
        3,
        "bought goods' coins go on the Builder"
    );
    assert_eq!(
        game.to_move(),
        Some(P1),
        "no coins left: no regular action, the turn ends"
    );
}

#[test]
fn ruling_08_no_coins_no_tile() {
    let game = Scenario::new(3)
        .tile(Character::NightWatchman, P0)
        .hand(P0, 0)
        .turn_of(P0)
        .game();
    // P0 has no coins: it is not its turn to take (it would be passed over); legal is just Pass.
    assert_eq!(legal(&game), vec![Action::Pass]);
}

#[test]
fn ruling_12_tiles_face_up_again_and_kept_after_round_end() {
    let mut game = Scenario::new(3)
        .sleepers(v(P1))
        .tile(Character::NightWatchman, P0)
        .hand(P0, 1)
        .hand(P1, 0)
        .hand(P2, 0)
        .game();
    play_all(
        &mut game,
        &[
            Action::UseTile(Character::NightWatchman),
            Action::Wake {
                village: v(P1),
                quarter: Quarter::TopLeft,
            },
            Action::Begin(Character::NightWatchman),
            Action::Wake {
                village: v(P1),
                quarter: Quarter::BottomRight,
            },
        ],
    );
    let tile = game.position().character_tiles[Character::NightWatchman.index()];
    assert_eq!(
        tile,
        CharacterTile {
            holder: Some(P0),
            face_up: true
        }
    );
}

#[test]
fn ruling_20_school_villagers_return_by_choice_else_to_the_centre() {
    let mut s = Scenario::new(3);
    s.building(v(P0), (-1, -1), Holzfaeller, &[])
        .building(v(P0), (0, -1), Ziegelei, &[])
        .building(v(P0), (1, -1), Muehle, &[])
        .school(P0, 2, 1)
        .school(P1, 1, 0)
        .sleepers(v(P2))
        .hand(P0, 1)
        .hand(P1, 0)
        .hand(P2, 0);
    let mut game = s.game();
    watchman(&mut game, v(P2), Quarter::TopLeft);
    // Nobody else has coins: the round ends and P0 (start player now) chooses first.
    assert_eq!(game.position().phase, Phase::SchoolReturn { seat: P0 });
    assert_eq!(
        legal(&game).len(),
        4,
        "two sexes × two free workplaces; never the victory point building"
    );
    play_all(
        &mut game,
        &[
            Action::ReturnFromSchool {
                sex: M,
                cell: cell(0, -1),
            },
            Action::ReturnFromSchool {
                sex: W,
                cell: cell(-1, -1),
            },
        ],
    );
    let p = game.position();
    assert_eq!(
        p.village(v(P0)).centre_villagers,
        [1, 0],
        "no free building left: to the centre"
    );
    assert_eq!(
        p.village(v(P1)).centre_villagers,
        [1, 0],
        "P1 has no building: straight to the centre"
    );
    assert_eq!(p.players[0].school, [0, 0]);
    assert!(villager_at(&game, v(P0), (0, -1))[0].awake);
    assert_eq!(p.round, 2);
}

#[test]
fn ruling_20_five_new_buildings_from_stack_2_then_stack_3() {
    let mut game = Scenario::new(3)
        .sleepers(v(P2))
        .hand(P0, 1)
        .hand(P1, 0)
        .hand(P2, 0)
        .game();
    let before = game.position().clone();
    watchman(&mut game, v(P2), Quarter::TopLeft);
    let after = game.position();
    assert_eq!(after.stack2.len(), before.stack2.len() - 5);
    let mut drawn = [0u8; 24];
    for kind in &before.stack2[before.stack2.len() - 5..] {
        drawn[kind.index()] += 1;
    }
    for kind in BuildingKind::ALL {
        assert_eq!(
            after.display[kind.index()],
            before.display[kind.index()] + drawn[kind.index()],
            "the top five of stack 2"
        );
    }
    assert_eq!(
        after.display.iter().map(|&n| u32::from(n)).sum::<u32>(),
        before.display.iter().map(|&n| u32::from(n)).sum::<u32>() + 5
    );

    // With 2 left in stack 2, the other 3 come from stack 3.
    let mut s = Scenario::new(3);
    s.sleepers(v(P2)).hand(P0, 1).hand(P1, 0).hand(P2, 0);
    let mut pos = s.game().position().clone();
    while pos.stack2.len() > 2 {
        let kind = pos.stack2.pop().unwrap();
        pos.display[kind.index()] += 1;
    }
    let mut game = Game::from_position(pos).unwrap();
    watchman(&mut game, v(P2), Quarter::TopLeft);
    assert_eq!(game.position().stack2.len(), 0);
    assert_eq!(game.position().stack3.len(), 11 - 3);
}

#[test]
fn ruling_22_score_is_recomputed_and_can_fall() {
    let mut game = Scenario::new(3)
        .sleepers(v(P2))
        .start_player(P0)
        .hand(P0, 1)
        .hand(P1, 1)
        .hand(P2, 0)
        .game();
    assert_eq!(game.score(P0).start_player, 1);
    watchman(&mut game, v(P2), Quarter::TopLeft);
    assert_eq!(game.position().start_player, P1);
    assert_eq!(
        game.score(P0).start_player,
        0,
        "the token moved: the point is gone"
    );
    assert_eq!(
        game.position().players[1].score_track,
        game.score(P1).total,
        "step 5 adjusts the track"
    );
}

#[test]
fn ruling_23_game_ends_at_target_and_most_points_win() {
    let mut options = GameOptions::for_players(3);
    options.target_vp = Some(3);
    let mut s = Scenario::with_options(options);
    // P0 and P1 reach 3 VP (a victory point building each); P1 has more awake villagers.
    s.building(v(P0), (-1, -1), Kirche, &[])
        .building(v(P1), (-1, -1), Muehle, &[])
        .building(v(P1), (0, -1), Holzfaeller, &[awake(v(P1), W)])
        .sleepers(v(P2))
        .start_player(P2)
        .hand(P0, 1)
        .hand(P1, 0)
        .hand(P2, 0);
    let mut game = s.game();
    watchman(&mut game, v(P2), Quarter::TopLeft);
    assert!(game.is_over());
    let standings = game.standings();
    // P0 became start player (+1): 4 VP beats P1's 3, awake villagers or not.
    assert_eq!(
        (standings[0].seat, standings[0].points, standings[0].rank),
        (P0, 4, 1)
    );
    assert_eq!((standings[1].seat, standings[1].rank), (P1, 2));
}

/// P0 and P1 end on 3 VP, the target, each with a victory point building and a woodcutter:
/// P0's `p0_awake` woodcutter is awake or asleep, P1's is awake. P2 ends the game with its last
/// coin and takes the start player token (1 VP, below the target).
fn tie_on_points_at_the_target(p0_awake: bool) -> Vec<Standing> {
    let mut options = GameOptions::for_players(3);
    options.target_vp = Some(3);
    let p0_woodcutter = if p0_awake { awake } else { asleep };
    let mut s = Scenario::with_options(options);
    s.building(v(P0), (-1, -1), Kirche, &[])
        .building(v(P0), (0, -1), Holzfaeller, &[p0_woodcutter(v(P0), W)])
        .building(v(P1), (-1, -1), Muehle, &[])
        .building(v(P1), (0, -1), Holzfaeller, &[awake(v(P1), W)])
        .building(v(P2), (2, 1), Ziegelei, &[asleep(v(P2), M)])
        .start_player(P0)
        .hand(P0, 0)
        .hand(P1, 0)
        .hand(P2, 1)
        .turn_of(P2);
    let mut game = s.game();
    watchman(&mut game, v(P2), Quarter::BottomRight);
    assert!(game.is_over());
    let standings = game.standings();
    let points = |seat| standings.iter().find(|s| s.seat == seat).unwrap().points;
    assert_eq!((points(P0), points(P1), points(P2)), (3, 3, 1));
    standings
}

#[test]
fn ruling_23_a_tie_on_points_is_broken_by_awake_villagers() {
    let st = tie_on_points_at_the_target(false);
    assert_eq!(
        (st[0].seat, st[0].rank, st[1].seat, st[1].rank),
        (P1, 1, P0, 2),
        "P1 has one awake villager, P0 none"
    );
}

#[test]
fn ruling_23_a_tie_on_points_and_awake_villagers_is_a_shared_victory() {
    let st = tie_on_points_at_the_target(true);
    let winners: Vec<Seat> = st.iter().filter(|s| s.rank == 1).map(|s| s.seat).collect();
    assert_eq!(winners.len(), 2, "{st:?}");
    assert!(winners.contains(&P0) && winners.contains(&P1), "{st:?}");
    assert_eq!(st[2].seat, P2);
}

#[test]
fn ruling_28_round_limit_stops_the_game_and_ranks_by_the_usual_scoring() {
    let mut options = GameOptions::for_players(3);
    options.round_limit = Some(1);
    let mut game = Scenario::with_options(options)
        .sleepers(v(P2))
        .hand(P0, 1)
        .hand(P1, 0)
        .hand(P2, 0)
        .game();
    watchman(&mut game, v(P2), Quarter::TopLeft);
    assert!(game.is_over());
    assert_eq!(
        game.standings()[0].seat,
        P0,
        "the start player token's point decides"
    );
}

/// Without the character tiles, a majority wins no tile, and a position that has a player
/// hold one anyway is refused, so none can be used either.
#[test]
fn ruling_04_without_character_tiles_none_are_awarded_or_held() {
    // P0 has the only coins on the Builder: with tiles, that majority takes the Builder's tile.
    let round_with = |character_tiles| {
        let options = GameOptions {
            character_tiles,
            ..GameOptions::for_players(3)
        };
        let mut s = Scenario::with_options(options);
        s.sleepers(v(P2))
            .on_character(P0, Character::Builder, 2)
            .hand(P0, 1)
            .hand(P1, 0)
            .hand(P2, 0);
        let mut game = s.game();
        watchman(&mut game, v(P2), Quarter::TopLeft);
        assert_eq!(game.position().round, 2, "the round ended");
        game
    };
    let with = round_with(true);
    assert_eq!(
        with.position().character_tiles[Character::Builder.index()].holder,
        Some(P0),
        "P0's majority on the Builder"
    );
    assert_eq!(with.score(P0).character_tiles, 1);

    let without = round_with(false);
    assert!(without
        .position()
        .character_tiles
        .iter()
        .all(|t| t.holder.is_none()));
    assert_eq!(without.score(P0).character_tiles, 0);
    assert_eq!(without.options().target(), 18);

    let mut position = without.position().clone();
    position.character_tiles[Character::Builder.index()].holder = Some(P0);
    let errors = Game::from_position(position).expect_err("no tile without the tiles option");
    assert!(
        errors.iter().any(|e| e.at.starts_with("character_tiles")),
        "{errors:?}"
    );
}

/// "Vereinfachte Version": without the character tiles the game ends at 18 victory points. The
/// target follows the tiles option unless it is set explicitly.
#[test]
fn ruling_04_without_character_tiles_the_game_ends_at_18() {
    let without = GameOptions {
        character_tiles: false,
        ..GameOptions::for_players(3)
    };
    assert_eq!(without.target(), 18);
    assert_eq!(GameOptions::for_players(3).target(), 20);
    let explicit = GameOptions {
        target_vp: Some(20),
        ..without
    };
    assert_eq!(
        explicit.target(),
        20,
        "an explicit target overrides the default"
    );
    let parsed: GameOptions =
        serde_json::from_str(r#"{"players": 3, "character_tiles": false}"#).unwrap();
    assert_eq!(
        parsed.target(),
        18,
        "a form without a target follows the tiles"
    );
    let end_at = |options: GameOptions| {
        // P0 ends the round as start player with 14 deliveries and a church: 18 points.
        let mut s = Scenario::with_options(options);
        s.delivered(P0, &Good::ALL[..14])
            .building(v(P0), (0, 1), Kirche, &[])
            .sleepers(v(P2))
            .start_player(P1)
            .hand(P0, 1)
            .hand(P1, 0)
            .hand(P2, 0);
        let mut game = s.game();
        watchman(&mut game, v(P2), Quarter::TopLeft);
        assert_eq!(game.score(P0).total, 18);
        game.is_over()
    };
    assert!(end_at(without), "18 ends a game without character tiles");
    assert!(!end_at(GameOptions::for_players(3)), "with them, 20");
    assert!(!end_at(explicit));
}

#[test]
fn ruling_19_second_completed_village_takes_the_2_point_tile() {
    let kinds = NINE_AROUND;
    let mut s = Scenario::new(3);
    s.fill_ring1(
        v(P1),
        &[
            Muehle,
            Wirtshaus,
            Gemeindehaus,
            Kirche,
            Metzgerei,
            Molkerei,
            Kaeserei,
            Gerberei,
            Glockengiesser,
            Backhaus,
        ],
    );
    s.fill_ring1(v(P0), &kinds);
    s.occupy_workplaces(v(P0), W).occupy_workplaces(v(P1), W);
    s.pos.village_tiles = [Some(P1), None];
    s.centre(v(P0), 0, 1).display(&[Bergwerk]);
    let mut game = s.hand(P0, 6).game();
    buy_bergwerk(&mut game);
    let free = legal(&game)[0];
    play_all(&mut game, &[free]);
    assert_eq!(game.position().village_tiles, [Some(P1), Some(P0)]);
    assert_eq!(game.score(P0).village_tiles, 2);
    assert_eq!(game.score(P1).village_tiles, 4);
}

/// A saved position may claim the round counter's last value; the end of that round ends the game
/// rather than counting past it.
#[test]
fn the_counters_last_round_ends_the_game() {
    let options = GameOptions::for_players(3);
    let in_turn = walk_until(options, 11, |game| {
        matches!(game.position().phase, Phase::Turn { .. })
    });
    let mut position = in_turn.position().clone();
    position.round = u16::MAX;
    let mut game = Game::from_position(position).expect("a valid position");
    let mut decisions = 0;
    while !game.is_over() {
        let first = game.legal_actions()[0];
        game.play(first).unwrap();
        assert_eq!(game.position().round, u16::MAX, "the counter never wraps");
        decisions += 1;
        assert!(decisions < 10_000, "the round ends");
    }
    assert_eq!(game.position().phase, Phase::GameOver);
}
