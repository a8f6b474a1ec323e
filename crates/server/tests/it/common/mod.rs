//! Test harness: a real server on a loopback port, real HTTP and WebSocket clients, and a
//! transcript of every payload the clients received (for the hidden-information scan).

#![allow(dead_code)]

pub mod bot_client;
pub mod log_appends;
pub mod services;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use helvetia_server::{spawn, Config, RunningServer};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// Waits until `check` holds, or gives up after `time`; tells whether it held.
pub async fn within<F: AsyncFnMut() -> bool>(time: Duration, mut check: F) -> bool {
    let deadline = std::time::Instant::now() + time;
    while std::time::Instant::now() < deadline {
        if check().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

/// The databases every test runs against: SQLite, and PostgreSQL unless the person running the
/// tests opted out (see [`services`]). Each test gets a PostgreSQL database of its own, so tests
/// running at once never see each other's games.
///
/// # Panics
/// When `HELVETIA_TEST_POSTGRES` is neither a URL nor `skip`.
pub async fn databases() -> Vec<Database> {
    let mut list = vec![Database::sqlite()];
    if let Some(url) = services::postgres_admin_url() {
        list.push(Database::postgres(&url).await);
    }
    list
}

/// A database URL, with the temporary directory that holds a SQLite file.
pub struct Database {
    pub url: String,
    _dir: Option<Arc<tempfile::TempDir>>,
}

impl Database {
    pub fn sqlite() -> Database {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("test.db").display());
        Database {
            url,
            _dir: Some(Arc::new(dir)),
        }
    }

    /// A new, empty database on the server of `admin_url` (whose user may create databases).
    pub async fn postgres(admin_url: &str) -> Database {
        use sqlx::Connection;
        let name = format!("helvetia_t_{}", &helvetia_server::random_token()[..16]);
        let mut admin = sqlx::PgConnection::connect(admin_url)
            .await
            .expect("the test PostgreSQL answers");
        sqlx::Executor::execute(&mut admin, format!("CREATE DATABASE {name}").as_str())
            .await
            .expect("a test database");
        let (server, _) = admin_url.rsplit_once('/').expect("a database URL");
        Database {
            url: format!("{server}/{name}"),
            _dir: None,
        }
    }

    /// Runs one statement on the database with `$1` bound to `id`, as an operator (or a broken
    /// disk) might change it while no server runs.
    pub async fn edit(&self, sql: &str, id: &str) {
        let pool = sqlx::AnyPool::connect(&self.url).await.unwrap();
        sqlx::query(sql).bind(id).execute(&pool).await.unwrap();
        pool.close().await;
    }

    pub fn same(&self) -> Database {
        Database {
            url: self.url.clone(),
            _dir: self._dir.clone(),
        }
    }
}

/// Everything the clients of one test received, in order.
#[derive(Clone, Default)]
pub struct Transcript(Arc<Mutex<Vec<String>>>);

impl Transcript {
    pub fn record(&self, payload: &str) {
        self.0.lock().unwrap().push(payload.to_string());
    }

    pub fn payloads(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }
}

/// A server under test.
pub struct TestServer {
    pub server: RunningServer,
    pub base: String,
    pub addr: SocketAddr,
    pub transcript: Transcript,
    pub database: Database,
}

pub fn test_config(url: &str) -> Config {
    Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url: url.to_string(),
        auth_per_minute: 10_000,
        bot_think_ms: 20,
        // Every test client connects from 127.0.0.1: the per-address cap is tested on its own.
        max_connections_per_address: 10_000,
        // A bot's event stream hears of what happens as it is published; the read it makes
        // every 30 s in case a notice was lost would hide a change it did not hear of.
        bot_events_recheck_secs: 3600,
        // The miner's searches would slow every test that finishes a game: its own tests run
        // it.
        puzzle_mining_share: 0.0,
        ..Config::default()
    }
}

impl TestServer {
    pub async fn start(database: Database) -> TestServer {
        let config = test_config(&database.url);
        TestServer::start_with(database, config).await
    }

