//! Finished games written straight into a server's database, as a server that played them
//! would have stored them, for the export's tests. Random legal play, one round each, 2, 3 and
//! 4 players in turn; seat 0 is a person who shows their name, seat 1 one who chose to be anonymous, the
//! other seats bots.

use helvetia_engine::{Game, GameOptions, GameRecord};
use helvetia_server::storage::Store;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// One game written.
pub struct SeededGame {
    /// Its id.
    pub id: String,
    /// Its record.
    pub record: GameRecord,
    /// When it finished, seconds since the epoch.
    pub finished_at: i64,
}

/// The two people of every seeded game: (name, anonymous in exports).
pub const PEOPLE: [(&str, bool); 2] = [("export_anna", false), ("export_zelda", true)];

/// Writes `games` finished games into the database at `url` (migrated first), the `i`th
/// finishing at `first_at + i` minutes, and answers them.
pub async fn seed(url: &str, games: usize, first_at: i64) -> Vec<SeededGame> {
    Store::connect(url, "seed")
        .await
        .expect("the database")
        .close()
        .await;
    let pool = sqlx::AnyPool::connect(url).await.expect("the database");
    for (i, (name, anonymous)) in PEOPLE.iter().enumerate() {
        sqlx::query(
            "INSERT INTO users (id, username, username_key, password_hash, created_at, \
             export_anonymous) VALUES ($1, $2, $2, 'none', 0, $3)",
        )
        .bind(format!("user{i}"))
        .bind(*name)
        .bind(i64::from(*anonymous))
        .execute(&pool)
        .await
        .expect("a user");
    }
    let mut kept = Vec::new();
    let mut tx = pool.begin().await.unwrap();
    for i in 0..games {
        let players = 2 + (i % 3) as u8;
        let mut options = GameOptions::for_players(players);
        options.round_limit = Some(1);
        let seed = i as u64 * 7_919 + 1;
        let mut game = Game::new(options, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut actions = Vec::new();
        while let Some(seat) = game.to_move() {
            let legal = game.legal_actions();
            let action = legal[(rng.next_u64() % legal.len() as u64) as usize];
            game.play(action).expect("a legal action");
            actions.push((seat, action));
        }
        let id = format!("{i:012x}");
        let finished_at = first_at + 60 * i as i64;
        let winners: Vec<String> = game
            .standings()
            .iter()
            .filter(|standing| standing.rank == 1)
            .map(|standing| standing.seat.0.to_string())
            .collect();
        sqlx::query(
            "INSERT INTO games (id, creator_id, options, seed, status, created_at, version, \
             winners, finished_at) VALUES ($1, 'user0', $2, $3, 'finished', $4, $5, $6, $7)",
        )
        .bind(&id)
        .bind(serde_json::to_string(&options).unwrap())
        .bind(seed as i64)
        .bind(finished_at - 3_600)
        .bind(actions.len() as i64)
        .bind(winners.join(","))
        .bind(finished_at)
        .execute(&mut *tx)
        .await
        .expect("a game");
        for seat in 0..i64::from(players) {
            let (kind, user, level) = match seat {
                0 | 1 => ("human", Some(format!("user{seat}")), None),
                _ => ("bot", None, Some("random")),
            };
            sqlx::query(
                "INSERT INTO seats (game_id, seat, kind, user_id, bot_level) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(&id)
            .bind(seat)
            .bind(kind)
            .bind(user)
            .bind(level)
            .execute(&mut *tx)
            .await
            .expect("a seat");
        }
        for (idx, (seat, action)) in actions.iter().enumerate() {
            sqlx::query("INSERT INTO actions (game_id, idx, seat, action) VALUES ($1, $2, $3, $4)")
                .bind(&id)
                .bind(idx as i64)
                .bind(i64::from(seat.0))
                .bind(serde_json::to_string(action).unwrap())
                .execute(&mut *tx)
                .await
                .expect("an action");
        }
        kept.push(SeededGame {
            id,
            record: GameRecord {
                options,
                seed,
                actions: actions.into_iter().map(|(_, action)| action).collect(),
            },
            finished_at,
        });
    }
    tx.commit().await.unwrap();
    pool.close().await;
    kept
}
