//! The story of real games: seeded games played by random legal decisions, told from the views
//! before and after each decision, checked against what the engine's positions show.

use helvetia_engine::{Game, GameOptions, Phase, Seat, View};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::{events, story_lines, Stage, StoryEvent, StoryLine};
use crate::{render_table, Lang, PlayerInfo, TableInput};

const NAMES: [&str; 4] = ["Anna", "Beat", "Chiara", "Dario"];

fn names(players: u8) -> Vec<String> {
    NAMES[..usize::from(players)]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Plays `game` by random legal decisions until `stop` holds for the views before and after a
/// decision; returns those views and the story so far (in `lang`).
fn play_until(
    game: &mut Game,
    seed: u64,
    lang: Lang,
    stop: impl Fn(&View, &View) -> bool,
) -> (View, View, Vec<StoryLine>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let names = names(game.options().players);
    let mut story = Vec::new();
    loop {
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "the game ended before the wanted moment");
        let action = legal[rng.next_u64() as usize % legal.len()];
        let before = game.view();
        game.play(action).unwrap();
        let after = game.view();
        story.extend(story_lines(lang, &names, &before, &action, &after));
        if stop(&before, &after) {
            return (before, after, story);
        }
    }
}

fn round_ended(before: &View, after: &View) -> bool {
    after.position.round > before.position.round || after.position.phase == Phase::GameOver
}

#[test]
fn the_end_of_round_one_tells_tiles_start_player_and_scores_as_the_engine_counted_them() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let mut game = Game::new(GameOptions::for_players(players), seed);
        // The views at the start of the round end, and at its finish (school returns between).
        let (first_before, first_after, _) = play_until(&mut game, seed, Lang::En, |b, a| {
            matches!(b.position.phase, Phase::Turn { .. })
                && (round_ended(b, a) || !matches!(a.position.phase, Phase::Turn { .. }))
        });
        let opening = events(
            &first_before,
            &helvetia_engine::Action::EndTurn,
            &first_after,
        );
        let start = first_after.position.start_player;
        assert!(
            opening
                .iter()
                .any(|e| matches!(e, StoryEvent::StartPlayer { seat, .. } if *seat == start)),
            "{players} players: the start player is told: {opening:?}"
        );
        for (i, tile) in first_after.position.character_tiles.iter().enumerate() {
            let won = first_before.position.character_tiles[i].holder != tile.holder;
            let told = opening.iter().any(|e| {
                matches!(e, StoryEvent::CharacterTile { seat, character, coins, .. }
                    if Some(*seat) == tile.holder && character.index() == i && *coins > 0)
            });
            assert_eq!(
                won, told,
                "{players} players: character tile {i}: {opening:?}"
            );
        }
        let (before, after, story) = if round_ended(&first_before, &first_after) {
            (first_before, first_after, Vec::new())
        } else {
            play_until(&mut game, seed + 100, Lang::En, round_ended)
        };
        let finish = events(&before, &helvetia_engine::Action::EndTurn, &after);
        for seat in game.options().seats() {
            let track = after.position.player(seat).score_track;
            assert!(
                finish.iter().any(|e| matches!(e,
                    StoryEvent::Score { seat: s, before: was, now }
                        if *s == seat && now.total == track
                            && *was == before.position.player(seat).score_track)),
                "{players} players: {seat}'s score {track}: {finish:?}"
            );
        }
        assert!(
            finish
                .iter()
                .any(|e| matches!(e, StoryEvent::NewBuildings(dealt) if !dealt.is_empty())),
            "new buildings are dealt after round 1: {finish:?}"
        );
        let _ = story;
    }
}

#[test]
fn the_story_of_a_round_end_names_the_players_their_points_and_why() {
    let mut game = Game::new(GameOptions::for_players(3), 7);
    let (_, after, story) = play_until(&mut game, 7, Lang::En, round_ended);
    let ending: Vec<&str> = story
        .iter()
        .filter(|line| line.stage == Stage::RoundEnd && line.seat.is_none())
        .map(|line| line.text.as_str())
        .collect();
    let start = NAMES[after.position.start_player.index()];
    assert!(
        ending
            .iter()
            .any(|line| line.starts_with(start) && line.contains("start player token")),
        "{ending:#?}"
    );
    for seat in game.options().seats() {
        let points = after.position.player(seat).score_track;
        let name = NAMES[seat.index()];
        assert!(
            ending
                .iter()
                .any(|line| line.starts_with(name) && line.contains(&format!("{points} VP"))),
            "{name} has {points}: {ending:#?}"
        );
    }
    assert!(ending
        .iter()
        .any(|line| line.starts_with("New buildings on offer: ")));
    // The start player scores 1 for the token, said in the score's reasons.
    assert!(ending
        .iter()
        .any(|line| line.starts_with(start) && line.contains("start player 1")));
    // No field names or coordinates anywhere in the story.
    for line in &story {
        assert!(!line.text.contains("field ("), "{}", line.text);
        assert!(!line.text.contains('⟨'), "{}", line.text);
    }
}

