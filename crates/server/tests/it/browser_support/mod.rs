//! Shared pieces of the end-to-end browser tests: the server on a free port, ChromeDriver with
//! headless Chromium, and a player who clicks highlighted legal targets until the game ends.
//!
//! These tests need Debian's `chromium-headless-shell`, `chromium` and `chromium-driver`;
//! without them they fail with a message saying so (and how to leave them out), they never
//! skip. Each counts itself (see `common::services`).

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;
use serde_json::{json, Value};
use tempfile::TempDir;

use helvetia_server::{spawn, Config, RunningServer};

mod axe;
pub use axe::{axe_in_every_language, axe_violations, LANGUAGES};
mod finished;
pub use finished::{board_width, end_screen_faults, fault_words, replay_faults};
mod stored_game;
pub use stored_game::store_game_with_a_full_ring_1;
mod text_size;
pub use text_size::small_texts;

/// Which Chromium a [`Browser`] starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chromium {
    /// Debian's `chromium-headless-shell`: the Chromium of the package `chromium` (the same
    /// Blink, V8 and drawing) as a program that is only ever headless, without the browser's
    /// own windows, tabs and profile services. The browser tests take half the processor time
    /// on it (docs/testing.md), so it is the default.
    HeadlessShell,
    /// The `chromium` people run, in its headless mode: the test that checks what the pages
    /// write to the console uses it, so that the pages are seen to run in the whole browser too.
    Full,
}

impl Chromium {
    fn binary(self) -> &'static str {
        match self {
            // The program itself: Debian's `/usr/bin/chromium-headless-shell` is a script that
            // does not `exec` it, and ChromeDriver stops the program it started.
            Chromium::HeadlessShell => "/usr/lib/chromium/chromium-headless-shell",
            Chromium::Full => "/usr/bin/chromium",
        }
    }

    fn package(self) -> &'static str {
        match self {
            Chromium::HeadlessShell => "chromium-headless-shell",
            Chromium::Full => "chromium",
        }
    }
}

/// Debian's package `chromium-driver`.
const CHROMEDRIVER: &str = "chromedriver";

/// A port nobody listens on right now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free local port")
        .port()
}

/// The server under test: one node on a free port with a fresh SQLite database, or two nodes
/// on one PostgreSQL database behind nginx with the site file of `docs/deploy.md`.
pub struct TestServer {
    pub nodes: Vec<RunningServer>,
    pub base: String,
    proxy: Option<Child>,
    _dir: TempDir,
}

fn node_config(database_url: String) -> Config {
    Config {
        addr: "127.0.0.1:0".parse().expect("an address"),
        database_url,
        auth_per_minute: 10_000,
        // Bots answer quickly: the test is about the browser, not their strength.
        bot_think_ms: 20,
        // The browser and nginx both connect from 127.0.0.1.
        max_connections_per_address: 10_000,
        // Analyses finish in seconds: the tests are about the page.
        analysis_iterations: 60,
        // The miner's searches would take the machine from the browsers: its own test runs it.
        puzzle_mining_share: 0.0,
        ..Config::default()
    }
}

/// Debian's nginx, for the tests through the reverse proxy.
const NGINX: &str = "/usr/sbin/nginx";

impl TestServer {
    pub async fn start() -> TestServer {
        TestServer::start_with(|config| config).await
    }

