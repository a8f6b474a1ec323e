//! Fills a database with many finished games, as a community's year of play would: for the
//! start-up and memory benchmark of `docs/performance.md` (start-up reads no game log, so it
//! must not depend on how many games are stored), and for the export's memory.
//!
//! ```sh
//! cargo run --release -p helvetia-server --example stored_history -- sqlite://history.db 20000
//! ```
//! Each game is a random legal game of 2 to 4 players played to its end by the engine, stored
//! with its whole log and the games row's summary, as the server stores games.

use helvetia_engine::{Game, GameOptions};
use helvetia_server::storage::Store;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use sqlx::AnyPool;

/// Rows per INSERT statement, and games per transaction.
const ROWS_PER_INSERT: usize = 400;
const GAMES_PER_COMMIT: usize = 200;

fn main() {
    let mut args = std::env::args().skip(1);
    let url = args
        .next()
        .expect("a database URL (sqlite://FILE or postgres://…)");
    let games: usize = args
        .next()
        .map_or(20_000, |n| n.parse().expect("a number of games"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(fill(&url, games));
}

async fn fill(url: &str, games: usize) {
    // The server's own migrations create the schema.
    Store::connect(url, "history")
        .await
        .expect("the database opens")
        .close()
        .await;
    let pool = AnyPool::connect(url).await.expect("the database opens");
    sqlx::query(
        "INSERT INTO users (id, username, username_key, password_hash, created_at) \
         VALUES ('history', 'history', 'history', 'x', 0) ON CONFLICT DO NOTHING",
    )
    .execute(&pool)
    .await
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut actions_total = 0usize;
    let started = std::time::Instant::now();
    for batch_start in (0..games).step_by(GAMES_PER_COMMIT) {
        let mut tx = pool.begin().await.unwrap();
        let mut rows: Vec<(String, usize, u8, String)> = Vec::new();
        for n in batch_start..(batch_start + GAMES_PER_COMMIT).min(games) {
            let id = format!("h{n:07}");
            let players = 2 + (rng.next_u32() % 3) as u8;
            let options = GameOptions::for_players(players);
            let seed = rng.next_u64() >> 1;
            let mut game = Game::new(options, seed);
            let mut index = 0;
            while let Some(seat) = game.to_move() {
                let legal = game.legal_actions();
                let action = legal[(rng.next_u32() as usize) % legal.len()];
                game.play_unchecked(action);
                rows.push((
                    id.clone(),
                    index,
                    seat.0,
                    serde_json::to_string(&action).unwrap(),
                ));
                index += 1;
            }
            actions_total += index;
            let winners: Vec<String> = game
                .standings()
                .iter()
                .filter(|s| s.rank == 1)
                .map(|s| s.seat.0.to_string())
                .collect();
            sqlx::query(
                "INSERT INTO games (id, creator_id, options, seed, status, created_at, version, \
                 winners, finished_at) VALUES ($1, 'history', $2, $3, 'finished', $4, $5, $6, $7)",
            )
            .bind(&id)
            .bind(serde_json::to_string(&options).unwrap())
            .bind(seed as i64)
            .bind(1_700_000_000 + n as i64)
            .bind(index as i64)
            .bind(winners.join(","))
            .bind(1_700_000_000 + n as i64 + 3_600)
            .execute(&mut *tx)
            .await
            .unwrap();
            for seat in 0..players {
                sqlx::query(
                    "INSERT INTO seats (game_id, seat, kind, bot_level) VALUES ($1, $2, 'bot', 'random')",
                )
                .bind(&id)
                .bind(i64::from(seat))
                .execute(&mut *tx)
                .await
                .unwrap();
            }
        }
        for chunk in rows.chunks(ROWS_PER_INSERT) {
            let values: Vec<String> = (0..chunk.len())
                .map(|i| {
                    format!(
                        "(${}, ${}, ${}, ${})",
                        4 * i + 1,
                        4 * i + 2,
                        4 * i + 3,
                        4 * i + 4
                    )
                })
                .collect();
            let sql = format!(
                "INSERT INTO actions (game_id, idx, seat, action) VALUES {}",
                values.join(", ")
            );
            let mut query = sqlx::query(&sql);
            for (id, index, seat, action) in chunk {
                query = query
                    .bind(id.as_str())
                    .bind(*index as i64)
                    .bind(i64::from(*seat))
                    .bind(action.as_str());
            }
            query.execute(&mut *tx).await.unwrap();
        }
        tx.commit().await.unwrap();
        eprint!(
            "\r{} games, {actions_total} actions, {:.0} s",
            (batch_start + GAMES_PER_COMMIT).min(games),
            started.elapsed().as_secs_f64()
        );
    }
    eprintln!();
    println!("stored {games} finished games with {actions_total} actions in {url}");
}
