//! Load generator: many concurrent two-player games, every player and spectator on a WebSocket,
//! players answering each update that makes them the mover with a random legal action.
//!
//! Reports actions per second sustained and the latency from each submission until every
//! viewer of that game (both players and the spectators) has received the resulting update.
//!
//! By default every viewer is a browser (`--format html`): it receives the rendered table (whole,
//! then the changes, applied to its copy as the browser does; their sizes are reported) and a
//! player clicks one of its `data-action` targets. `--format json` makes them API clients that
//! receive the whole view with every update; `--format json-changes`, API clients that receive
//! what changed in the view (a JSON Patch: each checks that it starts from the version it holds
//! and, as a `json` client skips the view, skips the patch).
//! Without `--rate` each player answers at once (a closed loop: the server runs flat out);
//! `--rate R` paces the games so that together they submit about R actions per second, as
//! people who think between moves do, and the latencies show how the server copes with R.
//! `--forced-steps off` turns off, for the players' accounts, the server playing their forced
//! steps after its pause (a setting that is on for everyone by default).
//!
//! ```sh
//! helvetia serve --addr 127.0.0.1:8080 --database sqlite://load.db --auth-per-minute 100000 &
//! cargo run --release -p helvetia-server --example loadtest -- --url http://127.0.0.1:8080 --games 200 --seconds 30 --rate 2000
//! ```
//! Without `--url` it starts a server in this process on a temporary SQLite database.
//!
//! With `--url2` (a second node on the same PostgreSQL database), each game is created on the
//! first node and joined on the second; the first player and the game's creator talk to the
//! first node, the second player and the spectators to the second, and the latency from a move
//! on one node to the viewers on the other is reported apart.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

struct Options {
    url: Option<String>,
    url2: Option<String>,
    games: usize,
    seconds: u64,
    spectators: usize,
    /// Seconds played before the measurement starts (not counted).
    warmup: u64,
    /// Actions per second all games together aim at; `None`: as fast as the server answers.
    rate: Option<f64>,
    /// Browsers (`html`) or API clients (`json`, `json-changes`).
    format: String,
    /// Whether the server plays the players' forced steps for them after its pause (their
    /// accounts' setting; on, as for everyone, unless `--forced-steps off`).
    forced_steps: bool,
}

fn options() -> Options {
    let mut options = Options {
        url: None,
        url2: None,
        games: 200,
        seconds: 30,
        spectators: 1,
        warmup: 5,
        rate: None,
        format: "html".to_string(),
        forced_steps: true,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--url" => options.url = Some(value),
            "--url2" => options.url2 = Some(value.trim_end_matches('/').to_string()),
            "--games" => options.games = value.parse().expect("--games N"),
            "--seconds" => options.seconds = value.parse().expect("--seconds N"),
            "--spectators" => options.spectators = value.parse().expect("--spectators N"),
            "--warmup" => options.warmup = value.parse().expect("--warmup SECONDS"),
            "--rate" => options.rate = Some(value.parse().expect("--rate ACTIONS_PER_SECOND")),
            "--format" => {
                assert!(
                    ["html", "json", "json-changes"].contains(&value.as_str()),
                    "--format html|json|json-changes"
                );
                options.format = value;
            }
            "--forced-steps" => {
                assert!(value == "on" || value == "off", "--forced-steps on|off");
                options.forced_steps = value == "on";
            }
            other => panic!(
                "unknown option {other} (--url, --url2, --games, --seconds, --warmup, --spectators, --rate, --format, --forced-steps)"
            ),
        }
    }
    options
}

/// Submission times and deliveries of one game's actions.
#[derive(Default)]
struct Track {
    /// Viewers still to receive the result of the action submitted at that version, when it
    /// was submitted, and to which node.
    waiting: HashMap<u64, (usize, Instant, usize)>,
    /// With `--rate`: when this game may submit its next action.
    next_submission: Option<Instant>,
}

/// Results of the whole run.
#[derive(Default)]
struct Totals {
    latencies_ms: Mutex<Vec<f64>>,
    /// From a submission on one node to its delivery to a viewer on the other.
    remote_ms: Mutex<Vec<f64>>,
    actions: AtomicU64,
    games_finished: AtomicU64,
    errors: AtomicU64,
    bytes: AtomicU64,
    messages: AtomicU64,
    /// Bytes of each update after a socket's first, to players and to spectators.
    player_sizes: Mutex<Vec<usize>>,
    spectator_sizes: Mutex<Vec<usize>>,
}

/// What a viewer needs from an update, in either format.
struct Seen {
    error: Option<String>,
    version: u64,
    finished: bool,
    /// Number of legal actions the viewer may choose from (0 unless it is their turn).
    choices: usize,
}