    /// One node on SQLite, with the browser tests' settings changed by `adjust`.
    pub async fn start_with(adjust: fn(Config) -> Config) -> TestServer {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("browser.db").display());
        let server = spawn(adjust(node_config(url)))
            .await
            .expect("the server starts");
        let base = format!("http://{}", server.addr);
        TestServer {
            nodes: vec![server],
            base,
            proxy: None,
            _dir: dir,
        }
    }

    /// Two nodes on the PostgreSQL database `database_url`, behind nginx configured with the
    /// repository's `deploy/nginx/helvetia.conf` (only its ports changed).
    pub async fn behind_proxy(database_url: &str) -> TestServer {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut nodes = Vec::new();
        for _ in 0..2 {
            let node = spawn(node_config(database_url.to_string()))
                .await
                .expect("a node starts");
            nodes.push(node);
        }
        let port = free_port();
        let site = include_str!("../../../../../deploy/nginx/helvetia.conf")
            .replace("127.0.0.1:8081", &nodes[0].addr.to_string())
            .replace("127.0.0.1:8082", &nodes[1].addr.to_string())
            .replace("listen 8080;", &format!("listen 127.0.0.1:{port};"));
        let site_path = dir.path().join("helvetia.conf");
        std::fs::write(&site_path, site).expect("the site file is written");
        let root = dir.path().display();
        let main = format!(
            "daemon off;\nmaster_process off;\npid {root}/nginx.pid;\nerror_log stderr warn;\n\
             events {{ worker_connections 1024; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {root}/body;\n\
             proxy_temp_path {root}/proxy;\n  fastcgi_temp_path {root}/fastcgi;\n\
             uwsgi_temp_path {root}/uwsgi;\n  scgi_temp_path {root}/scgi;\n\
             include {};\n}}\n",
            site_path.display()
        );
        let main_path = dir.path().join("nginx.conf");
        std::fs::write(&main_path, main).expect("the nginx configuration is written");
        let proxy = Command::new(NGINX)
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(&main_path)
            .stdout(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{NGINX} does not start ({e}); install Debian's nginx"));
        let base = format!("http://127.0.0.1:{port}");
        wait_for_port(port).await;
        TestServer {
            nodes,
            base,
            proxy: Some(proxy),
            _dir: dir,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

/// Waits until something accepts connections on `port`.
async fn wait_for_port(port: u16) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        assert!(Instant::now() < deadline, "nothing listens on port {port}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(proxy) = &mut self.proxy {
            let _ = proxy.kill();
            let _ = proxy.wait();
        }
        for node in &self.nodes {
            node.abort();
        }
    }
}

/// ChromeDriver on a free port; each session is a separate headless Chromium with its own
/// fresh profile (a folder ChromeDriver makes and removes), so two sessions are two different
/// people.
pub struct Browser {
    driver: Child,
    url: String,
    chromium: Chromium,
    /// The profile folders of this browser's sessions, as ChromeDriver reported them.
    profiles: Vec<String>,
}

impl Browser {
    /// Starts ChromeDriver for Debian's headless Chromium and waits until it answers.
    ///
    /// # Panics
    /// When ChromeDriver or Chromium is missing: the tests must fail, not skip.
    pub async fn start() -> Browser {
        Browser::start_with(Chromium::HeadlessShell).await
    }

    /// [`Browser::start`] with the given Chromium.
    ///
    /// # Panics
    /// As [`Browser::start`].
    pub async fn start_with(chromium: Chromium) -> Browser {
        let (binary, package) = (chromium.binary(), chromium.package());
        assert!(
            std::path::Path::new(binary).exists(),
            "{binary} is missing: install Debian's {package} and chromium-driver \
             (apt-get install -y {package} chromium-driver), or leave the browser tests out \
             explicitly with `cargo test -- --skip browser_`"
        );
        crate::common::services::count_case("browser");
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot start {CHROMEDRIVER} ({e}): apt-get install -y chromium chromium-driver")
            });
        let url = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "ChromeDriver did not start listening"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Browser {
            driver,
            url,
            chromium,
            profiles: Vec::new(),
        }
    }

    /// A new browser window of `width` × `height` with a fresh profile, whose system asks for
    /// reduced motion: the table's glides and fades are most of what Chromium spends on a move
    /// (40 moves of a game against a bot: 7.3 s of its CPU with motion, 1.5 s without), and the
    /// tests that are about motion, or play a whole game as most people see it, ask for
    /// [`Browser::session_in_motion`].
    pub async fn session(&mut self, width: u32, height: u32) -> Client {
        self.session_with(width, height, &["--force-prefers-reduced-motion"])
            .await
    }

    /// A new browser window as [`Browser::session`], with the table's motion: pieces glide,
    /// the recent turn fades in, legal targets pulse.
    pub async fn session_in_motion(&mut self, width: u32, height: u32) -> Client {
        self.session_with(width, height, &[]).await
    }

    /// A new browser window of `width` × `height` with a fresh profile and Chromium's
    /// `switches` added (such as `--force-prefers-reduced-motion`).
    pub async fn session_with(&mut self, width: u32, height: u32, switches: &[&str]) -> Client {
        // The headless shell is headless without being asked.
        let headless = (self.chromium == Chromium::Full).then_some("--headless");
        let mut args: Vec<String> = headless
            .iter()
            .chain(&[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--lang=en-US",
            ])
            .chain(switches)
            .map(|arg| arg.to_string())
            .collect();
        args.push(format!("--window-size={width},{height}"));
        let mut options = json!({
            "binary": self.chromium.binary(),
            "args": args,
        });
        // Headless Chromium keeps a window at least 500 px wide: a narrower one (a phone) is
        // emulated, so that the page is laid out as wide as asked.
        if width < 500 {
            options["mobileEmulation"] = json!({
                "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0 },
            });
        }
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("goog:chromeOptions".into(), options);
        // Keep what pages write to the console, for `console_log`.
        capabilities.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));
        let mut builder = ClientBuilder::new(HttpConnector::new());
        builder.capabilities(capabilities);
        let mut last = None;
        // Chromium's first start on a cold machine can be slow: try a few times.
        for _ in 0..3 {
            match builder.connect(&self.url).await {
                Ok(client) => {
                    let profile = client
                        .capabilities()
                        .and_then(|c| c.get("chrome")?.get("userDataDir")?.as_str());
                    if let Some(profile) = profile {
                        self.profiles.push(profile.to_string());
                    }
                    return client;
                }
                Err(e) => last = Some(e),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        panic!("headless Chromium did not start: {last:?}");
    }
}

