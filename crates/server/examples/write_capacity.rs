//! How many log writes the store commits a second when many games write at once, without
//! sockets, JSON updates or a load generator sharing the processor: the ceiling the write path
//! puts on a server with processor time to spare (`docs/performance.md`, the eighth round).
//!
//! ```sh
//! cargo run --release -p helvetia-server --example write_capacity -- sqlite://capacity.db 200 10
//! ```
//! Creates that many running two-player games (one account plays both seats), then one task per
//! game appends the engine's first legal action, waits for the commit and appends the next, for
//! that many seconds or until its game ends (after about 300 actions). Prints the writes
//! committed a second and the process's processor time per write.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use helvetia_engine::{Game, GameOptions};
use helvetia_server::domain::seats::{GameStatus, Occupant, SeatRecord};
use helvetia_server::storage::{
    AccountCap, CapKind, GameRecordRow, LogChange, RowSummary, Store, UserRecord,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let url = args
        .next()
        .expect("a database URL (sqlite://FILE or postgres://…)");
    let games: usize = args
        .next()
        .map_or(200, |n| n.parse().expect("a number of games"));
    let seconds: u64 = args.next().map_or(10, |n| n.parse().expect("seconds"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(measure(&url, games, Duration::from_secs(seconds)));
}

async fn measure(url: &str, games: usize, length: Duration) {
    let store = Store::connect(url, "capacity")
        .await
        .expect("the database opens");
    let user = UserRecord {
        id: "capacity".into(),
        username: "capacity".into(),
        password_hash: "x".into(),
        bot: false,
    };
    store.create_user(&user, "en", 0).await.expect("an account");
    let mut started = Vec::new();
    for n in 0..games {
        started.push(running_game(&store, &user, &format!("capacity{n}")).await);
    }
    let written = Arc::new(AtomicU64::new(0));
    let begin = Instant::now();
    let cpu_before = cpu_seconds();
    let mut tasks = Vec::new();
    for (id, game) in started {
        let (store, written) = (store.clone(), written.clone());
        tasks.push(tokio::spawn(async move {
            play(&store, &id, game, begin + length, &written).await;
        }));
    }
    for task in tasks {
        task.await.expect("a writer task");
    }
    let elapsed = begin.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu_before;
    let writes = written.load(Ordering::Relaxed);
    println!("games writing at once: {games}");
    println!("writes committed:      {writes} in {elapsed:.1} s");
    println!("writes a second:       {:.0}", writes as f64 / elapsed);
    println!(
        "processor per write:   {:.1} µs",
        cpu / writes.max(1) as f64 * 1e6
    );
}

/// A running two-player game stored as the lobby stores one, and the engine's game for it.
async fn running_game(store: &Store, user: &UserRecord, id: &str) -> (String, Game) {
    let options = GameOptions::for_players(2);
    let seats = (0..2)
        .map(|seat| {
            let occupant = Occupant::Human {
                user_id: user.id.clone(),
                username: user.username.clone(),
                invite: None,
            };
            SeatRecord::new(seat, occupant)
        })
        .collect();
    let record = GameRecordRow::open(id, &user.id, (options, 11), seats);
    let cap = AccountCap {
        user_id: user.id.clone(),
        kind: CapKind::OpenGames,
        limit: u32::MAX,
    };
    store.create_game(&record, &cap).await.expect("a game");
    let game = Game::new(options, 11);
    let running = (GameStatus::Open, GameStatus::Running);
    store
        .set_status(id, running, game.to_move(), None, None, None)
        .await
        .expect("the game starts");
    (id.to_string(), game)
}

/// Appends `game`'s first legal action after another, each after the last one's commit, until
/// `deadline` or the game's end.
async fn play(store: &Store, id: &str, mut game: Game, deadline: Instant, written: &AtomicU64) {
    let mut version = 0;
    while let Some(seat) = game.to_move().filter(|_| Instant::now() < deadline) {
        let action = game.legal_actions()[0];
        game.play(action).expect("a legal action");
        let summary = RowSummary::running(game.to_move());
        let change = LogChange::Append {
            index: version,
            seat,
            action,
        };
        store
            .change_log(id, version, change, summary, None)
            .await
            .expect("the write is committed");
        version += 1;
        written.fetch_add(1, Ordering::Relaxed);
    }
}

/// This process's processor time so far, from `/proc/self/stat`.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the name).
    (ticks(11) + ticks(12)) / 100.0
}
