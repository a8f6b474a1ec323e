//! Running `helvetia serve` as a real process, and a player that talks to it over HTTP and
//! WebSocket with its two cookies, for the tests that stop, kill and restart servers.

#![allow(dead_code)]

pub mod finished_games;
#[path = "../../../../server/tests/it/common/services.rs"]
pub mod services;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// Waits until `check` holds, or panics with `what` after `time`.
pub async fn wait_for<F: AsyncFnMut() -> bool>(time: Duration, what: &str, mut check: F) {
    let deadline = Instant::now() + time;
    while !check().await {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A running `helvetia serve` and its base URL.
pub struct Served {
    pub child: Child,
    pub base: String,
}

impl Served {
    /// Starts `helvetia serve` on a free port with `database` and these extra arguments, and
    /// waits until it announces its address.
    pub fn start(database: &str, extra: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_helvetia"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database", database])
            .args(["--auth-per-minute", "1000", "--log-level", "warn"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("helvetia serve starts");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let base = line
            .trim()
            .rsplit(' ')
            .next()
            .filter(|url| url.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address announced: {line:?}"))
            .to_string();
        Served { child, base }
    }

    /// Kills the process without warning (SIGKILL).
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A registered account's client: its cookies, and the node it talks to.
#[derive(Clone)]
pub struct Player {
    pub http: reqwest::Client,
    pub base: String,
    pub cookies: String,
    pub csrf: String,
}

impl Player {
    /// Registers `name` on the node at `base`.
    pub async fn new(base: &str, name: &str) -> Player {
        // Idle connections are given up before the server closes them (see the server's
        // connection tests).
        let http = reqwest::Client::builder()
            .pool_idle_timeout(std::time::Duration::from_secs(5))
            .build()
            .expect("a client");
        let response = http.get(format!("{base}/api/me")).send().await.unwrap();
        let csrf = cookie(&response, "helvetia_csrf").unwrap();
        let mut player = Player {
            http,
            base: base.to_string(),
            cookies: format!("helvetia_csrf={csrf}"),
            csrf,
        };
        let response = player
            .send(
                "/api/register",
                json!({"username": name, "password": "correct horse"}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let session = cookie(&response, "helvetia_session").unwrap();
        // The token is bound to the session: the registration's answer brings the new one.
        player.csrf = cookie(&response, "helvetia_csrf").unwrap();
        player.cookies = format!("helvetia_csrf={}; helvetia_session={session}", player.csrf);
        player
    }

    /// The same account talking to the node at `base`.
    pub fn on(&self, base: &str) -> Player {
        Player {
            base: base.to_string(),
            ..self.clone()
        }
    }

    /// A POST with the account's cookies and CSRF token.
    pub async fn send(&self, path: &str, body: Value) -> reqwest::Response {
        self.http
            .post(format!("{}{path}", self.base))
            .header("cookie", &self.cookies)
            .header("x-csrf-token", &self.csrf)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap()
    }

    /// A POST answered with its status and JSON body.
    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        let response = self.send(path, body).await;
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// A GET answered with its status and JSON body.
    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .header("cookie", &self.cookies)
            .send()
            .await
            .unwrap();
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// The game's state, or `None` if the node does not answer.
    pub async fn state(&self, game: &str) -> Option<Value> {
        let response = self
            .http
            .get(format!("{}/api/games/{game}", self.base))
            .header("cookie", &self.cookies)
            .send()
            .await
            .ok()?;
        response.json().await.ok()
    }

    /// A WebSocket on the game with JSON updates.
    pub async fn ws(&self, game: &str) -> Ws {
        let url = format!(
            "{}/api/games/{game}/ws",
            self.base.replace("http://", "ws://")
        );
        let mut request = url.into_client_request().unwrap();
        request
            .headers_mut()
            .insert("cookie", self.cookies.parse().unwrap());
        let (stream, _) = tokio_tungstenite::connect_async(request)
            .await
            .expect("the WebSocket opens");
        Ws { stream }
    }
}

/// A WebSocket on a game.
pub struct Ws {
    stream: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Ws {
    /// The next JSON message, within 20 s.
    pub async fn next(&mut self) -> Value {
        loop {
            let message =
                tokio::time::timeout(std::time::Duration::from_secs(20), self.stream.next())
                    .await
                    .expect("a message within 20 s")
                    .expect("the socket is open")
                    .expect("a message");
            if let Message::Text(text) = message {
                return serde_json::from_str(&text).unwrap();
            }
        }
    }

    /// Sends a JSON message.
    pub async fn send(&mut self, message: Value) {
        self.stream
            .send(Message::Text(message.to_string().into()))
            .await
            .unwrap();
    }
}

/// The value of cookie `name` set by `response`.
pub fn cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next()?.split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_string())
}

/// A new, empty database on the test PostgreSQL server, or `None` when it was opted out (see
/// [`services`]).
///
/// # Panics
/// When `HELVETIA_TEST_POSTGRES` is neither a URL nor `skip`.
pub async fn postgres_database() -> Option<String> {
    use sqlx::Connection;
    let admin_url = services::postgres_admin_url()?;
    let name = format!("helvetia_t_{}", &helvetia_server::random_token()[..16]);
    let mut admin = sqlx::PgConnection::connect(&admin_url)
        .await
        .expect("the test PostgreSQL answers");
    sqlx::Executor::execute(&mut admin, format!("CREATE DATABASE {name}").as_str())
        .await
        .expect("a test database");
    let (server, _) = admin_url.rsplit_once('/').expect("a database URL");
    Some(format!("{server}/{name}"))
}