impl Drop for Browser {
    /// Stops ChromeDriver and, should a failed test have left its sessions open, the Chromium
    /// processes started with this browser's own profile directories (and no others).
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let profiles: Vec<String> = self
            .profiles
            .iter()
            .map(|p| format!("--user-data-dir={p}"))
            .collect();
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return;
        };
        for entry in entries.flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
                continue;
            };
            let cmdline = String::from_utf8_lossy(&cmdline);
            if cmdline
                .split('\0')
                .any(|arg| profiles.iter().any(|p| p == arg))
            {
                let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
            }
        }
    }
}

/// ChromeDriver's own command for what the pages wrote to the console (their errors and
/// warnings, the browser's about them included) since it was last asked.
#[derive(Debug)]
struct ConsoleLog;

impl fantoccini::wd::WebDriverCompatibleCommand for ConsoleLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        (
            axum::http::Method::POST,
            Some(json!({ "type": "browser" }).to_string()),
        )
    }
}

/// The console's lines since the last call, each as "LEVEL message".
pub async fn console_log(client: &Client) -> Vec<String> {
    let entries = client
        .issue_cmd(ConsoleLog)
        .await
        .expect("ChromeDriver's console log");
    entries
        .as_array()
        .expect("a list of entries")
        .iter()
        .map(|entry| {
            format!(
                "{} {}",
                entry["level"].as_str().unwrap_or_default(),
                entry["message"].as_str().unwrap_or_default()
            )
        })
        .collect()
}

/// The start of a measuring script: puts pieces still moving from the last change in place (the
/// table glides them there) and ends the legal targets' pulse, so that the page is measured as
/// it rests.
pub const SETTLE: &str = "document.getAnimations().forEach(a => a.finish());
";

/// The text of the element `css` selects, read in one script once it is shown: parts of the
/// table (the end screen among them, when the game's results arrive) are drawn anew, so an
/// element found a moment earlier may be gone when its text is asked for.
pub async fn text_of(client: &Client, css: &str) -> String {
    let selected = format!("document.querySelector({css:?})");
    wait_until(client, &selected, css, Duration::from_secs(10)).await;
    let text = client
        .execute(&format!("return {selected}.innerText"), vec![])
        .await
        .expect("the element's text");
    text.as_str().expect("text").to_string()
}

/// The end screen's text (see [`text_of`]).
pub async fn end_screen_text(client: &Client) -> String {
    text_of(client, ".end-screen").await
}

/// Clicks the element `css` picks and waits (at most 20 s) until `script` holds on the page
/// (`what` names it in the failure).
pub async fn click_then(client: &Client, css: &str, script: &str, what: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css} to click: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("{css} does not take a click: {e}"));
    wait_until(client, script, what, Duration::from_secs(20)).await;
}

