//! Whole games replayed for every viewer: each keeps the table as its browser would, applying
//! every message with the browser's rules, and it must always be exactly the whole table.

use helvetia_engine::{Game, GameOptions, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::{
    apply_update, render_table, render_table_parts, story_lines, EndVote, Lang, PlayerInfo,
    RenderedTable, SeatClock, TableCache, TableInput, TableUpdate,
};
use helvetia_engine::{marks_of, recent_turns, Mark};

/// One browser: the last table it was sent and the HTML it shows.
struct Browser {
    seat: Option<Seat>,
    sent: Option<RenderedTable>,
    shown: String,
    /// Bytes of each message after the first.
    sizes: Vec<usize>,
}

/// Plays a random game to its end (taking a decision back now and then) and checks every
/// viewer's table after every message.
fn check_game(players: u8, seed: u64, lang: Lang) {
    let mut game = Game::new(GameOptions::for_players(players), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let names: Vec<String> = (0..players).map(|s| format!("P<{s}>&'\"")).collect();
    let cache = TableCache::default();
    let mut browsers: Vec<Browser> = (0..players)
        .map(|s| Some(Seat(s)))
        .chain([None])
        .map(|seat| Browser {
            seat,
            sent: None,
            shown: String::new(),
            sizes: Vec::new(),
        })
        .collect();
    // Every state so far with its log, to step back to (an undo) and forward again.
    let mut history: Vec<(Game, usize)> = Vec::new();
    let mut log = Vec::new();
    // Each action's seat and the pieces it changed, for the highlight of recent turns.
    let mut acted: Vec<(Seat, Vec<Mark>)> = Vec::new();
    let mut step = 0u64;
    loop {
        history.push((game.clone(), log.len()));
        let back = (step % 41 == 40).then(|| (history[history.len() - 3].clone(), 2));
        for ((shown_game, log_len), undone) in back.iter().chain([&((game.clone(), log.len()), 0)])
        {
            let actions: Vec<(Seat, &[Mark])> = acted[..acted.len() - undone]
                .iter()
                .map(|(seat, marks)| (*seat, marks.as_slice()))
                .collect();
            let recent = recent_turns(&actions, shown_game.to_move(), players);
            show(
                &mut browsers,
                (shown_game, &recent),
                &log[..*log_len],
                step,
                (&cache, lang, &names),
            );
        }
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.next_u64() as usize % legal.len()];
        let before = game.view();
        let seat = game.to_move().expect("a decision");
        game.play(action).expect("legal");
        log.extend(story_lines(lang, &names, &before, &action, &game.view()));
        acted.push((seat, marks_of(&before, &game.view())));
        step += 1;
        // A browser reconnects now and then: it is sent the whole table again.
        if step.is_multiple_of(53) {
            let reconnecting = (step as usize / 53) % browsers.len();
            browsers[reconnecting].sent = None;
        }
    }
    assert!(game.is_over());
    let table = browsers[0].shown.len();
    for browser in &browsers {
        let mut sizes = browser.sizes.clone();
        sizes.sort_unstable();
        let median = sizes[sizes.len() / 2];
        // The point of it all: an update is a small part of the table.
        assert!(
            median * 3 < table,
            "median update {median} bytes, table {table}"
        );
    }
}

/// Renders the table of `game` for every browser and sends it what it needs.
fn show(
    browsers: &mut [Browser],
    (game, recent): (&Game, &crate::RecentTurns),
    log: &[crate::StoryLine],
    step: u64,
    (cache, lang, names): (&TableCache, Lang, &[String]),
) {
    let view = game.view();
    let players: Vec<PlayerInfo> = names
        .iter()
        .enumerate()
        .map(|(s, name)| PlayerInfo {
            seat: Seat(s as u8),
            name: name.clone(),
            is_bot: s == 1,
            stands_in: false,
            connected: !(step / 7 + s as u64).is_multiple_of(3),
        })
        .collect();
    // Clocks come and go, and run for the player to move.
    let clocks: Vec<SeatClock> = if step % 10 < 6 {
        players
            .iter()
            .map(|p| SeatClock {
                seat: p.seat,
                left_ms: 60_000 - step as i64,
                deadline_ms: (game.to_move() == Some(p.seat)).then_some(1_000_000),
                stood_in: false,
                away_until_ms: None,
            })
            .collect()
    } else {
        Vec::new()
    };
    let end_vote = if step % 17 < 3 {
        EndVote::Open {
            voters: vec![Seat(0)],
            votes: (step % 17) as usize,
            needed: 2,
        }
    } else {
        EndVote::None
    };
    for browser in browsers {
        let legal = if game.to_move() == browser.seat {
            game.legal_actions().to_vec()
        } else {
            Vec::new()
        };
        let input = TableInput {
            legal: &legal,
            version: step,
            can_undo: !legal.is_empty() && step.is_multiple_of(2),
            log,
            clocks: &clocks,
            end_vote: &end_vote,
            recent,
            // The two-player game is a tutorial: its coach changes with every decision.
            tutorial: (players.len() == 2)
                .then(|| crate::Tutorial::of(Seat(0), std::iter::empty(), &view)),
            ..TableInput::new("g1", &view, &players, lang)
        };
        let table = render_table_parts(&input, cache);
        let whole = render_table(&input);
        assert_eq!(table.html(), whole, "the parts make the table");
        assert_eq!(whole.contains("id=\"t-coach\""), players.len() == 2);
        assert_eq!(table.len(), whole.len());
        match table.update_since(browser.sent.as_ref()) {
            TableUpdate::Whole(html) => {
                apply_update(&mut browser.shown, &html).unwrap();
                if browser.sent.is_some() {
                    browser.sizes.push(html.len());
                }
            }
            TableUpdate::Changes(message) => {
                apply_update(&mut browser.shown, &message).unwrap();
                browser.sizes.push(message.len());
            }
            TableUpdate::Unchanged => {}
        }
        assert!(
            browser.shown == whole,
            "step {step}, viewer {:?}: the browser's table differs from the whole table",
            browser.seat
        );
        browser.sent = Some(table);
    }
}

#[test]
fn two_players_see_the_whole_table_after_every_change() {
    check_game(2, 3, Lang::En);
}

#[test]
fn three_players_see_the_whole_table_after_every_change() {
    check_game(3, 11, Lang::Fr);
}

#[test]
fn four_players_see_the_whole_table_after_every_change() {
    check_game(4, 29, Lang::De);
}

#[test]
fn a_message_for_the_log_only_appends_what_is_new() {
    let game = Game::new(GameOptions::for_players(2), 1);
    let mut played = game.clone();
    let names = ["A".to_string(), "B".to_string()];
    let mut log = Vec::new();
    for _ in 0..3 {
        let action = played.legal_actions()[0];
        let before = played.view();
        played.play(action).unwrap();
        log.extend(story_lines(
            Lang::En,
            &names,
            &before,
            &action,
            &played.view(),
        ));
    }
    let cache = TableCache::default();
    let players: Vec<PlayerInfo> = (0..2)
        .map(|s| PlayerInfo {
            seat: Seat(s),
            name: names[usize::from(s)].clone(),
            is_bot: false,
            stands_in: false,
            connected: true,
        })
        .collect();
    let view = played.view();
    let table = |lines| {
        render_table_parts(
            &TableInput {
                version: 3,
                log: lines,
                ..TableInput::new("g1", &view, &players, Lang::En)
            },
            &cache,
        )
    };
    let (before, after) = (table(&log[..1]), table(&log[..]));
    let TableUpdate::Changes(message) = after.update_since(Some(&before)) else {
        panic!("changes");
    };
    let message: serde_json::Value = serde_json::from_str(&message).unwrap();
    assert_eq!(message["type"], "table");
    assert!(message.get("parts").is_none(), "{message}");
    let appended = format!("{}", message["log"]);
    assert!(appended.contains(&log[2].text), "{appended} {log:?}");
    // Taken back: the log is sent whole.
    let TableUpdate::Changes(message) = before.update_since(Some(&after)) else {
        panic!("changes");
    };
    let message: serde_json::Value = serde_json::from_str(&message).unwrap();
    assert_eq!(message["parts"][0][0], "log");
    assert_eq!(after.update_since(Some(&after)), TableUpdate::Unchanged);
}