#[test]
fn the_story_ends_with_the_winners_and_every_line_reads_in_every_language() {
    for lang in Lang::ALL {
        let mut game = Game::new(GameOptions::for_players(2), 11);
        let (_, after, story) = play_until(&mut game, 11, lang, |_, a| {
            a.position.phase == Phase::GameOver
        });
        let standings = helvetia_engine::standings(&after.position);
        let last: Vec<&StoryLine> = story.iter().filter(|l| l.stage == Stage::GameEnd).collect();
        assert!(!last.is_empty(), "{}: the game's end is told", lang.code());
        let winner = NAMES[standings[0].seat.index()];
        assert!(
            last.iter()
                .any(|l| l.text.contains(winner)
                    && l.text.contains(&standings[0].points.to_string())),
            "{}: {last:#?}",
            lang.code()
        );
        for line in &story {
            assert!(!line.text.contains('⟨'), "{}: {}", lang.code(), line.text);
            assert!(
                !line.text.contains("(0,") && !line.text.contains("(1,"),
                "{}",
                line.text
            );
        }
        // Rounds come in order, each told from its turns to its end.
        let rounds: Vec<u16> = story.iter().map(|l| l.round).collect();
        assert!(rounds.windows(2).all(|w| w[0] <= w[1]));
    }
}

#[test]
fn the_table_log_has_a_heading_per_round_and_the_round_end_lines() {
    let mut game = Game::new(GameOptions::for_players(2), 5);
    let (_, after, story) = play_until(&mut game, 5, Lang::En, |b, a| {
        a.position.round == 2
            && b.position.round == 2
            && matches!(a.position.phase, Phase::Turn { .. })
    });
    let infos: Vec<PlayerInfo> = (0..2)
        .map(|s| PlayerInfo {
            seat: Seat(s),
            name: NAMES[usize::from(s)].to_string(),
            is_bot: false,
            stands_in: false,
            connected: true,
        })
        .collect();
    let html = render_table(&TableInput {
        version: 1,
        log: &story,
        ..TableInput::new("t", &after, &infos, Lang::En)
    });
    let log = &html[html.find("class=\"log\"").expect("a log")..];
    for heading in [
        "<h3>Setup</h3>",
        "<h3>Round 1</h3>",
        "<h3>End of round 1</h3>",
        "<h3>Round 2</h3>",
    ] {
        assert!(log.contains(heading), "{heading}");
    }
    assert!(log.find("<h3>Round 1</h3>") < log.find("<h3>End of round 1</h3>"));
    let start = NAMES[after.position.start_player.index()];
    assert!(
        log.contains(&format!("<p>{start} is the last with coins"))
            || log.contains("start player token passes to")
    );
    for seat in game.options().seats() {
        let points = after.position.player(seat).score_track;
        let name = NAMES[seat.index()];
        assert!(
            log.contains(&format!("<p>{name}: 0 → {points} VP ("))
                || log.contains(&format!("<p>{name} stays at"))
                || log.contains(&format!("<p>{name} has no victory points")),
            "{name}: {points}"
        );
    }
    assert!(
        log.contains("<li class=\"s0\"><b>Anna</b><p>"),
        "turns are grouped under the name"
    );
    assert!(log.contains("New buildings on offer: "));
    // The whole story is there, from the first decision on.
    assert_eq!(log.matches("<p>").count(), story.len());
}

#[test]
fn a_turn_that_ends_by_itself_is_told_and_an_ended_one_is_not_told_twice() {
    use helvetia_engine::{Action, ActionSource, TurnState};
    let (mut by_itself, mut ended_by_the_player) = (0, 0);
    for (players, seed) in [(2, 4), (3, 5), (4, 6)] {
        let mut game = Game::new(GameOptions::for_players(players), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let names = names(players);
        while !game.is_over() && game.position().round < 4 {
            let legal = game.legal_actions();
            let action = legal[rng.next_u64() as usize % legal.len()];
            let before = game.view();
            game.play(action).unwrap();
            let after = game.view();
            let Phase::Turn { seat, .. } = before.position.phase else {
                continue;
            };
            let turn_goes_on = matches!(after.position.phase,
                Phase::Turn { seat: still, turn } if still == seat && turn != TurnState::fresh());
            let told = format!(
                "Nothing is left to do: {}'s turn ends.",
                NAMES[seat.index()]
            );
            let lines = story_lines(Lang::En, &names, &before, &action, &after);
            let tells = lines.iter().any(|line| line.text == told);
            let neutral_coin = matches!(action, Action::NeutralPriest { .. })
                || matches!(before.position.phase,
                    Phase::Turn { turn, .. } if turn.source == Some(ActionSource::Neutral));
            let explicit = matches!(action, Action::EndTurn | Action::Pass) || neutral_coin;
            assert_eq!(
                tells,
                !turn_goes_on && !explicit,
                "{players} players, {action:?}: {lines:#?}"
            );
            if tells {
                by_itself += 1;
            } else if !turn_goes_on {
                ended_by_the_player += 1;
            }
        }
    }
    assert!(
        by_itself > 0,
        "random games have turns that end by themselves"
    );
    assert!(ended_by_the_player > 0, "and turns ended by their player");
}