/// Waits until `script` (a JavaScript expression) is true in the page, or panics with `what`.
///
/// The page itself looks every 50 ms and answers once it is true or after at most five seconds
/// (within ChromeDriver's limit for a script); asking from here every 50 ms cost each look a
/// round trip through ChromeDriver. A look that fails (the page is being replaced) counts as
/// false.
pub async fn wait_until(client: &Client, script: &str, what: &str, timeout: Duration) {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let patience = left.min(Duration::from_secs(5)).as_millis();
        let value = client
            .execute_async(
                &format!(
                    "const done = arguments[arguments.length - 1];
                     const until = Date.now() + {patience};
                     const holds = () => {{ try {{ return !!({script}); }} catch (e) {{ return false; }} }};
                     (function look() {{
                       if (holds()) done(true);
                       else if (Date.now() >= until) done(false);
                       else setTimeout(look, 50);
                     }})();"
                ),
                vec![],
            )
            .await
            .unwrap_or(Value::Bool(false));
        if value == Value::Bool(true) {
            return;
        }
        if Instant::now() > deadline {
            let url = client
                .current_url()
                .await
                .map(|u| u.to_string())
                .unwrap_or_default();
            let text = page_text(client).await;
            panic!("timed out waiting for {what} on {url}; the page says: {text}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The visible text of the page, shortened, for failure messages.
pub async fn page_text(client: &Client) -> String {
    let text = client
        .execute(
            "return document.body ? document.body.innerText : '';",
            vec![],
        )
        .await
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    text.chars().take(1500).collect()
}

/// Types into the form field `#id`.
pub async fn fill(client: &Client, id: &str, text: &str) {
    let field = client
        .find(Locator::Css(&format!("#{id}")))
        .await
        .unwrap_or_else(|e| panic!("no field #{id}: {e}"));
    field.clear().await.expect("clear the field");
    field.send_keys(text).await.expect("type into the field");
}

/// Registers `name` through the registration page, which leads to the lobby, and turns off
/// forced steps being played for the account: the tests click every decision themselves, and
/// the server playing one at the same moment would race their click.
pub async fn register(client: &Client, server: &TestServer, name: &str) {
    register_as_created(client, server, name).await;
    turn_forced_steps_off(client).await;
}

/// Turns off playing forced steps for the logged-in person, so that a test clicks every
/// decision itself.
pub async fn turn_forced_steps_off(client: &Client) {
    let answer = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const csrf = decodeURIComponent((document.cookie.match(/helvetia_csrf=([^;]*)/) || [])[1] || '');
             fetch('/api/settings/forced-steps', {method: 'POST', credentials: 'same-origin',
               headers: {'content-type': 'application/json', 'x-csrf-token': csrf},
               body: JSON.stringify({play_forced_steps: false})}).then(r => done(r.status));",
            vec![],
        )
        .await
        .expect("turn forced steps off");
    assert_eq!(answer, 200, "the forced-step setting is stored");
}

/// Registers `name` through the registration page, which leads to the lobby; the account's
/// settings stay as the server sets them.
pub async fn register_as_created(client: &Client, server: &TestServer, name: &str) {
    client
        .goto(&server.url("/register"))
        .await
        .expect("open /register");
    fill(client, "username", name).await;
    fill(client, "password", "correct horse battery").await;
    client
        .find(Locator::Css("#account-form button[type=submit]"))
        .await
        .expect("the submit button")
        .click()
        .await
        .expect("submit the registration");
    wait_until(
        client,
        "location.pathname === '/lobby' && document.body.dataset.page === 'lobby'",
        "the lobby after registering",
        Duration::from_secs(20),
    )
    .await;
}

/// Fills the lobby's create form: `seats` are the seat choices' values ("me", "open",
/// "bot:random"…). Returns once the form is sent.
pub async fn create_game(client: &Client, players: u8, seats: &[&str], round_limit: u16) {
    create_game_with(client, players, seats, Some(round_limit)).await;
}

/// [`create_game`], with the round limit off (`None`): the game goes on to the target.
pub async fn create_game_with(
    client: &Client,
    players: u8,
    seats: &[&str],
    round_limit: Option<u16>,
) {
    let form = client
        .find(Locator::Css("#create-game"))
        .await
        .expect("the create form");
    form.find(Locator::Css("#players"))
        .await
        .expect("the player count")
        .select_by_value(&players.to_string())
        .await
        .expect("choose the player count");
    let round_limit = round_limit.map(|limit| limit.to_string());
    fill(
        client,
        "round_limit",
        round_limit.as_deref().unwrap_or_default(),
    )
    .await;
    for (i, seat) in seats.iter().enumerate() {
        form.find(Locator::Css(&format!("select[name=seat{i}]")))
            .await
            .expect("a seat choice")
            .select_by_value(seat)
            .await
            .expect("choose the seat");
    }
    form.find(Locator::Css("button[type=submit]"))
        .await
        .expect("the create button")
        .click()
        .await
        .expect("create the game");
}

/// Anna registers on `server` in `client` (her forced steps left to her) and creates a game of
/// `players` against random bots with a round limit of `rounds`, then waits for its table to
/// connect.
pub async fn anna_plays_against_bots(
    client: &Client,
    server: &TestServer,
    players: u8,
    rounds: u16,
) {
    register(client, server, "anna").await;
    // Every decision of hers waits for her, forced ones too: were they played for her, a round
    // whose decisions were all forced would pass without her (seen once: no decision of hers in
    // round 2, which the desk and phone tests picture).
    turn_forced_steps_off(client).await;
    plays_against_bots(client, players, rounds).await;
}

/// The person logged in to `client` creates, from the lobby's form (the page `client` shows), a
/// game of `players` against random bots with a round limit of `rounds`, then waits for its
/// table to connect.
pub async fn plays_against_bots(client: &Client, players: u8, rounds: u16) {
    let seats = &["me", "bot:random", "bot:random", "bot:random"][..usize::from(players)];
    create_game(client, players, seats, rounds).await;
    wait_until(
        client,
        "location.pathname.startsWith('/games/') && document.getElementById('table')
           && document.getElementById('table').dataset.connected === 'true'",
        "the game page",
        Duration::from_secs(30),
    )
    .await;
}

/// Whether the table `client` shows is past its first round.
pub async fn past_round_one(client: &Client) -> bool {
    let round = client
        .execute(
            "return document.querySelector('#table .table-root').dataset.round;",
            vec![],
        )
        .await
        .expect("the round");
    round.as_str() != Some("1")
}

/// The id of the game whose page `client` shows.
pub async fn game_id(client: &fantoccini::Client) -> String {
    let url = client.current_url().await.expect("the current address");
    url.path()
        .strip_prefix("/games/")
        .expect("a game page")
        .trim_end_matches('/')
        .to_string()
}

/// Anna creates a two-player game with one open seat and a round limit of 1 in the lobby and
/// lands in its waiting room, Beat joins it from his lobby, and Anna starts it from the waiting
/// room, which follows the join by itself; both end on the game's page. Returns the game's id.
pub async fn start_a_game_for_two(anna: &Client, beat: &Client, server: &TestServer) -> String {
    start_a_game_with_beat(anna, beat, server, &["me", "open"], Some(1), Some("lobby")).await
}

/// [`start_a_game_for_two`] with `seats` (one of them `open`, for Beat) and `round_limit`
/// (`None`: off), Beat's lobby pictured as `lobby_screenshot` if named.
pub async fn start_a_game_with_beat(
    anna: &Client,
    beat: &Client,
    server: &TestServer,
    seats: &[&str],
    round_limit: Option<u16>,
    lobby_screenshot: Option<&str>,
) -> String {
    let players = u8::try_from(seats.len()).expect("at most four seats");
    create_game_with(anna, players, seats, round_limit).await;
    wait_until(
        anna,
        "location.pathname.startsWith('/games/') && document.querySelector('.waiting-room')",
        "the new game's waiting room",
        Duration::from_secs(20),
    )
    .await;

    // Beat sees it among the open games and joins.
    beat.goto(&server.url("/lobby"))
        .await
        .expect("open the lobby");
    let join = beat
        .wait()
        .for_element(Locator::Css("#open-games [data-join]"))
        .await
        .expect("a join button for the open game");
    if let Some(name) = lobby_screenshot {
        screenshot(beat, name).await;
    }
    join.click().await.expect("join");
    wait_until(
        beat,
        "location.pathname.startsWith('/games/')",
        "Beat's game page",
        Duration::from_secs(20),
    )
    .await;
    let id = game_id(beat).await;

    // Anna's waiting room notices by itself that the game is full, and she starts it.
    wait_until(
        anna,
        &format!("document.querySelector('[data-start=\"{id}\"]:not([disabled])')"),
        "the start button to be offered in Anna's waiting room without a manual reload",
        Duration::from_secs(30),
    )
    .await;
    anna.find(Locator::Css(&format!("[data-start=\"{id}\"]")))
        .await
        .expect("a start button")
        .click()
        .await
        .expect("start");
    // The waiting room gives way to the table once the page has reloaded after the start.
    wait_until(
        anna,
        &format!("location.pathname === '/games/{id}' && !document.querySelector('.waiting-room')"),
        "Anna's game page with the table instead of the waiting room",
        Duration::from_secs(20),
    )
    .await;
    wait_until(
        beat,
        "!document.querySelector('.waiting-room')",
        "Beat's waiting room to notice the start by itself",
        Duration::from_secs(30),
    )
    .await;

    id
}

/// Saves a screenshot of the window under `docs/screenshots/NAME.png`.
pub async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("a screenshot");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../docs/screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot directory");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("write the screenshot");
}

/// What the table says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableState {
    pub version: u64,
    pub your_turn: bool,
    pub finished: bool,
    pub connected: bool,
    pub error: String,
}