impl Seen {
    /// Reads a table update (HTML, as the browser gets it) or a JSON message.
    fn read(text: &str) -> Seen {
        if text.starts_with('<') {
            // Every legal action is clickable exactly once, numbered from 0; only the table of
            // the player to move has any.
            let choices = if attribute(text, "data-your-turn") == "true" {
                text.match_indices("data-action=\"")
                    .filter_map(|(at, marker)| {
                        let rest = &text[at + marker.len()..];
                        rest[..rest.find('"')?].parse::<usize>().ok()
                    })
                    .max()
                    .map_or(0, |highest| highest + 1)
            } else {
                0
            };
            return Seen {
                error: None,
                version: attribute(text, "data-version").parse().unwrap(),
                finished: attribute(text, "data-status") == "finished",
                choices,
            };
        }
        Seen::from(serde_json::from_str::<Update>(text).unwrap())
    }
}

impl From<Update> for Seen {
    fn from(update: Update) -> Seen {
        Seen {
            error: (update.kind == "error").then_some(update.message),
            version: update.version,
            finished: update.status == "finished",
            choices: update.legal.len(),
        }
    }
}

/// What a JSON client that asked for changes (`--format json-changes`) holds: the version of
/// its view. Like a `json` client, which skips the view, it skips the patch (applying it is a
/// client's work, not the server's, and the generator shares the server's cores; the tests
/// apply them), and checks that each patch starts from the version it holds.
#[derive(Default)]
struct HeldView {
    version: u64,
}

impl HeldView {
    /// Reads a JSON message; an error if its changes start from another version than the one
    /// held.
    fn read(&mut self, text: &str) -> Result<Seen, String> {
        let update: Update = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if update.kind == "changes" && update.since != self.version {
            return Err(format!(
                "changes since {}, held {}",
                update.since, self.version
            ));
        }
        if update.kind != "error" {
            self.version = update.version;
        }
        Ok(Seen::from(update))
    }
}

/// The value of the first attribute `name` (the table root's come first).
fn attribute<'a>(html: &'a str, name: &str) -> &'a str {
    let marker = format!("{name}=\"");
    let start = html.find(&marker).expect("the attribute is there") + marker.len();
    &html[start..start + html[start..].find('"').unwrap()]
}

/// A JSON message as the viewers read it (`since`: only in changes).
#[derive(Deserialize)]
struct Update {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    version: u64,
    #[serde(default)]
    since: u64,
    #[serde(default)]
    legal: Vec<serde::de::IgnoredAny>,
    #[serde(default)]
    status: String,
    #[serde(default)]
    message: String,
}

struct Account {
    cookies: String,
    csrf: String,
}

async fn account(http: &reqwest::Client, base: &str, name: &str) -> Account {
    let response = http.get(format!("{base}/api/me")).send().await.unwrap();
    let csrf = cookie(&response, "helvetia_csrf").expect("a CSRF cookie");
    let mut tries = 0;
    let response = loop {
        tries += 1;
        let response = http
            .post(format!("{base}/api/register"))
            .header("cookie", format!("helvetia_csrf={csrf}"))
            .header("x-csrf-token", &csrf)
            .header("content-type", "application/json")
            .body(json!({"username": name, "password": "load test pw"}).to_string())
            .send()
            .await
            .unwrap();
        // The server checks a bounded number of passwords at once: wait and try again.
        if response.status() != 429 || tries == 200 {
            break response;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(
        response.status(),
        201,
        "registration (raise --auth-per-minute)"
    );
    let session = cookie(&response, "helvetia_session").unwrap();
    // The token is bound to the session: the registration's answer brings the new one.
    let csrf = cookie(&response, "helvetia_csrf").expect("a session-bound CSRF cookie");
    Account {
        cookies: format!("helvetia_csrf={csrf}; helvetia_session={session}"),
        csrf,
    }
}

fn cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next()?.split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_string())
}

async fn post(http: &reqwest::Client, base: &str, who: &Account, path: &str, body: Value) -> Value {
    let response = http
        .post(format!("{base}{path}"))
        .header("cookie", &who.cookies)
        .header("x-csrf-token", &who.csrf)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    assert!(
        response.status().is_success(),
        "{path}: {}",
        response.status()
    );
    response.json().await.unwrap()
}

