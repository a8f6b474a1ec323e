//! Rendering speed of the game table: the server renders it after every change, once for the
//! player who decides and once per language for everyone who watches, so this bounds how many
//! actions per second a server can show.
//!
//! Run with `cargo bench -p helvetia-web --bench render_table`.

use divan::counter::BytesCount;
use divan::{black_box, AllocProfiler, Bencher};
use helvetia_engine::{Game, GameOptions, Seat};
use helvetia_web::{render_table, Lang, PlayerInfo, TableInput};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The server's allocator, counted.
#[global_allocator]
static ALLOCATOR: AllocProfiler<mimalloc::MiMalloc> = AllocProfiler::new(mimalloc::MiMalloc);

/// A game of `players` after `decisions` random decisions: a table in mid-game.
fn mid_game(players: u8, decisions: usize) -> Game {
    let mut game = Game::new(GameOptions::for_players(players), 7);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..decisions {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let pick = legal[(rng.next_u64() % legal.len() as u64) as usize];
        game.play(pick).expect("a legal action");
    }
    game
}

fn render(game: &Game, players: &[PlayerInfo], decides: bool) -> String {
    let legal = if decides {
        game.legal_actions().to_vec()
    } else {
        Vec::new()
    };
    let log: Vec<helvetia_web::StoryLine> = (0..40)
        .map(|i| helvetia_web::StoryLine {
            round: 1 + i / 10,
            stage: helvetia_web::Stage::Turns,
            seat: Some(Seat(u8::from(i % 4 < 2))),
            text: "end turn".to_string(),
        })
        .collect();
    render_table(&TableInput {
        legal: &legal,
        version: 300,
        can_undo: decides,
        log: &log,
        ..TableInput::new("bench", &game.view(), players, Lang::En)
    })
}

/// The table for a watcher and for the player to move, 2 and 4 players, in mid-game.
#[divan::bench(args = [(2, false), (2, true), (4, false), (4, true)])]
fn table(bencher: Bencher, (players, decides): (u8, bool)) {
    let game = mid_game(players, 150 * usize::from(players));
    let infos: Vec<PlayerInfo> = (0..players)
        .map(|seat| PlayerInfo {
            seat: Seat(seat),
            name: format!("Player {seat}"),
            is_bot: false,
            stands_in: false,
            connected: true,
        })
        .collect();
    let bytes = render(&game, &infos, decides).len();
    bencher
        .counter(BytesCount::new(bytes))
        .bench(|| render(black_box(&game), &infos, decides));
}

fn main() {
    divan::main();
}