pub async fn table_state(client: &Client) -> Option<TableState> {
    let value = client
        .execute(
            "const root = document.querySelector('#table .table-root');
             if (!root) return null;
             const banner = document.querySelector('.error-banner');
             return {
               version: Number(root.dataset.version),
               yourTurn: root.dataset.yourTurn === 'true',
               finished: root.dataset.status === 'finished',
               connected: document.getElementById('table').dataset.connected === 'true',
               pending: document.getElementById('table').classList.contains('pending'),
               error: banner && !banner.hidden ? banner.textContent : ''
             };",
            vec![],
        )
        .await
        .ok()?;
    if value.is_null() {
        return None;
    }
    Some(TableState {
        version: value["version"].as_u64().unwrap_or(0),
        your_turn: value["yourTurn"].as_bool().unwrap_or(false),
        finished: value["finished"].as_bool().unwrap_or(false),
        connected: value["connected"].as_bool().unwrap_or(false),
        error: value["error"].as_str().unwrap_or_default().to_string(),
    })
}

/// Clicks `element` as a person would; if something covers it (the sticky prompt), scrolls it
/// to the middle of the window and clicks again.
pub async fn click(client: &Client, element: &fantoccini::elements::Element) {
    if element.clone().click().await.is_ok() {
        return;
    }
    client
        .execute(
            "arguments[0].scrollIntoView({block: 'center', inline: 'center'});",
            vec![serde_json::to_value(element).expect("an element reference")],
        )
        .await
        .expect("scroll the target into view");
    if let Err(e) = element.clone().click().await {
        // Say what covers the target: the pieces at its centre, topmost first.
        let covering = client
            .execute(
                "const r = arguments[0].getBoundingClientRect();
                 return document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)
                   .slice(0, 4).map(e => e.tagName + '.' + e.getAttribute('class')).join(' > ');",
                vec![serde_json::to_value(element).expect("an element reference")],
            )
            .await;
        panic!("cannot click the legal target ({e}); at its centre: {covering:?}");
    }
}

