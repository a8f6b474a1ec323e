//! A bot account's program: its token instead of cookies, and the making of a bot account and
//! its tokens.

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::{Client, TestServer};

/// A program playing as a bot: no cookies, its token in every request.
pub struct TokenClient {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl TokenClient {
    pub fn new(base: &str, token: &str) -> TokenClient {
        TokenClient {
            http: reqwest::Client::new(),
            base: base.to_string(),
            token: token.to_string(),
        }
    }

    pub async fn answer(response: reqwest::Response) -> (StatusCode, Value) {
        let status = response.status();
        let text = response.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .unwrap();
        TokenClient::answer(response).await
    }

    /// The status of a GET, without reading the body (which a stream never ends).
    pub async fn status_of(&self, path: &str) -> StatusCode {
        self.http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .unwrap()
            .status()
    }

    /// A POST without any CSRF token: a program has none, and needs none.
    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .json(&body)
            .send()
            .await
            .unwrap();
        TokenClient::answer(response).await
    }
}

/// A new bot account with a token: its own session, its program, and its name.
pub async fn a_bot(server: &TestServer) -> (Client, TokenClient, String) {
    let mut robo = server.user("robo").await;
    become_bot(&mut robo).await;
    let (_, secret) = new_token(&mut robo, "player").await;
    let bot = TokenClient::new(&server.base, &secret);
    let name = robo.clone_get("/api/me").await.1["username"]
        .as_str()
        .unwrap()
        .to_string();
    (robo, bot, name)
}

/// `bot` takes the seat kept for it in `host`'s game `id`, and `host` starts the game.
pub async fn accept_and_start(bot: &TokenClient, host: &mut Client, id: &str) {
    let (status, body) = bot
        .post(&format!("/api/bot/games/{id}/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = host
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Turns `client`'s fresh account into a bot account.
pub async fn become_bot(client: &mut Client) {
    let (status, body) = client
        .post("/api/account/bot", json!({"for_good": true}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// A new token of `bot`'s account: its id and secret.
pub async fn new_token(bot: &mut Client, name: &str) -> (String, String) {
    let (status, body) = bot.post("/api/bot/tokens", json!({"name": name})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    let secret = body["token"].as_str().unwrap().to_string();
    (id, secret)
}

/// A stream of lines of JSON (`application/x-ndjson`) as a bot program reads it.
pub struct Lines {
    response: reqwest::Response,
    buffer: Vec<u8>,
    transcript: super::Transcript,
    /// Empty lines (keep-alives) read so far.
    pub keep_alives: usize,
}

impl TokenClient {
    /// Opens the stream at `path`; every line read is recorded in `transcript`.
    pub async fn stream(&self, path: &str, transcript: &super::Transcript) -> Lines {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "application/x-ndjson",
            "{path}"
        );
        Lines {
            response,
            buffer: Vec::new(),
            transcript: transcript.clone(),
            keep_alives: 0,
        }
    }
}

impl Lines {
    /// The next object, `None` when the stream ended; panics after `wait` without one.
    pub async fn next_within(&mut self, wait: std::time::Duration) -> Option<Value> {
        tokio::time::timeout(wait, self.next())
            .await
            .unwrap_or_else(|_| panic!("no line within {wait:?}"))
    }

    /// The next object, or `None` if nothing comes within `wait` (the stream stays usable).
    pub async fn try_next(&mut self, wait: std::time::Duration) -> Option<Option<Value>> {
        tokio::time::timeout(wait, self.next()).await.ok()
    }

    /// The next object, skipping keep-alives; `None` when the stream ended.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = std::str::from_utf8(&line[..end]).unwrap();
                if text.trim().is_empty() {
                    self.keep_alives += 1;
                    continue;
                }
                self.transcript.record(text);
                return Some(serde_json::from_str(text).unwrap());
            }
            match self.response.chunk().await.unwrap() {
                Some(chunk) => self.buffer.extend_from_slice(&chunk),
                None => {
                    assert!(self.buffer.is_empty(), "the stream ended within a line");
                    return None;
                }
            }
        }
    }
}
