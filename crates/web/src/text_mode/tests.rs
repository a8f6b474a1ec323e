//! Every ask-command answers, in every language, at every decision of seeded random games of
//! 2, 3 and 4 players; the village descriptions name every building and villager of the view.

use std::collections::HashMap;

use helvetia_engine::{
    Action, Cell, Game, GameOptions, Phase, Seat, Sex, View, VillageId, Villager,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::{answer, render_text_table, village_words, Ask};
use crate::story::{story_lines, StoryLine};
use crate::table::village::{newborn_title, villager_title};
use crate::table::{seat_names, Ctx};
use crate::tutorial::{coaching, Moment, Tutorial};
use crate::words::building_name;
use crate::{Lang, PlayerInfo, TableInput};

const NAMES: [&str; 4] = ["Anna", "Beat", "Chiara", "Dario"];

fn players(count: u8) -> Vec<PlayerInfo> {
    (0..count)
        .map(|seat| PlayerInfo {
            seat: Seat(seat),
            name: NAMES[usize::from(seat)].to_string(),
            is_bot: false,
            stands_in: false,
            connected: true,
        })
        .collect()
}

/// Fails unless `text` is a real answer in `lang`: not empty, no message id left unformatted,
/// and not the English words where `lang` is another language.
fn assert_told(text: &str, english: &str, lang: Lang, what: &str) {
    assert!(!text.trim().is_empty(), "{what} in {}: empty", lang.code());
    assert!(
        !text.contains('⟨') && !text.contains("{ $") && !text.contains("{$"),
        "{what} in {}: untranslated: {text}",
        lang.code()
    );
    if lang != Lang::En {
        assert_ne!(
            text,
            english,
            "{what} in {}: the English words",
            lang.code()
        );
    }
}

/// The description of `village` names each building on its field and every villager, child
/// and centre villager by the title the drawn table gives them, as often as the view has them.
fn assert_village_named(ctx: &Ctx, village: VillageId) {
    let told = village_words::describe(ctx, village);
    let v = ctx.pos.village(village);
    let mut expected: HashMap<String, usize> = HashMap::new();
    for sex in Sex::ALL {
        let centre = Villager {
            owner: village,
            sex,
            awake: true,
        };
        *expected
            .entry(villager_title(ctx, &centre).to_string())
            .or_default() += usize::from(v.centre_villagers[sex.index()]);
    }
    for cell in Cell::all() {
        let Some(building) = &v.cells[cell.index()] else {
            continue;
        };
        let field = format!(
            "{}: {} (",
            village_words::place(ctx, cell),
            building_name(ctx.lang, building.kind)
        );
        assert!(told.contains(&field), "{told}\nlacks {field}");
        for villager in building.villagers.as_slice() {
            *expected
                .entry(villager_title(ctx, villager).to_string())
                .or_default() += 1;
        }
        for sex in Sex::ALL {
            *expected
                .entry(newborn_title(ctx, village, sex))
                .or_default() += usize::from(building.newborns[sex.index()]);
        }
    }
    for (title, count) in expected {
        assert_eq!(told.matches(&title).count(), count, "{told}\n: {title}");
    }
}

/// Every ask answers for `viewer` at this decision in every language; the text table lists
/// the viewer's choices and describes every village as the view has it.
fn check_decision(
    view: &View,
    legal: &[Action],
    viewer: Option<Seat>,
    logs: &[Vec<StoryLine>; 5],
    names: &[PlayerInfo],
) {
    let mut english: Vec<String> = Vec::new();
    for (lang, log) in Lang::ALL.into_iter().zip(logs) {
        let input = TableInput {
            legal,
            log,
            ..TableInput::new("g1", view, names, lang)
        };
        let answers: Vec<String> = Ask::ALL
            .into_iter()
            .map(|ask| answer(&input, viewer, ask))
            .collect();
        if lang == Lang::En {
            english = answers.clone();
        }
        for ((ask, text), english) in Ask::ALL.iter().zip(&answers).zip(&english) {
            assert_told(text, english, lang, &format!("{ask:?}"));
        }
        let html = render_text_table(&input, viewer);
        assert!(!html.contains("<svg"), "the text mode draws nothing");
        let seat_names = seat_names(&input);
        let ctx = Ctx::new(&input, &seat_names);
        for (i, _) in legal.iter().enumerate() {
            let label = maud::html! { (super::asks::numbered(&ctx, i)) }.into_string();
            assert!(
                html.contains(&format!("data-action=\"{i}\">{label}</button>")),
                "choice {i} missing"
            );
        }
        for village in view.position.village_ids() {
            assert_village_named(&ctx, village);
        }
    }
}

/// Each line of the story as it is read out: a sentence with a full stop, and a line about a
/// player begins with their name once ("Anna: …" or "Anna is …", never "Anna: Anna is …").
fn assert_read_out_as_sentences(view: &View, log: &[StoryLine], names: &[PlayerInfo], lang: Lang) {
    let input = TableInput::new("g1", view, names, lang);
    let seat_names = seat_names(&input);
    let ctx = Ctx::new(&input, &seat_names);
    for line in log {
        let said = super::said_by(&ctx, line);
        assert!(
            said.ends_with(['.', '!', '?', '\u{3002}', '\u{ff01}', '\u{ff1f}']),
            "{}: no full stop: {said}",
            lang.code()
        );
        if let Some(seat) = line.seat {
            let name = &seat_names[seat.index()];
            assert!(said.starts_with(name.as_str()), "{said}");
            let rest = said[name.len()..].trim_start_matches([':', '\u{ff1a}', ' ']);
            assert!(!rest.starts_with(name.as_str()), "the name twice: {said}");
        }
    }
}

/// `r` at this decision: in every language, the coach's title for the kind of decision and the
/// rules page's paragraphs about it, the same whoever asks. Returns the kind.
fn check_rules(view: &View, legal: &[Action], names: &[PlayerInfo]) -> Moment {
    let log = Vec::new();
    let mut kind = None;
    for lang in Lang::ALL {
        let input = TableInput {
            legal,
            log: &log,
            ..TableInput::new("g1", view, names, lang)
        };
        let seat_names = seat_names(&input);
        let ctx = Ctx::new(&input, &seat_names);
        let moment = super::rules::decision(&ctx);
        let told = answer(&input, view.position.to_move(), Ask::Rules);
        let title = lang.tr(&format!("{}-title", moment.key()));
        assert!(
            told.starts_with(&title),
            "{moment:?} in {}: {told}",
            lang.code()
        );
        for key in super::rules::paragraphs(moment) {
            assert!(told.contains(&lang.tr(key)), "{moment:?}: {key} missing");
        }
        // Another player asking hears the same kind of decision; only the one who must pass
        // knows that their coins have no use, the others hear the choice of a character.
        let watching = TableInput {
            legal: &[],
            ..input
        };
        let theirs = answer(&watching, None, Ask::Rules);
        let seen = if moment == Moment::Pass {
            lang.tr("coach-choose-title")
        } else {
            title
        };
        assert!(theirs.starts_with(&seen), "{moment:?} for a spectator");
        kind = Some(moment);
    }
    kind.expect("five languages")
}

/// In a tutorial game the text table carries the coach of the moment in words: its title, and
/// its text unless it points at the drawing. Anna learns; her table and Beat's are checked.
fn check_coach(view: &View, legal: &[Action], played: &[(Seat, Action)], names: &[PlayerInfo]) {
    let learner = Seat(0);
    let tutorial = Tutorial::of(learner, played.iter().map(|(s, a)| (*s, a)), view);
    let theirs = if view.position.to_move() == Some(learner) {
        legal
    } else {
        &[]
    };
    let lang = Lang::En;
    let moment = coaching(view, theirs, &[], &tutorial).moment;
    let input = TableInput {
        legal: theirs,
        tutorial: Some(tutorial),
        ..TableInput::new("g1", view, names, lang)
    };
    let html = render_text_table(&input, Some(learner));
    let key = moment.key();
    let heading = format!("<h2 id=\"text-coach-title\">{}: ", lang.tr("coach-heading"));
    assert!(
        html.contains(&format!("data-moment=\"{key}\"")),
        "{moment:?}"
    );
    assert!(html.contains(&heading), "{moment:?}: no coach heading");
    let round = view.position.round.saturating_sub(1);
    let args = [("name", "".into()), ("round", round.into())];
    let text = lang.tr_args(key, &args);
    let text = maud::html! { (text) }.into_string();
    assert_eq!(
        html.contains(&text),
        super::rules::coach_text_fits(moment),
        "{moment:?}: the coach's words"
    );
}

#[test]
fn every_ask_answers_at_every_decision_of_random_games_in_every_language() {
    let mut kinds: Vec<Moment> = Vec::new();
    for (count, seed) in [(2u8, 21u64), (3, 22), (4, 23)] {
        let mut options = GameOptions::for_players(count);
        // Random play builds slowly: the limit ends the game within the test's time.
        options.round_limit = Some(3);
        let mut game = Game::new(options, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let infos = players(count);
        let names: Vec<String> = infos.iter().map(|p| p.name.clone()).collect();
        let mut logs: [Vec<StoryLine>; 5] = Default::default();
        let mut decisions = 0;
        let mut played: Vec<(Seat, Action)> = Vec::new();
        loop {
            let before = game.view();
            let legal = game.legal_actions();
            let mover = before.position.to_move();
            check_decision(&before, &legal, mover, &logs, &infos);
            // The others' tables at the same moment: no choices, every answer still told.
            let other = mover.map_or(Seat(0), |seat| Seat((seat.0 + 1) % count));
            check_decision(&before, &[], Some(other), &logs, &infos);
            let kind = check_rules(&before, &legal, &infos);
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
            // A forced pass (coins, but nothing to use them on) is rare in random play: its
            // rules are asked at a choice of a character with the legal list of one.
            if kind == Moment::Choose && !kinds.contains(&Moment::Pass) {
                assert_eq!(check_rules(&before, &[Action::Pass], &infos), Moment::Pass);
                kinds.push(Moment::Pass);
            }
            if legal.is_empty() {
                break;
            }
            check_coach(&before, &legal, &played, &infos);
            let action = legal[rng.next_u64() as usize % legal.len()];
            if let Some(seat) = mover {
                played.push((seat, action));
            }
            game.play(action).unwrap();
            let after = game.view();
            for (lang, log) in Lang::ALL.into_iter().zip(&mut logs) {
                log.extend(story_lines(lang, &names, &before, &action, &after));
            }
            decisions += 1;
        }
        assert_eq!(game.view().position.phase, Phase::GameOver);
        for (lang, log) in Lang::ALL.into_iter().zip(&logs) {
            assert_read_out_as_sentences(&game.view(), log, &infos, lang);
        }
        assert!(
            decisions > 50,
            "{count} players: only {decisions} decisions"
        );
    }
    // `r` was asked at every kind of decision a game has.
    let missing: Vec<Moment> = Moment::ALL
        .into_iter()
        .filter(|moment| !super::rules::paragraphs(*moment).is_empty())
        .filter(|moment| {
            !matches!(
                moment,
                Moment::Sleeping | Moment::Tiles | Moment::NeutralCoin | Moment::RoundOver
            )
        })
        .filter(|moment| !kinds.contains(moment))
        .collect();
    assert!(
        missing.is_empty(),
        "no decision of these kinds met: {missing:?}"
    );
}

#[test]
fn the_last_turns_are_the_others_lines_since_the_viewers_own() {
    let line = |seat: Option<u8>, text: &str| StoryLine {
        round: 1,
        stage: crate::story::Stage::Turns,
        seat: seat.map(Seat),
        text: text.to_string(),
    };
    let log = [
        line(Some(0), "Anna: Trader"),
        line(Some(1), "Beat: Builder"),
        line(Some(0), "Anna: end turn"),
        line(Some(1), "Beat: Priest"),
        line(None, "Round 1 ends"),
    ];
    let since = super::asks::since_last_turn(&log, Some(Seat(0)));
    assert_eq!(since, &log[3..]);
    assert!(super::asks::since_last_turn(&log, Some(Seat(1))).first() == Some(&log[4]));
}
