//! Log-in flood benchmark: while attackers send wrong-password log-ins as fast as they can from
//! many client addresses (127.0.0.2, 127.0.0.3, … on loopback), a real user logs in with the
//! right password every three seconds. Reports the real user's log-in time (successes) and how
//! often the user was refused, and what became of the flood.
//!
//! ```sh
//! cargo run --release -p helvetia-server --example login_flood -- --addresses 40 --seconds 20
//! cargo run --release -p helvetia-server --example login_flood -- --addresses 40 --seconds 20 --unlimited
//! ```
//! `--unlimited` lifts the per-address log-in limit (`--auth-per-minute`), so that only the
//! bounded hashing queue stands between the flood and the real user. The server runs in this
//! process on a temporary SQLite database.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;

struct Options {
    addresses: u8,
    seconds: u64,
    unlimited: bool,
}

fn options() -> Options {
    let mut options = Options {
        addresses: 40,
        seconds: 20,
        unlimited: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value after the flag");
        match arg.as_str() {
            "--addresses" => options.addresses = value().parse().expect("a count up to 250"),
            "--seconds" => options.seconds = value().parse().expect("seconds"),
            "--unlimited" => options.unlimited = true,
            other => panic!("unknown argument {other}"),
        }
    }
    options
}

/// A client from `address` holding a CSRF cookie.
async fn client(base: &str, address: IpAddr) -> (reqwest::Client, String) {
    let http = reqwest::Client::builder()
        .local_address(address)
        .build()
        .unwrap();
    let response = http.get(format!("{base}/api/me")).send().await.unwrap();
    let csrf = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok()?.strip_prefix("helvetia_csrf="))
        .map(|rest| rest.split(';').next().unwrap().to_string())
        .next()
        .expect("a CSRF cookie");
    (http, csrf)
}

async fn post(http: &reqwest::Client, base: &str, csrf: &str, path: &str, body: String) -> u16 {
    http.post(format!("{base}{path}"))
        .header("cookie", format!("helvetia_csrf={csrf}"))
        .header("x-csrf-token", csrf)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .map_or(0, |response| response.status().as_u16())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let options = options();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run(options));
}

async fn run(options: Options) {
    let dir = tempfile::tempdir().unwrap();
    let config = helvetia_server::Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url: format!("sqlite://{}", dir.path().join("flood.db").display()),
        auth_per_minute: if options.unlimited { 1_000_000 } else { 20 },
        // The real user logs in every three seconds, which no person does: their own account's
        // limit is not what is measured.
        login_per_account_minute: 1_000_000,
        ..helvetia_server::Config::default()
    };
    let server = helvetia_server::spawn(config).await.expect("server starts");
    let base = format!("http://{}", server.addr);
    let real_ip = IpAddr::V4(Ipv4Addr::LOCALHOST);
    let (real, real_csrf) = client(&base, real_ip).await;
    let credentials = json!({"username": "realuser", "password": "correct horse"}).to_string();
    assert_eq!(
        post(
            &real,
            &base,
            &real_csrf,
            "/api/register",
            credentials.clone()
        )
        .await,
        201
    );

    // Without a flood, for comparison.
    let mut quiet = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        assert_eq!(
            post(&real, &base, &real_csrf, "/api/login", credentials.clone()).await,
            200
        );
        quiet.push(started.elapsed());
    }
    quiet.sort();

    let stop = Instant::now() + Duration::from_secs(options.seconds);
    let counts: Arc<[AtomicU64; 3]> = Arc::new(Default::default());
    let mut attackers = Vec::new();
    for i in 0..options.addresses {
        let address = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + i));
        let (base, counts) = (base.clone(), counts.clone());
        attackers.push(tokio::spawn(async move {
            let (http, csrf) = client(&base, address).await;
            let mut n = 0u64;
            while Instant::now() < stop {
                n += 1;
                // Names nobody has: the per-account limit does not stop them.
                let guess = json!({"username": format!("guess{i}x{n}"), "password": "wrong guess"});
                let status = post(&http, &base, &csrf, "/api/login", guess.to_string()).await;
                let slot = match status {
                    401 => 0,
                    429 => 1,
                    _ => 2,
                };
                counts[slot].fetch_add(1, Ordering::Relaxed);
            }
        }));
    }

    let (mut times, mut refused, mut attempts) = (Vec::new(), 0, 0);
    while Instant::now() < stop {
        attempts += 1;
        let started = Instant::now();
        let status = post(&real, &base, &real_csrf, "/api/login", credentials.clone()).await;
        match status {
            200 => times.push(started.elapsed()),
            429 => refused += 1,
            other => panic!("the real user's log-in answered {other}"),
        }
        // Within the per-address limit of 20 log-ins a minute: the user's own address is not
        // what is measured.
        tokio::time::sleep(Duration::from_secs(3)).await;
    }
    for attacker in attackers {
        attacker.await.unwrap();
    }
    times.sort();
    let [checked, limited, other] = [0, 1, 2].map(|i| counts[i].load(Ordering::Relaxed));
    println!(
        "flood: {} addresses for {} s, per-address limit {}",
        options.addresses,
        options.seconds,
        if options.unlimited {
            "lifted"
        } else {
            "20/min"
        }
    );
    println!(
        "flood answers: {checked} checked (401), {limited} refused (429), {other} other ({:.0}/s in all)",
        (checked + limited + other) as f64 / options.seconds as f64
    );
    println!(
        "real user: {} of {attempts} log-ins succeeded, {refused} refused (429); \
         log-in time p50 {:.1} ms, p90 {:.1} ms, max {:.1} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1000.0,
        percentile(&times, 0.9).as_secs_f64() * 1000.0,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
    );
    println!(
        "real user without a flood: p50 {:.1} ms",
        percentile(&quiet, 0.5).as_secs_f64() * 1000.0
    );
}
