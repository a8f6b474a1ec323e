//! Bytes per table update, and which parts they are made of: whole random games, for every
//! player and one spectator, each sent what changed since its last table.
//!
//! `cargo run --release -p helvetia-web --example update_sizes -- [players] [games] [lang]`
//!
//! Prints the median and the 90th percentile of the updates after the first table, for players
//! and the spectator, and the bytes each kind of part adds over all updates.

use std::collections::BTreeMap;

use helvetia_engine::{marks_of, recent_turns, Game, GameOptions, Mark, Seat};
use helvetia_web::{
    render_table_parts, story_lines, Lang, PlayerInfo, RenderedTable, TableCache, TableInput,
    TableUpdate,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Sizes seen so far: every update's length, and bytes by kind of part.
#[derive(Default)]
struct Tally {
    players: Vec<usize>,
    spectators: Vec<usize>,
    by_part: BTreeMap<String, usize>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let lang = args
        .get(3)
        .and_then(|a| Lang::from_code(a))
        .unwrap_or(Lang::En);
    let mut tally = Tally::default();
    for seed in 0..games {
        play_game(players, seed, lang, &mut tally);
    }
    for (who, sizes) in [
        ("players", &mut tally.players),
        ("spectator", &mut tally.spectators),
    ] {
        sizes.sort_unstable();
        println!(
            "{who}: {} updates, median {} B, 90th percentile {} B, mean {} B",
            sizes.len(),
            sizes[sizes.len() / 2],
            sizes[sizes.len() * 9 / 10],
            sizes.iter().sum::<usize>() / sizes.len().max(1)
        );
    }
    let all: usize = tally.by_part.values().sum();
    let mut parts: Vec<_> = tally.by_part.into_iter().collect();
    parts.sort_by_key(|(_, bytes)| std::cmp::Reverse(*bytes));
    println!("bytes by part, over all updates:");
    for (part, bytes) in parts {
        println!(
            "  {part:<20} {:>5.1}%  {bytes}",
            bytes as f64 * 100.0 / all as f64
        );
    }
}

fn play_game(players: u8, seed: u64, lang: Lang, tally: &mut Tally) {
    let mut game = Game::new(GameOptions::for_players(players), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let names: Vec<String> = ["Anna", "Beat", "Chiara", "Dario"][..usize::from(players)]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let infos: Vec<PlayerInfo> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| PlayerInfo {
            seat: Seat(seat as u8),
            name: name.clone(),
            is_bot: false,
            stands_in: false,
            connected: true,
        })
        .collect();
    let cache = TableCache::default();
    let viewers: Vec<Option<Seat>> = (0..players).map(|s| Some(Seat(s))).chain([None]).collect();
    let mut sent: Vec<Option<RenderedTable>> = viewers.iter().map(|_| None).collect();
    let mut log = Vec::new();
    let mut acted: Vec<(Seat, Vec<Mark>)> = Vec::new();
    for version in 0u64.. {
        let view = game.view();
        let actions: Vec<(Seat, &[Mark])> = acted.iter().map(|(s, m)| (*s, m.as_slice())).collect();
        let recent = recent_turns(&actions, game.to_move(), players);
        for (viewer, sent) in viewers.iter().zip(&mut sent) {
            let legal = if game.to_move() == *viewer {
                game.legal_actions().to_vec()
            } else {
                Vec::new()
            };
            let table = render_table_parts(
                &TableInput {
                    legal: &legal,
                    version,
                    can_undo: !legal.is_empty(),
                    log: &log,
                    recent: &recent,
                    ..TableInput::new("g1", &view, &infos, lang)
                },
                &cache,
            );
            let first = sent.is_none();
            let message = match table.update_since(sent.as_ref()) {
                TableUpdate::Whole(html) => Some((html, true)),
                TableUpdate::Changes(json) => Some((json, false)),
                TableUpdate::Unchanged => None,
            };
            if let (Some((message, whole)), false) = (message, first) {
                match viewer {
                    Some(_) => tally.players.push(message.len()),
                    None => tally.spectators.push(message.len()),
                }
                count_parts(&message, whole, &mut tally.by_part);
            }
            *sent = Some(table);
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
    }
}

/// Adds the bytes of each part of `message` to `by_part` (villages counted together).
fn count_parts(message: &str, whole: bool, by_part: &mut BTreeMap<String, usize>) {
    let mut add = |part: &str, bytes: usize| *by_part.entry(part.to_string()).or_default() += bytes;
    if whole {
        add("(whole table)", message.len());
        return;
    }
    let value: serde_json::Value = serde_json::from_str(message).expect("a JSON message");
    let mut counted = 0;
    let root = value["root"].as_str().unwrap_or_default().len();
    add("(root)", root);
    counted += root;
    for part in value["parts"].as_array().into_iter().flatten() {
        let id = part[0].as_str().unwrap_or_default();
        let kind = id.trim_end_matches(|c: char| c.is_ascii_digit());
        let bytes = part[1].as_str().unwrap_or_default().len();
        add(kind, bytes);
        counted += bytes;
    }
    if let Some(log) = value["log"].as_object() {
        let bytes: usize = log.values().filter_map(|v| v.as_str()).map(str::len).sum();
        add("(log lines)", bytes);
        counted += bytes;
    }
    add("(JSON escaping)", message.len().saturating_sub(counted));
}