/// A running game: created and started by `a` on `base`, joined by `b` on `base2`.
async fn new_game(
    http: &reqwest::Client,
    base: &str,
    base2: &str,
    a: &Account,
    b: &Account,
) -> String {
    let created = post(
        http,
        base,
        a,
        "/api/games",
        json!({"options": {"players": 2}, "seats": [{"kind": "me"}, {"kind": "open"}]}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    post(http, base2, b, &format!("/api/games/{id}/join"), json!({})).await;
    post(http, base, a, &format!("/api/games/{id}/start"), json!({})).await;
    id
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(base: &str, game: &str, who: &Account, format: &str) -> Socket {
    let url = format!(
        "{}/api/games/{game}/ws?format={format}",
        base.replace("http://", "ws://")
    );
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("cookie", who.cookies.parse().unwrap());
    // A smaller read buffer than the default 128 KiB, which is cleared before every read:
    // the generator shares the machine with the server and should take little of it.
    let config = WebSocketConfig::default().read_buffer_size(32 * 1024);
    tokio_tungstenite::connect_async_with_config(request, Some(config), true)
        .await
        .unwrap()
        .0
}

/// What every table of the run shares.
struct Run {
    base: String,
    /// The second node, if any (index 1; `base` is node 0).
    base2: Option<String>,
    totals: Totals,
    spectators: usize,
    /// Played first and not counted: connections settle and the database digests the set-up.
    warmup: Duration,
    seconds: u64,
    /// With `--rate`: each game submits at most one action per `pace`.
    pace: Option<Duration>,
    format: String,
    games: usize,
    forced_steps: bool,
}

/// One viewer: records deliveries; a player also answers when it is to move.
async fn viewer(
    mut socket: Socket,
    run: Arc<Run>,
    track: Arc<Mutex<Track>>,
    plays: bool,
    node: usize,
    start: Instant,
    seed: u64,
) {
    let totals = &run.totals;
    let counted_from = start + run.warmup;
    let deadline = counted_from + Duration::from_secs(run.seconds);
    let viewers = 2 + run.spectators;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = 0u64;
    let mut answered = None;
    // The table as a browser shows it: the first whole, then changed by each message.
    let mut table = String::new();
    // The version of the view a JSON client that asked for changes holds.
    let mut held = (run.format == "json-changes").then(HeldView::default);
    while let Ok(Some(Ok(message))) = tokio::time::timeout_at(deadline.into(), socket.next()).await
    {
        let Message::Text(text) = message else {
            continue;
        };
        totals.bytes.fetch_add(text.len() as u64, Ordering::Relaxed);
        totals.messages.fetch_add(1, Ordering::Relaxed);
        let is_table = text.starts_with('<') || text.starts_with("{\"type\":\"table\"");
        if is_table {
            if !table.is_empty() {
                let sizes = if plays {
                    &totals.player_sizes
                } else {
                    &totals.spectator_sizes
                };
                sizes.lock().unwrap().push(text.len());
            }
            // A message that does not apply is counted, not fatal: the viewer goes on.
            if let Err(error) = helvetia_web::apply_update(&mut table, text.as_str()) {
                totals.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("error: an update that does not apply: {error}");
                continue;
            }
        }
        let update = match &mut held {
            Some(held) => match held.read(text.as_str()) {
                Ok(update) => update,
                Err(error) => {
                    totals.errors.fetch_add(1, Ordering::Relaxed);
                    eprintln!("error: changes that do not apply: {error}");
                    continue;
                }
            },
            None => Seen::read(if is_table { &table } else { text.as_str() }),
        };
        if let Some(error) = update.error {
            totals.errors.fetch_add(1, Ordering::Relaxed);
            eprintln!("error: {error} (answered version {answered:?}, seen {seen})");
            continue;
        }
        let now = Instant::now();
        {
            let mut track = track.lock().unwrap();
            for version in seen..update.version {
                let done = match track.waiting.get_mut(&version) {
                    Some((left, at, mover_node)) => {
                        *left -= 1;
                        if *mover_node != node && *at >= counted_from {
                            let ms = (now - *at).as_secs_f64() * 1000.0;
                            totals.remote_ms.lock().unwrap().push(ms);
                        }
                        *left == 0
                    }
                    None => false,
                };
                if done {
                    let (_, at, _) = track.waiting.remove(&version).unwrap();
                    if at < counted_from {
                        continue;
                    }
                    totals
                        .latencies_ms
                        .lock()
                        .unwrap()
                        .push((now - at).as_secs_f64() * 1000.0);
                    totals.actions.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        seen = seen.max(update.version);
        if update.finished {
            if plays {
                totals.games_finished.fetch_add(1, Ordering::Relaxed);
            }
            return;
        }
        if plays
            && update.choices > 0
            && answered != Some(update.version)
            && Instant::now() < deadline
        {
            answered = Some(update.version);
            let index = (rng.next_u64() % update.choices as u64) as usize;
            if let Some(pace) = run.pace {
                let due = {
                    let mut track = track.lock().unwrap();
                    let due = track.next_submission.unwrap_or(now).max(now);
                    track.next_submission = Some(due + pace);
                    due
                };
                tokio::time::sleep_until(due.into()).await;
            }
            {
                let mut track = track.lock().unwrap();
                track
                    .waiting
                    .insert(update.version, (viewers, Instant::now(), node));
            }
            let message = json!({"type": "action", "version": update.version, "index": index});
            if socket
                .send(Message::Text(message.to_string().into()))
                .await
                .is_err()
            {
                return;
            }
        }
    }
}

/// Plays games between the same two accounts until the deadline.
async fn table(
    run: Arc<Run>,
    n: usize,
    ready: Arc<tokio::sync::Barrier>,
    mut start: tokio::sync::watch::Receiver<Option<Instant>>,
) {
    let base = &run.base;
    // The server closes a kept-alive connection idle for its header-read timeout (10 s by
    // default), and a game lasts longer than that: a request sent on such a connection just as
    // the server closes it is reset. Idle connections are given up well before.
    let http = reqwest::Client::builder()
        .pool_idle_timeout(Duration::from_secs(5))
        .build()
        .expect("an HTTP client");
    let stamp = std::process::id();
    let a = account(&http, base, &format!("la{stamp}_{n}")).await;
    let b = account(&http, base, &format!("lb{stamp}_{n}")).await;
    if !run.forced_steps {
        for player in [&a, &b] {
            let off = json!({"play_forced_steps": false});
            post(&http, base, player, "/api/settings/forced-steps", off).await;
        }
    }
    let watchers: Vec<Account> = {
        let mut list = Vec::new();
        for s in 0..run.spectators {
            list.push(account(&http, base, &format!("ls{stamp}_{n}_{s}")).await);
        }
        list
    };
    // The first game is created and its viewers connected before the run starts: paced games
    // then submit at the phases given below. A game whose first update came after its phase
    // would submit when it came, with every other game connected at that moment: the games
    // would submit in bursts, and each burst wait on the one before.
    let mut first = Some(seat_viewers(&run, &http, (&a, &b), &watchers).await);
    ready.wait().await;
    let start = start.wait_for(Option::is_some).await.unwrap().unwrap();
    let deadline = start + run.warmup + Duration::from_secs(run.seconds);
    let mut round = 0;
    while Instant::now() < deadline {
        let sockets = match first.take() {
            Some(sockets) => sockets,
            None => seat_viewers(&run, &http, (&a, &b), &watchers).await,
        };
        // Paced games are spread evenly over the pace interval, not all submitting at once.
        let phase = run
            .pace
            .filter(|_| round == 0)
            .map(|pace| start + pace.mul_f64(n as f64 / run.games as f64));
        let track = Arc::new(Mutex::new(Track {
            next_submission: phase,
            ..Track::default()
        }));
        let mut tasks = Vec::new();
        for (i, (socket, node)) in sockets.into_iter().enumerate() {
            tasks.push(tokio::spawn(viewer(
                socket,
                run.clone(),
                track.clone(),
                i < 2,
                node,
                start,
                (n * 1000 + round * 10 + i) as u64,
            )));
        }
        for task in tasks {
            let _ = task.await;
        }
        round += 1;
    }
}

/// A new game between `a` and `b`, with a socket (and its node) for each player and spectator.
async fn seat_viewers(
    run: &Run,
    http: &reqwest::Client,
    (a, b): (&Account, &Account),
    watchers: &[Account],
) -> Vec<(Socket, usize)> {
    let base = &run.base;
    let base2 = run.base2.as_ref().unwrap_or(base);
    let game = new_game(http, base, base2, a, b).await;
    let mut sockets = Vec::new();
    for (i, who) in [a, b].into_iter().chain(watchers.iter()).enumerate() {
        // The first player on the first node; everyone else on the second, if there is one.
        let node = usize::from(i > 0 && run.base2.is_some());
        let url = if node == 0 { base } else { base2 };
        sockets.push((connect(url, &game, who, &run.format).await, node));
    }
    sockets
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let options = options();
    // An in-process server gets its own runtime, so the load's tasks do not starve it.
    let _server_runtime;
    let base = match &options.url {
        Some(url) => url.trim_end_matches('/').to_string(),
        None => {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            let dir = std::env::temp_dir().join(format!("helvetia-load-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let config = helvetia_server::Config {
                addr: SocketAddr::from(([127, 0, 0, 1], 0)),
                database_url: format!("sqlite://{}", dir.join("load.db").display()),
                auth_per_minute: 1_000_000,
                // Every simulated player connects from 127.0.0.1.
                max_connections_per_address: 1_000_000,
                ..helvetia_server::Config::default()
            };
            let server = runtime
                .block_on(helvetia_server::spawn(config))
                .expect("server starts");
            let base = format!("http://{}", server.addr);
            std::mem::forget(server);
            _server_runtime = runtime;
            base
        }
    };
    let client = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    client.block_on(async move {
        let run = Arc::new(Run {
            base,
            base2: options.url2.clone(),
            totals: Totals::default(),
            spectators: options.spectators,
            warmup: Duration::from_secs(options.warmup),
            seconds: options.seconds,
            // Each game's share of the rate.
            pace: options
                .rate
                .map(|rate| Duration::from_secs_f64(options.games as f64 / rate)),
            format: options.format.clone(),
            games: options.games,
            forced_steps: options.forced_steps,
        });
        let totals = &run.totals;
        // Accounts first (argon2 is deliberately slow), then every table starts at once.
        let ready = Arc::new(tokio::sync::Barrier::new(options.games + 1));
        let (start_tx, start_rx) = tokio::sync::watch::channel(None::<Instant>);
        let mut tables = Vec::new();
        for n in 0..options.games {
            let table = table(run.clone(), n, ready.clone(), start_rx.clone());
            tables.push(tokio::spawn(table));
        }
        ready.wait().await;
        let start = Instant::now();
        start_tx.send(Some(start)).unwrap();
        eprintln!(
            "{} games set up; warming up for {} s, then measuring for {} s",
            options.games, options.warmup, options.seconds
        );
        for task in tables {
            task.await.unwrap();
        }
        let elapsed = (start.elapsed().as_secs_f64() - options.warmup as f64)
            .min(options.seconds as f64 + 5.0);
        let mut latencies = totals.latencies_ms.lock().unwrap().clone();
        latencies.sort_by(f64::total_cmp);
        let actions = totals.actions.load(Ordering::Relaxed);
        println!("games at once:        {}", options.games);
        println!(
            "viewers are:          {}",
            match options.format.as_str() {
                "html" => "browsers (rendered table)",
                "json-changes" => "API clients (JSON, the view's changes)",
                _ => "API clients (JSON)",
            }
        );
        match options.rate {
            Some(rate) => println!("offered rate:         {rate:.0} actions/s"),
            None => println!("offered rate:         closed loop (each player answers at once)"),
        }
        println!(
            "viewers per game:     {} (2 players + {} spectators)",
            2 + options.spectators,
            options.spectators
        );
        println!(
            "measured for:         {elapsed:.1} s (after {} s of warm-up)",
            options.warmup
        );
        println!("actions delivered:    {actions}");
        println!(
            "actions per second:   {:.0}",
            actions as f64 / options.seconds as f64
        );
        println!(
            "latency p50:          {:.1} ms",
            percentile(&latencies, 0.50)
        );
        println!(
            "latency p90:          {:.1} ms",
            percentile(&latencies, 0.90)
        );
        println!(
            "latency p99:          {:.1} ms",
            percentile(&latencies, 0.99)
        );
        println!(
            "latency max:          {:.1} ms",
            latencies.last().copied().unwrap_or(f64::NAN)
        );
        if options.url2.is_some() {
            let mut remote = totals.remote_ms.lock().unwrap().clone();
            remote.sort_by(f64::total_cmp);
            println!(
                "to the other node:    p50 {:.1} ms, p99 {:.1} ms ({} deliveries)",
                percentile(&remote, 0.50),
                percentile(&remote, 0.99),
                remote.len()
            );
        }
        println!(
            "games finished:       {}",
            totals.games_finished.load(Ordering::Relaxed)
        );
        println!(
            "error messages:       {}",
            totals.errors.load(Ordering::Relaxed)
        );
        let messages = totals.messages.load(Ordering::Relaxed).max(1);
        println!(
            "updates received:     {messages}, {} bytes on average",
            totals.bytes.load(Ordering::Relaxed) / messages
        );
        for (who, sizes) in [
            ("players", &totals.player_sizes),
            ("spectators", &totals.spectator_sizes),
        ] {
            let mut sizes = sizes.lock().unwrap().clone();
            if sizes.is_empty() {
                continue;
            }
            sizes.sort_unstable();
            let mean = sizes.iter().sum::<usize>() / sizes.len();
            println!(
                "table updates to {who:<10} median {} bytes, p90 {}, mean {mean} ({} after the first)",
                sizes[sizes.len() / 2],
                sizes[sizes.len() * 9 / 10],
                sizes.len()
            );
        }
    });
}