/// Makes one decision in `client`'s table: clicks a random highlighted legal target (opening
/// its chooser and picking a random choice when it has one). Returns the label clicked.
pub async fn click_random_legal(client: &Client, rng: &mut ChaCha8Rng) -> String {
    let mut shown = None;
    for _ in 0..10 {
        shown = random_shown_legal_target(client, rng).await;
        if shown.is_some() {
            break;
        }
        // A piece still gliding into place can count as not shown: a key ends the motion, as
        // a person's click would.
        client
            .execute(
                "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));",
                vec![],
            )
            .await
            .expect("end the motion");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let Some(target) = &shown else {
        panic!(
            "your turn, but nothing is highlighted: {}",
            page_text(client).await
        );
    };
    let label = target
        .attr("aria-label")
        .await
        .ok()
        .flatten()
        .unwrap_or(target.text().await.unwrap_or_default());
    let chooser = target.attr("data-chooser").await.ok().flatten();
    click(client, target).await;
    let Some(id) = chooser else {
        confirm_if_asked(client).await;
        return label;
    };
    wait_until(
        client,
        &format!("!document.getElementById('{id}').hidden"),
        "the chooser to open",
        Duration::from_secs(5),
    )
    .await;
    let choices = client
        .find_all(Locator::Css(&format!("#{id} button[data-action]")))
        .await
        .expect("the chooser's buttons");
    assert!(choices.len() >= 2, "a chooser offers at least two choices");
    let choice = &choices[rng.next_u64() as usize % choices.len()];
    let text = choice.text().await.unwrap_or_default();
    click(client, choice).await;
    confirm_if_asked(client).await;
    format!("{label} → {text}")
}

/// A legal target of `client`'s table that is shown, drawn at random among them: the page
/// lists those with a size and not hidden in one script, and WebDriver's own "is displayed"
/// (which also knows what a scrolled panel clips) confirms the one drawn, or it is set aside
/// and another drawn. Asking WebDriver of every target took a round trip each.
async fn random_shown_legal_target(
    client: &Client,
    rng: &mut ChaCha8Rng,
) -> Option<fantoccini::elements::Element> {
    let listed = client
        .execute(
            "return Array.from(document.querySelectorAll(
                 '#table [data-action]:not(.chooser [data-action]), #table [data-chooser]'))
               .filter(el => {
                 const r = el.getBoundingClientRect();
                 return r.width > 0 && r.height > 0
                   && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
               });",
            vec![],
        )
        .await
        .expect("find the legal targets");
    // WebDriver names an element by its reference under this key (W3C WebDriver, "web element
    // identifier").
    const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";
    let mut candidates: Vec<_> = listed
        .as_array()
        .expect("a list of elements")
        .iter()
        .map(|target| {
            let id = target[ELEMENT_KEY].as_str().expect("an element reference");
            fantoccini::elements::Element::from_element_id(client.clone(), id.to_string().into())
        })
        .collect();
    while !candidates.is_empty() {
        let drawn = candidates.swap_remove(rng.next_u64() as usize % candidates.len());
        if drawn.is_displayed().await.unwrap_or(false) {
            return Some(drawn);
        }
    }
    None
}