    pub async fn start_with(database: Database, config: Config) -> TestServer {
        let server = spawn(config).await.expect("server starts");
        let addr = server.addr;
        TestServer {
            server,
            base: format!("http://{addr}"),
            addr,
            transcript: Transcript::default(),
            database,
        }
    }

    /// A fresh client holding a CSRF cookie, not logged in.
    pub async fn client(&self) -> Client {
        let mut client = Client {
            // Idle connections are given up before the server closes them (its header-read
            // timeout, 10 s by default): a request is never sent on one the server is closing.
            http: reqwest::Client::builder()
                .pool_idle_timeout(std::time::Duration::from_secs(5))
                .build()
                .expect("a client"),
            base: self.base.clone(),
            session: None,
            csrf: None,
            transcript: self.transcript.clone(),
        };
        let (status, _) = client.get("/api/me").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert!(client.csrf.is_some(), "the server hands out a CSRF cookie");
        client
    }

    /// A client with a new account of a unique name that plays every decision itself: forced
    /// steps are not played for it (the server would otherwise race the test's own clicks).
    pub async fn user(&self, prefix: &str) -> Client {
        let mut client = self.user_as_created(prefix).await;
        let (status, body) = client
            .post(
                "/api/settings/forced-steps",
                json!({"play_forced_steps": false}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        client
    }

    /// How many looks without a failure this node's periodic `worker` (deadlines, mail) has
    /// finished, as its `/metrics` counts them.
    pub async fn worker_looks(&self, worker: &str) -> u64 {
        self.node_counter("helvetia_worker_looks_total", ("worker", worker))
            .await
    }

    /// This node's count of the counter `name` with the label `label` (`/metrics`; the
    /// recorder is shared by every server of the test process, whose counts the node label
    /// tells apart).
    pub async fn node_counter(&self, name: &str, (label, value): (&str, &str)) -> u64 {
        let metrics = reqwest::get(format!("{}/metrics", self.base))
            .await
            .expect("/metrics answers")
            .text()
            .await
            .expect("a text");
        let node = self.server.state.store.node();
        metrics
            .lines()
            .filter(|line| line.starts_with(&format!("{name}{{")))
            .filter(|line| line.contains(&format!("{label}=\"{value}\"")))
            .filter(|line| line.contains(&format!("node=\"{node}\"")))
            .find_map(|line| line.rsplit(' ').next()?.parse().ok())
            .unwrap_or(0)
    }

    /// Waits (at most 20 s) until this node's `worker` has finished two more looks: the second
    /// began after this call, so it saw everything that happened before. A check that something
    /// did *not* happen waits for this instead of sleeping.
    pub async fn wait_for_a_look_since_now(&self, worker: &str) {
        let before = self.worker_looks(worker).await;
        let looked = within(Duration::from_secs(20), async || {
            self.worker_looks(worker).await >= before + 2
        })
        .await;
        assert!(looked, "the {worker} worker stopped looking");
    }

    /// A client with a new account of a unique name, its settings as the server sets them.
    pub async fn user_as_created(&self, prefix: &str) -> Client {
        let mut client = self.client().await;
        let name = unique_name(prefix);
        let (status, body) = client
            .post(
                "/api/register",
                json!({"username": name, "password": "correct horse"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert!(client.session.is_some());
        client
    }
}

/// The time `seconds` from now, as RFC 3339 (a tournament's start).
pub fn rfc3339_in(seconds: i64) -> String {
    let at = time::OffsetDateTime::now_utc() + time::Duration::seconds(seconds);
    at.format(&time::format_description::well_known::Rfc3339)
        .expect("a time formats")
}

/// A name no other test (or earlier run on the same PostgreSQL database) uses.
pub fn unique_name(prefix: &str) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{prefix}{}_{n}_{nanos:x}", std::process::id() % 10_000)
        .chars()
        .take(24)
        .collect()
}

/// An HTTP client that keeps our two cookies by hand.
pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
    pub session: Option<String>,
    pub csrf: Option<String>,
    pub transcript: Transcript,
}

impl Client {
    pub fn cookie_header(&self) -> String {
        let mut parts = Vec::new();
        if let Some(session) = &self.session {
            parts.push(format!("helvetia_session={session}"));
        }
        if let Some(csrf) = &self.csrf {
            parts.push(format!("helvetia_csrf={csrf}"));
        }
        parts.join("; ")
    }

    fn take_cookies(&mut self, response: &reqwest::Response) {
        for value in response.headers().get_all(reqwest::header::SET_COOKIE) {
            let value = value.to_str().unwrap();
            let pair = value.split(';').next().unwrap();
            let (name, token) = pair.split_once('=').unwrap();
            let token = (!token.is_empty()).then(|| token.to_string());
            match name {
                "helvetia_session" => self.session = token,
                "helvetia_csrf" => self.csrf = token,
                _ => {}
            }
        }
    }

    async fn finish(&mut self, response: reqwest::Response) -> (StatusCode, Value) {
        let (status, text) = self.finish_text(response).await;
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    /// Keeps the answer's cookies and records its payload (for the tests of what leaves the
    /// server).
    async fn finish_text(&mut self, response: reqwest::Response) -> (StatusCode, String) {
        self.take_cookies(&response);
        let status = response.status();
        let text = response.text().await.unwrap();
        self.transcript.record(&text);
        (status, text)
    }

    pub async fn get(&mut self, path: &str) -> (StatusCode, Value) {
        let response = self.send_get(path).await;
        self.finish(response).await
    }

    /// A GET that keeps the client's cookies as they are, so it needs no exclusive borrow.
    pub async fn clone_get(&self, path: &str) -> (StatusCode, Value) {
        let (status, text) = self.clone_get_text(path).await;
        (status, serde_json::from_str(&text).unwrap())
    }

    /// [`Client::clone_get`] answered with text (pages).
    pub async fn clone_get_text(&self, path: &str) -> (StatusCode, String) {
        let response = self.send_get(path).await;
        let status = response.status();
        let text = response.text().await.unwrap();
        self.transcript.record(&text);
        (status, text)
    }

    async fn send_get(&self, path: &str) -> reqwest::Response {
        self.http
            .get(format!("{}{path}", self.base))
            .header("cookie", self.cookie_header())
            .send()
            .await
            .unwrap()
    }

    /// A GET answered with text (pages).
    pub async fn get_text(&mut self, path: &str) -> (StatusCode, String) {
        let (status, body) = self.get(path).await;
        let text = match body {
            Value::String(text) => text,
            other => other.to_string(),
        };
        (status, text)
    }

    pub async fn post(&mut self, path: &str, body: Value) -> (StatusCode, Value) {
        let csrf = self.csrf.clone().unwrap_or_default();
        self.post_raw(path, body.to_string(), &[("x-csrf-token", &csrf)])
            .await
    }

    /// A POST with exactly these extra headers (no CSRF header unless given).
    pub async fn post_raw(
        &mut self,
        path: &str,
        body: String,
        headers: &[(&str, &str)],
    ) -> (StatusCode, Value) {
        let mut request = self
            .http
            .post(format!("{}{path}", self.base))
            .header("cookie", self.cookie_header())
            .header("content-type", "application/json")
            .body(body);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.unwrap();
        self.finish(response).await
    }

    pub async fn state(&mut self, game: &str) -> Value {
        let (status, body) = self.get(&format!("/api/games/{game}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }

    /// What [`play_http`] reads of the game before each action: `GET /api/games/{id}` as
    /// [`Client::state`], recorded alike, with only its status, the viewer's legal actions and
    /// the version read. The rest (the view, the whole log in words) is skipped, not built:
    /// building it as a [`Value`] at every action was most of the client's work in a whole game.
    pub async fn decision(&mut self, game: &str) -> Decision {
        let response = self.send_get(&format!("/api/games/{game}")).await;
        let (status, text) = self.finish_text(response).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        serde_json::from_str(&text).expect("a game's state")
    }

    /// A WebSocket with JSON updates, as bots and scripts use it.
    pub async fn ws(&self, game: &str) -> Ws {
        self.ws_with(game, &[]).await.expect("WebSocket connects")
    }

    /// A WebSocket with table updates (`?format=html`), as the browser uses it.
    pub async fn ws_html(&self, game: &str) -> Ws {
        self.ws_at(&format!("/api/games/{game}/ws?format=html"), &[])
            .await
            .expect("WebSocket connects")
    }

    pub async fn ws_with(&self, game: &str, headers: &[(&str, &str)]) -> Result<Ws, String> {
        self.ws_at(&format!("/api/games/{game}/ws"), headers).await
    }

    pub async fn ws_at(&self, path: &str, headers: &[(&str, &str)]) -> Result<Ws, String> {
        let url = format!("{}{path}", self.base.replace("http://", "ws://"));
        let mut request = url.into_client_request().unwrap();
        request
            .headers_mut()
            .insert("cookie", self.cookie_header().parse().unwrap());
        for (name, value) in headers {
            let name: reqwest::header::HeaderName = name.parse().unwrap();
            request.headers_mut().insert(name, value.parse().unwrap());
        }
        let (stream, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Ws {
            stream,
            transcript: self.transcript.clone(),
            table: String::new(),
        })
    }
}

type Stream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket client.
pub struct Ws {
    pub stream: Stream,
    transcript: Transcript,
    /// The table as a browser shows it (`?format=html`): whole at first, then changed by each
    /// "table" message.
    table: String,
}

/// The value of attribute `name` on the table's root element.
pub fn root_attribute<'a>(html: &'a str, name: &str) -> &'a str {
    let marker = format!("{name}=\"");
    let start = html.find(&marker).expect("the attribute is there") + marker.len();
    let length = html[start..].find('"').expect("a closing quote");
    &html[start..start + length]
}

impl Ws {
    /// The next message (10 s at most). A table update (the whole table, or the changes to
    /// it) is answered as `{"type": "update", "version": …, "your_turn": …, "html": …}` with
    /// the whole table as the browser has it then.
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(10), self.stream.next())
                .await
                .expect("a message within 10 s")
                .expect("the socket is open")
                .expect("a valid frame");
            if let Message::Text(text) = message {
                self.transcript.record(text.as_str());
                let mut text = text.as_str();
                if text.starts_with('<') || text.starts_with("{\"type\":\"table\"") {
                    helvetia_web::apply_update(&mut self.table, text).expect("the changes apply");
                    text = &self.table;
                    return json!({
                        "type": "update",
                        "version": root_attribute(text, "data-version").parse::<u64>().unwrap(),
                        "your_turn": root_attribute(text, "data-your-turn") == "true",
                        "status": root_attribute(text, "data-status"),
                        "html": text,
                    });
                }
                return serde_json::from_str(text).unwrap();
            }
        }
    }

    /// The first update at `version` or later (skipping presence-only updates).
    pub async fn update_at(&mut self, version: u64) -> Value {
        loop {
            let message = self.next().await;
            if message["type"] == "update" && message["version"].as_u64().unwrap() >= version {
                return message;
            }
        }
    }

    /// The first update or changes (`?format=json-changes`) at `version` or later.
    pub async fn update_or_changes_at(&mut self, version: u64) -> Value {
        loop {
            let message = self.next().await;
            let kind = &message["type"];
            if (kind == "update" || kind == "changes")
                && message["version"].as_u64().unwrap() >= version
            {
                return message;
            }
        }
    }

    pub async fn send(&mut self, message: Value) {
        self.stream
            .send(Message::Text(message.to_string().into()))
            .await
            .unwrap();
    }

    /// The next error message, skipping updates: its code, words and detail.
    pub async fn error(&mut self) -> String {
        loop {
            let message = self.next().await;
            if message["type"] == "error" {
                return format!(
                    "{} {} {}",
                    message["code"], message["message"], message["detail"]
                );
            }
        }
    }
}

/// Whether a game state (as `GET /api/games/{id}` answers it) offers its viewer a decision.
pub fn decides(state: &Value) -> bool {
    !state["legal"].as_array().unwrap().is_empty()
}

/// Of the two players of game `id`, the one whose decision it is.
pub async fn mover_of<'a>(id: &str, anna: &'a mut Client, beat: &'a mut Client) -> &'a mut Client {
    if decides(&anna.state(id).await) {
        anna
    } else {
        beat
    }
}

/// Creates a game as `creator` with these seats and answers its id and invitations.
pub async fn create_game(creator: &mut Client, options: Value, seats: Value) -> (String, Value) {
    let (status, body) = creator
        .post("/api/games", json!({"options": options, "seats": seats}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    (
        body["id"].as_str().unwrap().to_string(),
        body["invites"].clone(),
    )
}

/// Two-player options, shortened by a round limit when `rounds` is given.
pub fn two_player_options(rounds: Option<u16>) -> Value {
    json!({"players": 2, "round_limit": rounds})
}

/// A running two-player game between two new accounts.
pub async fn two_player_game(server: &TestServer, rounds: Option<u16>) -> (String, Client, Client) {
    let mut anna = server.user("anna").await;
    let mut beat = server.user("beat").await;
    let (id, _) = create_game(
        &mut anna,
        two_player_options(rounds),
        json!([{"kind": "me"}, {"kind": "open"}]),
    )
    .await;
    join_and_start(&id, &mut anna, &mut beat).await;
    (id, anna, beat)
}

/// `joiner` takes the open seat of `creator`'s game `id`, and `creator` starts it.
pub async fn join_and_start(id: &str, creator: &mut Client, joiner: &mut Client) {
    join_all_and_start(id, creator, [joiner]).await;
}

/// Each of `joiners` takes an open seat of `creator`'s game `id`, and `creator` starts it.
pub async fn join_all_and_start<'a>(
    id: &str,
    creator: &mut Client,
    joiners: impl IntoIterator<Item = &'a mut Client>,
) {
    for joiner in joiners {
        let (status, body) = joiner
            .post(&format!("/api/games/{id}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = creator
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The part of a game's state [`play_http`] goes by (see [`Client::decision`]).
#[derive(serde::Deserialize)]
pub struct Decision {
    pub status: String,
    pub legal: Vec<serde::de::IgnoredAny>,
    pub version: u64,
}

/// Plays legal action `pick(len)` for whoever of `players` is to move, over HTTP, until the
/// game is finished or `limit` actions were played. Answers the actions played.
pub async fn play_http(
    game: &str,
    players: &mut [&mut Client],
    limit: usize,
    mut pick: impl FnMut(usize) -> usize,
) -> usize {
    let mut played = 0;
    while played < limit {
        let mut moved = false;
        let mut finished = false;
        for client in players.iter_mut() {
            // A player usually takes several actions in a row: they go on while they decide.
            while played < limit {
                let state = client.decision(game).await;
                if state.status == "finished" {
                    finished = true;
                    break;
                }
                if state.legal.is_empty() {
                    break;
                }
                let version = state.version;
                let index = pick(state.legal.len());
                let (status, body) = client
                    .post(
                        &format!("/api/games/{game}/actions"),
                        json!({"version": version, "index": index}),
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
                assert_eq!(body["version"], version + 1);
                played += 1;
                moved = true;
            }
            if finished {
                break;
            }
        }
        if finished {
            break;
        }
        if !moved {
            // A bot is thinking.
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    played
}

/// Starts a game of three with `options` (`players` set here) made by `creator`, joined by the
/// two others.
pub async fn start_for_three(
    creator: &mut Client,
    joiners: [&mut Client; 2],
    mut options: Value,
) -> String {
    options["players"] = json!(3);
    let (id, _) = create_game(
        creator,
        options,
        json!([{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]),
    )
    .await;
    join_all_and_start(&id, creator, joiners).await;
    id
}
