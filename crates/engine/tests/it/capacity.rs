//! The largest decision the engine can offer fits `ACTION_CAPACITY` (see its comment in action_list.rs).
use crate::common;
use common::*;
use helvetia_engine::*;
use BuildingKind::*;

/// The Priest's choice is the widest decision: two sources (centre, school) for every single
/// villager of the other sex in another village. Three opponents can fill at most 45 workplaces
/// with single villagers (46 workplace tiles exist, and no player builds a kind twice), so with a
/// woman and a man in both the centre and the school, the choice has 2 × 45 = 90 actions.
#[test]
fn widest_marriage_choice_fits_the_action_list() {
    let every_village = [
        Holzfaeller,
        Ziegelei,
        Steinmetz,
        Getreidehof,
        Brunnenmeister,
        Bergwerk,
        Kuhstall,
        Ziegenstall,
    ];
    let others = [
        [
            Marktplatz,
            Backhaus,
            Brauhaus,
            Eisenhuette,
            Molkerei,
            Metzgerei,
            Kaeserei,
        ],
        [
            Gerberei,
            Glockengiesser,
            Spezerei,
            Marktplatz,
            Backhaus,
            Brauhaus,
            Eisenhuette,
        ],
        [
            Molkerei,
            Metzgerei,
            Kaeserei,
            Gerberei,
            Glockengiesser,
            Spezerei,
            Rindermarkt,
        ],
    ];
    let mut s = Scenario::new(4);
    for (seat, extra) in [P1, P2, P3].into_iter().zip(others) {
        let kinds = every_village.iter().chain(&extra);
        for (i, (&kind, cell)) in kinds.zip(Cell::all()).enumerate() {
            let sex = if i < 8 { W } else { M };
            s.building(v(seat), cell.coords(), kind, &[asleep(v(seat), sex)]);
        }
    }
    s.centre(v(P0), 1, 1).school(P0, 1, 1);
    let mut game = s.hand(P0, 2).game();
    play_all(&mut game, &[Action::Begin(Character::Priest)]);
    let choices = game.legal_actions();
    assert_eq!(choices.len(), 2 * (3 * 8 + 3 * 7));
    assert!(choices.len() <= ACTION_CAPACITY);
    assert!(choices.iter().all(|a| matches!(a, Action::Marry { .. })));
}

/// The Night Watchman lists only quarters where someone sleeps (ruling 8): at most every quarter
/// of every village in play, 4 × 4 = 16 with four players (the bound in game.rs, 5 × 4, is looser).
#[test]
fn widest_wake_choice_is_every_quarter_of_every_village() {
    let mut s = Scenario::new(4);
    for seat in [P0, P1, P2] {
        s.sleepers(v(seat));
    }
    // The fourth village with other kinds: each start kind has only three tiles.
    let corners = [
        ((-1, -1), Brunnenmeister),
        ((2, -1), Bergwerk),
        ((-1, 1), Kuhstall),
        ((2, 1), Ziegenstall),
    ];
    for (at, kind) in corners {
        s.building(v(P3), at, kind, &[asleep(v(P3), M)]);
    }
    let mut game = s.hand(P0, 2).game();
    play_all(&mut game, &[Action::Begin(Character::NightWatchman)]);
    let choices = game.legal_actions();
    assert_eq!(choices.len(), 4 * 4);
    assert!(choices.iter().all(|a| matches!(a, Action::Wake { .. })));
}

/// When nothing else is possible the list is exactly `[Pass]`, never empty: here a player with
/// coins, in a game where nobody sleeps and nothing can be made, married or born, and one coin
/// (the other pays for the action) buys no building. It is the rules' forced pass (ruling 8):
/// the player must pass, keeps the coins and is out for the round. It is not a forced step
/// (`forced_step`), which a table may play for the player: it gives up the coins in hand for the
/// round, so it waits for the player.
#[test]
fn a_player_with_coins_and_nothing_to_do_has_exactly_a_forced_pass_that_waits_for_them() {
    let mut game = Scenario::new(3).hand(P0, 2).game();
    assert_eq!(game.legal_actions().as_slice(), &[Action::Pass]);
    assert_eq!(forced_step(game.position()), None, "the coins wait");
    assert_eq!(game.view().forced_step(), None, "in the view too");
    game.play(Action::Pass).expect("the only legal action");
    let player = game.position().player(P0);
    assert!(player.passed, "out for the round");
    assert_eq!(player.hand, 2, "the coins stay in hand");
}