/// Goes on when the table asks to confirm a decision that leaves coins unused.
pub async fn confirm_if_asked(client: &Client) {
    if let Ok(yes) = client
        .find(Locator::Css(
            "#table .confirm:not([hidden]) [data-confirmed]",
        ))
        .await
    {
        click(client, &yes).await;
    }
}

/// Makes one decision with the keyboard only: focuses a highlighted target of the board (an
/// SVG element with `tabindex="0"`) and presses Enter. Returns its label.
pub async fn decide_with_keyboard(client: &Client) -> String {
    let label = client
        .execute(
            "const target = Array.from(document.querySelectorAll('#table svg [data-action]'))
               .find(el => el.getBoundingClientRect().width > 0);
             if (!target) return null;
             target.scrollIntoView({block: 'center'});
             target.focus();
             return document.activeElement === target ? target.getAttribute('aria-label') : null;",
            vec![],
        )
        .await
        .expect("focus a target");
    let label = label
        .as_str()
        .expect("a focusable highlighted target on the board")
        .to_string();
    press_enter(client).await;
    label
}

/// Sends `body` to `path` as the page's script does (JSON, with the CSRF header); returns the
/// status and the answer's text.
pub async fn post_from_page(client: &Client, path: &str, body: serde_json::Value) -> (u64, String) {
    let answer = client
        .execute_async(
            "const [path, body, done] = arguments;
             const csrf = decodeURIComponent((document.cookie.match(/helvetia_csrf=([^;]*)/) || [])[1] || '');
             fetch(path, {method: 'POST', credentials: 'same-origin',
               headers: {'content-type': 'application/json', 'x-csrf-token': csrf},
               body: JSON.stringify(body)})
               .then(r => r.text().then(t => done([r.status, t])));",
            vec![serde_json::json!(path), body],
        )
        .await
        .expect("a request from the page");
    let status = answer[0].as_u64().expect("a status");
    (status, answer[1].as_str().expect("a body").to_string())
}

