//! The coach on real positions: seeded two-player games played by random legal decisions, with
//! their story told as the server tells it, stopped where a lesson is due.

use helvetia_engine::{Action, Game, GameOptions, Phase, Seat, Step, View};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::{coaching, Lesson, Moment, Tutorial};
use crate::{render_table, story_lines, Lang, PlayerInfo, StoryLine, TableInput};

const LEARNER: Seat = Seat(0);

/// A game played by random legal decisions, with its story and every action by seat.
struct Played {
    game: Game,
    story: Vec<StoryLine>,
    actions: Vec<(Seat, Action)>,
    rng: ChaCha8Rng,
}

impl Played {
    fn new(seed: u64) -> Played {
        Played {
            game: Game::new(GameOptions::for_players(2), seed),
            story: Vec::new(),
            actions: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Plays on until `stop` holds for the position (before any decision), or the game ends.
    fn until(&mut self, stop: impl Fn(&View) -> bool) -> bool {
        for _ in 0..20_000 {
            if stop(&self.game.view()) {
                return true;
            }
            if self.game.is_over() {
                return false;
            }
            self.decide();
        }
        false
    }

    /// Makes one random legal decision, with its story.
    fn decide(&mut self) {
        let names = vec!["anna".to_string(), "bruno".to_string()];
        let view = self.game.view();
        let legal = self.game.legal_actions();
        let action = legal[self.rng.next_u32() as usize % legal.len()];
        let seat = self.game.to_move().expect("a player decides");
        self.game.play(action).expect("a legal action");
        let after = self.game.view();
        self.story
            .extend(story_lines(Lang::En, &names, &view, &action, &after));
        self.actions.push((seat, action));
    }

    fn tutorial(&self) -> Tutorial {
        let view = self.game.view();
        Tutorial::of(LEARNER, self.actions.iter().map(|(s, a)| (*s, a)), &view)
    }

    /// The coach at this moment, for the learner's own table when they decide.
    fn coaching(&self) -> super::Coaching {
        let legal: Vec<Action> = if self.game.to_move() == Some(LEARNER) {
            self.game.legal_actions().to_vec()
        } else {
            Vec::new()
        };
        coaching(&self.game.view(), &legal, &self.story, &self.tutorial())
    }
}

fn learner_in_step(view: &View, wanted: impl Fn(&Step) -> bool) -> bool {
    matches!(view.position.phase, Phase::Turn { seat, turn } if seat == LEARNER && wanted(&turn.step))
}

#[test]
fn the_draft_is_the_lesson_of_the_start_and_points_at_the_offer() {
    let played = Played::new(7);
    let coaching = played.coaching();
    let first = played.game.to_move();
    if first == Some(LEARNER) {
        assert_eq!(coaching.moment, Moment::Draft);
        assert_eq!(coaching.focus, "#t-display");
        assert_eq!(coaching.moment.lesson(), Some(Lesson::Start));
    } else {
        assert_eq!(coaching.moment, Moment::OthersTurn);
    }
}

#[test]
fn a_production_decision_is_the_lesson_of_producing_about_the_villages_that_can_work() {
    for seed in 1..40 {
        let mut played = Played::new(seed);
        let found = played.until(|view| {
            learner_in_step(view, |step| matches!(step, Step::Deliver { carried: None }))
        });
        if !found {
            continue;
        }
        let coaching = played.coaching();
        assert_eq!(coaching.moment, Moment::Produce, "seed {seed}");
        assert_eq!(coaching.moment.lesson(), Some(Lesson::Producing));
        for action in played.game.legal_actions() {
            let Action::Work { village, .. } = action else {
                panic!("only work makes a good to deliver: {action:?}");
            };
            assert!(coaching
                .focus
                .contains(&format!("#t-village-{}", village.index())));
        }
        return;
    }
    panic!("no seed reached a production decision");
}

#[test]
fn paying_for_a_building_is_the_lesson_of_building_about_the_cost_and_the_workers() {
    let mut played = Played::new(3);
    assert!(played.until(|view| learner_in_step(view, |step| matches!(step, Step::Pay { .. }))));
    let coaching = played.coaching();
    assert_eq!(coaching.moment, Moment::Pay);
    assert_eq!(coaching.moment.lesson(), Some(Lesson::Building));
    assert!(coaching.focus.starts_with("#t-prompt .cost"));
}

#[test]
fn the_first_decision_after_a_round_end_is_the_lesson_of_the_round_end() {
    let mut played = Played::new(5);
    assert!(played.until(
        |view| view.position.round == 2 && learner_in_step(view, |step| *step == Step::Choose)
    ));
    // The learner's first decision of round 2 (the bot may have moved before).
    let coaching = played.coaching();
    assert_eq!(coaching.moment, Moment::RoundOver);
    assert_eq!(coaching.moment.lesson(), Some(Lesson::RoundEnd));
    assert!(played.tutorial().has_done(Lesson::RoundEnd));
    // Once the learner decided, the round's end is behind them.
    let action = played.game.legal_actions()[0];
    let before = played.game.view();
    played.game.play(action).unwrap();
    let names = vec!["anna".to_string(), "bruno".to_string()];
    played.story.extend(story_lines(
        Lang::En,
        &names,
        &before,
        &action,
        &played.game.view(),
    ));
    played.actions.push((LEARNER, action));
    assert_ne!(played.coaching().moment, Moment::RoundOver);
}

/// Whether the learner is at the start of a turn (nothing done in it yet).
fn learner_begins_a_turn(view: &View) -> bool {
    matches!(view.position.phase, Phase::Turn { seat, turn }
        if seat == LEARNER && turn.step == Step::Choose && turn.regular.is_none() && turn.tile.is_none())
}

#[test]
fn the_neutral_coin_is_explained_once_at_the_learners_second_turn() {
    for seed in 1..12 {
        let mut played = Played::new(seed);
        let mut turns = Vec::new();
        while played.until(learner_begins_a_turn) {
            turns.push(played.coaching());
            played.decide();
        }
        assert!(turns.len() > 2, "seed {seed}: {} turns", turns.len());
        let explained: Vec<usize> = (0..turns.len())
            .filter(|&i| turns[i].moment == Moment::NeutralCoin)
            .collect();
        assert_eq!(explained, [1], "seed {seed}: {turns:?}");
        let coaching = &turns[1];
        assert_eq!(coaching.moment.lesson(), Some(Lesson::Characters));
        assert!(
            coaching.focus.contains("#t-village-4-head")
                && coaching.focus.contains(".neutral-coin"),
            "the neutral coin and its targets: {}",
            coaching.focus
        );
    }
}

#[test]
fn without_a_neutral_village_the_coach_never_speaks_of_the_neutral_coin() {
    let mut game = Game::new(GameOptions::for_players(3), 4);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut actions: Vec<(Seat, Action)> = Vec::new();
    while !game.is_over() && actions.len() < 3_000 {
        let view = game.view();
        if learner_begins_a_turn(&view) {
            let legal = game.legal_actions().to_vec();
            let tutorial = Tutorial::of(LEARNER, actions.iter().map(|(s, a)| (*s, a)), &view);
            let coaching = coaching(&view, &legal, &[], &tutorial);
            assert_ne!(coaching.moment, Moment::NeutralCoin);
        }
        let legal = game.legal_actions();
        let action = legal[rng.next_u32() as usize % legal.len()];
        let seat = game.to_move().expect("a player decides");
        game.play(action).expect("a legal action");
        actions.push((seat, action));
    }
}

#[test]
fn the_bots_turn_says_so_and_points_at_its_highlight() {
    let mut played = Played::new(11);
    assert!(played
        .until(|view| matches!(view.position.phase, Phase::Turn { seat, .. } if seat != LEARNER)));
    let coaching = played.coaching();
    assert_eq!(coaching.moment, Moment::OthersTurn);
    assert_eq!(coaching.focus, "#t-recent .recent-legend");
}

#[test]
fn the_checklist_ticks_what_the_learner_did_in_a_played_game() {
    let mut played = Played::new(21);
    played.until(|_| false);
    assert!(played.game.is_over());
    let tutorial = played.tutorial();
    let did = |wanted: fn(&Action) -> bool| {
        played
            .actions
            .iter()
            .any(|(seat, action)| *seat == LEARNER && wanted(action))
    };
    assert!(tutorial.has_done(Lesson::Start));
    assert!(tutorial.has_done(Lesson::RoundEnd));
    assert_eq!(
        tutorial.has_done(Lesson::Producing),
        did(|a| matches!(a, Action::Work { .. }))
    );
    assert_eq!(
        tutorial.has_done(Lesson::Building),
        did(|a| matches!(a, Action::Place(_)))
    );
    assert_eq!(
        tutorial.has_done(Lesson::Marrying),
        did(|a| matches!(a, Action::Marry { .. }))
    );
    assert_eq!(
        tutorial.has_done(Lesson::CharacterTiles),
        did(|a| matches!(a, Action::UseTile(_)))
    );
    assert!(tutorial.has_done(Lesson::Characters));
    // The other seat's actions tick nothing for the learner.
    let bot_only = Tutorial::of(
        LEARNER,
        played
            .actions
            .iter()
            .filter(|(seat, _)| *seat != LEARNER)
            .map(|(s, a)| (*s, a)),
        &Game::new(GameOptions::for_players(2), 21).view(),
    );
    assert!(Lesson::ALL.iter().all(|&lesson| !bot_only.has_done(lesson)));
    // Nothing is ticked at the start.
    let fresh = Played::new(21).tutorial();
    assert!(Lesson::ALL.iter().all(|&lesson| !fresh.has_done(lesson)));
}

#[test]
fn every_lesson_and_moment_has_its_words_in_every_language() {
    for lang in Lang::ALL {
        for lesson in Lesson::ALL {
            assert!(lang.has(lesson.key()), "{lang:?}: {}", lesson.key());
        }
        for moment in Moment::ALL {
            let key = moment.key();
            assert!(lang.has(key), "{lang:?}: {key}");
            assert!(lang.has(&format!("{key}-title")), "{lang:?}: {key}-title");
        }
        for key in [
            "coach-heading",
            "coach-complete",
            "coach-to-lobby",
            "coach-lessons",
            "coach-done",
            "coach-to-do",
        ] {
            assert!(lang.has(key), "{lang:?}: {key}");
        }
    }
}

fn table(game: &Game, story: &[StoryLine], tutorial: Option<Tutorial>, lang: Lang) -> String {
    let players: Vec<PlayerInfo> = (0..2)
        .map(|s| PlayerInfo {
            seat: Seat(s),
            name: ["anna", "bruno"][usize::from(s)].to_string(),
            is_bot: s == 1,
            stands_in: false,
            connected: true,
        })
        .collect();
    let legal: Vec<Action> = game.legal_actions().to_vec();
    render_table(&TableInput {
        legal: &legal,
        log: story,
        tutorial,
        ..TableInput::new("g1", &game.view(), &players, lang)
    })
}

#[test]
fn only_a_tutorial_table_has_the_coach_and_it_reads_in_every_language() {
    let mut played = Played::new(3);
    assert!(played.until(|view| learner_in_step(view, |step| matches!(step, Step::Pay { .. }))));
    let plain = table(&played.game, &played.story, None, Lang::En);
    assert!(!plain.contains("t-coach"));
    for lang in Lang::ALL {
        let html = table(&played.game, &played.story, Some(played.tutorial()), lang);
        assert!(html.contains("id=\"t-coach\""), "{lang:?}");
        assert!(html.contains("data-lesson=\"building\""), "{lang:?}");
        assert!(html.contains("data-focus=\"#t-prompt .cost"), "{lang:?}");
        assert!(!html.contains('⟨'), "{lang:?}: a message is missing");
        assert_eq!(html.matches("<li data-lesson=").count(), Lesson::ALL.len());
    }
}

#[test]
fn a_finished_checklist_says_the_tutorial_is_complete() {
    let game = Game::new(GameOptions::for_players(2), 1);
    let done = Tutorial {
        learner: LEARNER,
        done: Lesson::ALL.iter().fold(0, |all, lesson| all | lesson.bit()),
        turns_begun: 0,
    };
    assert!(done.is_complete());
    let html = table(&game, &[], Some(done), Lang::En);
    assert!(html.contains("data-complete=\"true\""));
    assert!(html.contains("Tutorial complete"));
    assert!(html.contains("href=\"/lobby\""));
}
