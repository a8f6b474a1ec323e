//! A puzzle drawn and worded for its reader: the table at its decision, seen from the seat that
//! decides (the seats named "Player 1" and so on: a puzzle names nobody of the game it came
//! from), and an action of it in words, as the story words a decision.

use helvetia_ai::puzzles::Puzzle;
use helvetia_engine::{Action, Seat, View};
use helvetia_web::{render_table, render_text_table, story_lines, Lang, PlayerInfo, TableInput};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The names of the puzzle's seats in `lang`.
pub fn seat_names(puzzle: &Puzzle, lang: Lang) -> Vec<String> {
    puzzle
        .view
        .position
        .options
        .seats()
        .map(|seat| lang.tr_args("puzzles-seat", &[("n", (seat.0 + 1).into())]))
        .collect()
}

/// The table of puzzle `id` at the decision of `view` (the puzzle's, or a later step's of its
/// line), its legal actions clickable: drawn, or where `text` as the text mode's table for the
/// seat that decides, its actions numbered.
pub fn table_html(id: &str, puzzle: &Puzzle, view: &View, lang: Lang, text: bool) -> String {
    let players: Vec<PlayerInfo> = seat_names(puzzle, lang)
        .into_iter()
        .enumerate()
        .map(|(seat, name)| PlayerInfo {
            seat: Seat(seat as u8),
            name,
            is_bot: false,
            stands_in: false,
            connected: true,
        })
        .collect();
    let legal = view.legal_actions();
    let input = TableInput {
        legal: &legal,
        ..TableInput::new(id, view, &players, lang)
    };
    if text {
        render_text_table(&input, Some(puzzle.mover()))
    } else {
        render_table(&input)
    }
}

/// `action`, legal at the decision of `view` (one of the puzzle's line), in words
/// (`"Player 2: build the Butcher"`'s decision, without the name).
pub fn action_said(puzzle: &Puzzle, view: &View, action: &Action, lang: Lang) -> String {
    // The unseen tiles are dealt for the view after it only: a decision's words never depend
    // on them.
    let mut game = view.determinize(&mut ChaCha8Rng::seed_from_u64(0));
    if game.play(*action).is_err() {
        return String::new();
    }
    let names = seat_names(puzzle, lang);
    story_lines(lang, &names, view, action, &game.view())
        .first()
        .map(|line| line.text.clone())
        .unwrap_or_default()
}
