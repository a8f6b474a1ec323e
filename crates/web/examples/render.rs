//! Renders a position from a random game as a standalone HTML file, to look at the table.
//!
//! `cargo run --release -p helvetia-web --example render -- OUT.html [players] [actions] [lang] [step]`
//!
//! With `step` (`pay`, `wake`, `marry`, `birth`, `deliver`, `draft`), it stops at the first
//! such decision after `actions` decisions.

use helvetia_engine::{Game, GameOptions, Seat};
use helvetia_web::{pages, render_table, story_lines, Lang, PlayerInfo, TableInput};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = args.get(1).cloned().unwrap_or_else(|| "table.html".into());
    let players: u8 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);
    let actions: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(300);
    let lang = args
        .get(4)
        .and_then(|a| Lang::from_code(a))
        .unwrap_or(Lang::En);
    let mut game = Game::new(GameOptions::for_players(players), 5);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let names: Vec<String> = ["Anna", "Beat", "Chiara", "Dario"][..usize::from(players)]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let stop_at = args.get(5).cloned();
    let mut log = Vec::new();
    for played in 0.. {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let step = match game.position().phase {
            helvetia_engine::Phase::Turn { turn, .. } => format!("{:?}", turn.step).to_lowercase(),
            phase => format!("{phase:?}").to_lowercase(),
        };
        let arrived = match &stop_at {
            Some(wanted) => step.starts_with(wanted.as_str()),
            None => true,
        };
        if played >= actions && arrived {
            break;
        }
        let action = legal[rng.next_u64() as usize % legal.len()];
        let before = game.view();
        game.play(action).expect("legal");
        log.extend(story_lines(lang, &names, &before, &action, &game.view()));
    }
    let infos: Vec<PlayerInfo> = names
        .iter()
        .enumerate()
        .map(|(i, name)| PlayerInfo {
            seat: Seat(i as u8),
            name: name.clone(),
            is_bot: i == 2,
            stands_in: false,
            connected: i != 1,
        })
        .collect();
    let viewer = game.to_move().or(Some(Seat(0)));
    let legal = game.legal_actions();
    let view = game.view();
    let table = render_table(&TableInput {
        legal: &legal,
        version: actions as u64,
        can_undo: true,
        log: &log,
        ..TableInput::new("demo", &view, &infos, lang)
    });
    let page = pages::game(
        lang,
        Some("Anna"),
        "token",
        pages::GameTable {
            game_id: "demo",
            seat: viewer,
            initial_table_html: &table,
            waiting: None,
            plays_forced_steps: viewer.map(|_| true),
        },
        (&[], pages::Phrases(&[])),
    )
    .replace(
        "<link rel=\"stylesheet\" href=\"/static/app.css\">",
        &format!("<style>{}</style>", helvetia_web::STATIC_CSS),
    );
    std::fs::write(&out, page).expect("write the page");
    println!(
        "{out}: {} legal actions, phase {:?}, round {}, table {} bytes, {} log lines",
        legal.len(),
        game.position().phase,
        game.position().round,
        table.len(),
        log.len()
    );
}