/// Makes a rated live tournament for tables of two from `client`'s page (its JSON as the page's
/// form sends it), starting `lead_seconds` from now, with `rounds` rounds; answers its page's
/// path (`/tournaments/{id}`).
pub async fn create_tournament_from_page(
    client: &Client,
    name: &str,
    rounds: u32,
    lead_seconds: u64,
) -> String {
    let starts_at = client
        .execute(
            &format!("return new Date(Date.now() + {lead_seconds} * 1000).toISOString();"),
            vec![],
        )
        .await
        .expect("a start time");
    let (status, created) = post_from_page(
        client,
        "/api/tournaments",
        serde_json::json!({
            "name": name,
            "players": 2,
            "pace": "live-20",
            "rounds": rounds,
            "starts_at": starts_at,
            "rated": true,
            "min_games": 0,
        }),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let created: serde_json::Value = serde_json::from_str(&created).expect("JSON");
    format!("/tournaments/{}", created["id"].as_str().expect("an id"))
}

/// Presses Enter on the element that has the keyboard's focus.
pub async fn press_enter(client: &Client) {
    press(client, "\u{E007}").await;
}

/// Presses `key` (a WebDriver key code) on the element that has the keyboard's focus.
pub async fn press(client: &Client, key: &str) {
    client
        .active_element()
        .await
        .expect("the focused element")
        .send_keys(key)
        .await
        .unwrap_or_else(|e| panic!("press {key:?}: {e}"));
}

/// Opens the puzzle page at `url` (one of `/puzzles?table=text…`) and waits until its text
/// table offers numbered choices and the command field.
pub async fn open_puzzle_in_text(client: &Client, url: &str) {
    client.goto(url).await.unwrap();
    wait_until(
        client,
        "document.querySelector('#text-table .text-actions') && document.getElementById('text-command')",
        "the puzzle in text",
        Duration::from_secs(20),
    )
    .await;
}

/// Types `line` into the text mode's command field and presses Enter.
pub async fn type_command(client: &Client, line: &str) {
    client
        .find(Locator::Id("text-command"))
        .await
        .expect("the command field")
        .send_keys(&format!("{line}\u{E007}"))
        .await
        .expect("type the command");
}

/// Clicks the Undo button if the table offers one; waits until the table shows the next
/// version (an undo is a change too: versions never go back). Returns whether it did.
pub async fn undo_if_offered(client: &Client, before: u64) -> bool {
    let Ok(button) = client.find(Locator::Css("#table [data-undo]")).await else {
        return false;
    };
    click(client, &button).await;
    wait_until(
        client,
        &format!("Number(document.querySelector('#table .table-root').dataset.version) > {before}"),
        "the table to show the undo",
        Duration::from_secs(30),
    )
    .await;
    true
}

/// Plays the game open in every client by clicking legal targets until every table shows
/// the end. `on_decision(client index, version)` runs before each decision, for screenshots;
/// when it returns true it has made the decision itself. Returns the number of decisions.
pub async fn play_until_over<F>(
    clients: &[&Client],
    rng: &mut ChaCha8Rng,
    max_clicks: usize,
    mut on_decision: F,
) -> usize
where
    F: AsyncFnMut(usize, u64) -> bool,
{
    for client in clients {
        wait_until(
            client,
            "document.getElementById('table') && document.getElementById('table').dataset.connected === 'true'",
            "the WebSocket to connect",
            Duration::from_secs(20),
        )
        .await;
    }
    let mut clicks = 0;
    let mut last_change = Instant::now();
    let mut last_versions = vec![0; clients.len()];
    loop {
        let mut states = Vec::new();
        for client in clients {
            states.push(table_state(client).await.expect("the table is on the page"));
        }
        for state in &states {
            assert!(
                state.error.is_empty(),
                "the server refused a click: {}",
                state.error
            );
        }
        if states.iter().all(|s| s.finished) {
            return clicks;
        }
        let versions: Vec<u64> = states.iter().map(|s| s.version).collect();
        if versions != last_versions {
            last_versions = versions;
            last_change = Instant::now();
        }
        assert!(
            last_change.elapsed() < Duration::from_secs(60),
            "the game is stuck at versions {last_versions:?}: {}",
            page_text(clients[0]).await
        );
        let Some(mover) = states.iter().position(|s| s.your_turn && !s.finished) else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let client = clients[mover];
        let before = states[mover].version;
        let title = client.title().await.expect("the document title");
        assert!(
            title.starts_with('●'),
            "the title signals the turn: {title}"
        );
        if !on_decision(mover, before).await {
            click_random_legal(client, rng).await;
        }
        clicks += 1;
        assert!(clicks <= max_clicks, "no end after {max_clicks} clicks");
        wait_until(
            client,
            &format!(
                "(() => {{ const r = document.querySelector('#table .table-root');
                   const b = document.querySelector('.error-banner');
                   return (r && Number(r.dataset.version) !== {before}) || (b && !b.hidden); }})()"
            ),
            "the table to change after a click",
            Duration::from_secs(30),
        )
        .await;
    }
}
