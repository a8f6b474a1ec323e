//! Webhooks against a receiver of the test's own on 127.0.0.1 (the servers run with
//! `--webhooks-allow-private`, but where the address rules are tested): signed POSTs in each
//! format after a start and a turn, a signature no other secret verifies, the address rules,
//! retries and pausing against a receiver that answers 500, the cap of five, bad inputs refused
//! with nothing changed, a restart between the change and the send, and one delivery however
//! many nodes send.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{OriginalUri, State};
use axum::http::{HeaderMap, Method, StatusCode as AxumStatus};
use common::{create_game, databases, join_and_start, play_http, Client, TestServer};
use helvetia_server::Config;
use hmac::{Hmac, Mac};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// One request the receiver got.
#[derive(Clone, Debug)]
struct Received {
    method: Method,
    path: String,
    headers: BTreeMap<String, String>,
    body: Vec<u8>,
}

impl Received {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }

    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("UTF-8")
    }
}

#[derive(Clone, Default)]
struct Record {
    received: Arc<Mutex<Vec<Received>>>,
    status: Arc<AtomicU16>,
}

/// A webhook receiver on 127.0.0.1 that keeps every request and answers the status it is told.
struct Receiver {
    addr: SocketAddr,
    record: Record,
    task: tokio::task::JoinHandle<()>,
}

impl Receiver {
    async fn start() -> Receiver {
        async fn keep(
            State(record): State<Record>,
            method: Method,
            OriginalUri(uri): OriginalUri,
            headers: HeaderMap,
            body: Bytes,
        ) -> AxumStatus {
            let headers = headers
                .iter()
                .map(|(name, value)| {
                    let value = value.to_str().unwrap_or_default().to_string();
                    (name.as_str().to_string(), value)
                })
                .collect();
            record.received.lock().unwrap().push(Received {
                method,
                path: uri.path().to_string(),
                headers,
                body: body.to_vec(),
            });
            AxumStatus::from_u16(record.status.load(Ordering::SeqCst)).unwrap()
        }
        let record = Record::default();
        record.status.store(200, Ordering::SeqCst);
        let app = axum::Router::new()
            .fallback(keep)
            .with_state(record.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Receiver { addr, record, task }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    fn answer(&self, status: u16) {
        self.record.status.store(status, Ordering::SeqCst);
    }

    /// What arrived at `path`, in order.
    fn at(&self, path: &str) -> Vec<Received> {
        let all = self.record.received.lock().unwrap();
        all.iter().filter(|r| r.path == path).cloned().collect()
    }

    fn all(&self) -> Vec<Received> {
        self.record.received.lock().unwrap().clone()
    }

    /// Waits (at most 20 s) until `path` has received `count` requests, and answers them.
    async fn wait_for(&self, path: &str, count: usize) -> Vec<Received> {
        let started = Instant::now();
        loop {
            let received = self.at(path);
            if received.len() >= count {
                return received;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "waited in vain for {count} requests to {path}; all: {:#?}",
                self.all()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A server whose webhooks may reach the test's receivers, looking often and retrying soon.
fn hooks_config(database_url: &str) -> Config {
    Config {
        public_url: Some("https://helvetia.example".into()),
        your_turn_mail_delay_secs: 0,
        webhooks_allow_private: true,
        webhook_tick_ms: 100,
        webhook_retry_ms: 20,
        ..common::test_config(database_url)
    }
}

async fn hooks_server(database: common::Database) -> TestServer {
    let config = hooks_config(&database.url);
    TestServer::start_with(database, config).await
}

/// Adds a hook; answers its id and secret.
async fn add_hook(client: &mut Client, url: &str, format: &str) -> (String, String) {
    let (status, body) = client
        .post(
            "/api/settings/webhooks",
            json!({"url": url, "format": format}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let secret = body["secret"].as_str().unwrap().to_string();
    (body["id"].as_str().unwrap().to_string(), secret)
}

async fn hooks_of(client: &mut Client) -> Vec<Value> {
    let (status, body) = client.get("/api/settings/webhooks").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["webhooks"].as_array().unwrap().clone()
}

async fn name_of(client: &mut Client) -> String {
    let (_, me) = client.get("/api/me").await;
    me["username"].as_str().unwrap().to_string()
}

/// Whether `signature` is `sha256=` and the HMAC-SHA256 of `body` under `secret`, checked as
/// a receiver checks it (with the hmac crate, not the server's code).
fn verifies(secret: &str, body: &[u8], signature: &str) -> bool {
    let Some(hex) = signature.strip_prefix("sha256=") else {
        return false;
    };
    let Ok(digest) = (0..hex.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&hex[at..at + 2], 16))
        .collect::<Result<Vec<u8>, _>>()
    else {
        return false;
    };
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body);
    mac.verify_slice(&digest).is_ok()
}

/// Bruno makes a two-player game, Anna joins, Bruno starts it (Anna is told, Bruno is not).
async fn game_for(anna: &mut Client, bruno: &mut Client) -> String {
    let (id, _) = create_game(
        bruno,
        json!({"players": 2}),
        json!([{"kind": "me"}, {"kind": "open"}]),
    )
    .await;
    join_and_start(&id, bruno, anna).await;
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signed_posts_in_each_format_tell_of_a_start_and_a_turn() {
    for database in databases().await {
        let receiver = Receiver::start().await;
        let server = hooks_server(database).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        let anna_name = name_of(&mut anna).await;
        let mut secrets = BTreeMap::new();
        for format in ["json", "discord", "slack", "ntfy"] {
            let (_, secret) =
                add_hook(&mut anna, &receiver.url(&format!("/{format}")), format).await;
            secrets.insert(format, secret);
        }
        let listed = hooks_of(&mut anna).await;
        assert_eq!(listed.len(), 4, "{listed:?}");
        assert!(
            listed.iter().all(|hook| hook.get("secret").is_none()),
            "the list holds no secret: {listed:?}"
        );

        let id = game_for(&mut anna, &mut bruno).await;
        let link = format!("https://helvetia.example/games/{id}");
        // Turns pass between them; the last decision is Anna's, so her last turn still holds.
        let mut passes = 0;
        let mut last_decider = None;
        while passes < 4 || !common::decides(&anna.state(&id).await) {
            let anna_decides = common::decides(&anna.state(&id).await);
            if last_decider != Some(anna_decides) {
                passes += 1;
                last_decider = Some(anna_decides);
            }
            play_http(&id, &mut [&mut anna, &mut bruno], 1, |_| 0).await;
        }

        for (format, secret) in &secrets {
            let path = format!("/{format}");
            let events = |received: &[Received]| -> BTreeSet<String> {
                received
                    .iter()
                    .map(|r| r.header("x-helvetia-event").to_string())
                    .collect()
            };
            let started = Instant::now();
            let mut received = receiver.wait_for(&path, 2).await;
            while !events(&received).contains("your_turn")
                || !events(&received).contains("game_started")
            {
                assert!(started.elapsed() < Duration::from_secs(20), "{received:#?}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                received = receiver.at(&path);
            }
            // Deliveries go at once, not one after the other: their order is not kept.
            assert!(events(&received).contains("game_started"), "{received:#?}");
            let mut deliveries = BTreeSet::new();
            for request in &received {
                assert_eq!(request.method, Method::POST);
                let signature = request.header("x-helvetia-signature-256");
                assert!(verifies(secret, &request.body, signature), "{request:?}");
                for (other, wrong) in &secrets {
                    if other != format {
                        assert!(!verifies(wrong, &request.body, signature), "{request:?}");
                    }
                }
                assert!(deliveries.insert(request.header("x-helvetia-delivery").to_string()));
                assert_eq!(request.header("user-agent"), "Helvetia-Webhooks/1");
                let said = match *format {
                    "json" => {
                        let body = request.json();
                        assert_eq!(body["url"], link.as_str(), "{body}");
                        assert_eq!(body["player"], anna_name.as_str(), "{body}");
                        assert_eq!(body["game"], id.as_str(), "{body}");
                        assert_eq!(body["event"], request.header("x-helvetia-event"));
                        body["text"].as_str().unwrap().to_string()
                    }
                    "discord" => request.json()["content"].as_str().unwrap().to_string(),
                    "slack" => request.json()["text"].as_str().unwrap().to_string(),
                    _ => {
                        assert!(request.header("content-type").starts_with("text/plain"));
                        assert_eq!(request.header("click"), link);
                        request.text()
                    }
                };
                assert!(said.contains(&anna_name), "{said}");
                if *format != "json" {
                    assert!(said.ends_with(&link), "{said}");
                }
            }
            let turn = received
                .iter()
                .find(|r| r.header("x-helvetia-event") == "your_turn")
                .unwrap();
            if *format == "json" {
                let text = turn.json()["text"].as_str().unwrap().to_string();
                assert!(text.starts_with(&format!("Helvetia: it is {anna_name}’s turn")));
            }
        }
        // The list tells when each hook last delivered.
        let listed = hooks_of(&mut anna).await;
        assert!(
            listed.iter().all(|hook| hook["last_sent_at"].is_i64()),
            "{listed:?}"
        );
        // Bruno, who has no hook, caused no request of his own: every request is Anna's.
        assert!(receiver
            .all()
            .iter()
            .all(|r| String::from_utf8_lossy(&r.body).contains(&anna_name)));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_addresses_and_names_are_refused_without_the_flag() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        for url in [
            "http://127.0.0.1:9/hook",
            "http://10.0.0.1/hook",
            "http://169.254.169.254/latest/meta-data/",
            "http://localhost:9/hook",
            "http://[::1]:9/hook",
            "http://[::ffff:127.0.0.1]:9/hook",
            "http://100.64.0.1/hook",
            "http://192.168.1.1/hook",
        ] {
            let (status, body) = anna
                .post(
                    "/api/settings/webhooks",
                    json!({"url": url, "format": "json"}),
                )
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {body}");
            assert_eq!(body["code"], "webhook-address-not-public", "{url}: {body}");
        }
        assert!(hooks_of(&mut anna).await.is_empty(), "nothing was added");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_inputs_are_refused_with_their_codes_and_five_hooks_at_most() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        let long = format!("https://1.1.1.1/{}", "a".repeat(500));
        for (body, status, code) in [
            (
                json!({"url": "not a url", "format": "json"}),
                400,
                "webhook-url-unreadable",
            ),
            (
                json!({"url": "ftp://1.1.1.1/x", "format": "json"}),
                400,
                "webhook-url-scheme",
            ),
            (
                json!({"url": "javascript:alert(1)", "format": "json"}),
                400,
                "webhook-url-scheme",
            ),
            (
                json!({"url": "https://me:pw@1.1.1.1/x", "format": "json"}),
                400,
                "webhook-url-credentials",
            ),
            (
                json!({"url": long, "format": "json"}),
                400,
                "webhook-url-too-long",
            ),
            (
                json!({"url": "https://1.1.1.1/x", "format": "xml"}),
                400,
                "webhook-format-unknown",
            ),
            (json!({"url": "https://1.1.1.1/x"}), 422, "bad-body"),
            (
                json!({"url": "https://1.1.1.1/x", "format": "json", "secret": "mine"}),
                422,
                "bad-body",
            ),
        ] {
            let (answer_status, answer) = anna.post("/api/settings/webhooks", body).await;
            assert_eq!(answer_status.as_u16(), status, "{answer}");
            assert_eq!(answer["code"], code, "{answer}");
            assert!(answer["error"]
                .as_str()
                .is_some_and(|words| !words.is_empty()));
        }
        assert!(hooks_of(&mut anna).await.is_empty(), "nothing was added");

        // Five hooks at most (a public address written out: nothing is resolved or sent).
        let mut ids = Vec::new();
        for n in 0..5 {
            let (id, secret) =
                add_hook(&mut anna, &format!("https://1.1.1.1/hook-{n}"), "slack").await;
            assert!(secret.starts_with("hvw_"), "{secret}");
            ids.push(id);
        }
        let (status, body) = anna
            .post(
                "/api/settings/webhooks",
                json!({"url": "https://1.1.1.1/sixth", "format": "json"}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "too-many-webhooks");
        assert_eq!(hooks_of(&mut anna).await.len(), 5);

        // Another person can neither delete nor resume Anna's hooks.
        for action in ["delete", "resume"] {
            let path = format!("/api/settings/webhooks/{}/{action}", ids[0]);
            let (status, body) = bruno.post(&path, json!({})).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
            assert_eq!(body["code"], "no-such-webhook");
        }
        assert_eq!(hooks_of(&mut anna).await.len(), 5);

        let (status, body) = anna
            .post(
                &format!("/api/settings/webhooks/{}/delete", ids[0]),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, _) = anna
            .post(
                &format!("/api/settings/webhooks/{}/delete", ids[0]),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "deleted once");
        add_hook(&mut anna, "https://1.1.1.1/again", "ntfy").await;
        let listed = hooks_of(&mut anna).await;
        assert_eq!(listed.len(), 5);
        assert!(listed.iter().all(|hook| hook["id"] != ids[0].as_str()));
        let (_, answer) = anna.get("/api/settings/webhooks").await;
        assert_eq!(answer["limit"], 5);

        // The settings page lists them, with what can be done to each.
        let (status, html) = anna.get_text("/settings").await;
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains("id=\"webhook-form\""));
        assert!(html.contains(&format!("/api/settings/webhooks/{}/delete", ids[1])));
        assert!(html.contains("https://1.1.1.1/again"));
        assert!(!html.contains("hvw_"), "no secret on the page");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failures_are_retried_then_pause_the_hook_until_it_is_resumed() {
    for database in databases().await {
        let receiver = Receiver::start().await;
        receiver.answer(500);
        let server = hooks_server(database).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        let (hook, _) = add_hook(&mut anna, &receiver.url("/hook"), "json").await;

        // One start, tried eight times with a growing wait, then given up.
        game_for(&mut anna, &mut bruno).await;
        let tries = receiver.wait_for("/hook", 8).await;
        let ids: BTreeSet<&str> = tries
            .iter()
            .map(|r| r.header("x-helvetia-delivery"))
            .collect();
        assert_eq!(ids.len(), 1, "retries of one delivery: {tries:#?}");
        server.wait_for_a_look_since_now("webhooks").await;
        assert_eq!(receiver.at("/hook").len(), 8, "given up after eight");
        let listed = hooks_of(&mut anna).await;
        assert_eq!(listed[0]["failures"], 8, "{listed:?}");
        assert_eq!(listed[0]["paused"], false, "{listed:?}");
        assert_eq!(listed[0]["last_error"], "HTTP 500", "{listed:?}");

        // Two more failures in a row pause it: the rest of that delivery is not tried, and a
        // new event is not delivered.
        game_for(&mut anna, &mut bruno).await;
        receiver.wait_for("/hook", 10).await;
        server.wait_for_a_look_since_now("webhooks").await;
        let listed = hooks_of(&mut anna).await;
        assert_eq!(listed[0]["paused"], true, "{listed:?}");
        assert_eq!(listed[0]["failures"], 10, "{listed:?}");
        game_for(&mut anna, &mut bruno).await;
        server.wait_for_a_look_since_now("webhooks").await;
        assert_eq!(receiver.at("/hook").len(), 10, "nothing after the pause");

        // The settings page says so, with a way to resume it.
        let (_, html) = anna.get_text("/settings").await;
        assert!(html.contains("class=\"webhook-paused\""), "{html}");
        assert!(html.contains(&format!("/api/settings/webhooks/{hook}/resume")));

        // Resumed, it hears of the next event.
        receiver.answer(200);
        let (status, body) = anna
            .post(&format!("/api/settings/webhooks/{hook}/resume"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let listed = hooks_of(&mut anna).await;
        assert_eq!(
            (listed[0]["paused"].clone(), listed[0]["failures"].clone()),
            (json!(false), json!(0))
        );
        let id = game_for(&mut anna, &mut bruno).await;
        let received = receiver.wait_for("/hook", 11).await;
        assert_eq!(received[10].json()["game"], id.as_str());
        server.wait_for_a_look_since_now("webhooks").await;
        assert_eq!(receiver.at("/hook").len(), 11);
        let listed = hooks_of(&mut anna).await;
        assert_eq!(listed[0]["last_error"], Value::Null, "{listed:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hook_stored_to_a_private_address_is_not_sent_to_without_the_flag() {
    for database in databases().await {
        let receiver = Receiver::start().await;
        let url = database.url.clone();
        let first = hooks_server(database).await;
        let mut anna = first.user("anna").await;
        let mut bruno = first.user("bruno").await;
        // Allowed while the operator allowed private addresses.
        let localhost = format!("http://localhost:{}/hook", receiver.addr.port());
        add_hook(&mut anna, &localhost, "json").await;
        let database = first.database.same();
        first.server.shutdown().await;

        let second = TestServer::start_with(
            database,
            Config {
                webhooks_allow_private: false,
                ..hooks_config(&url)
            },
        )
        .await;
        anna.base = second.base.clone();
        bruno.base = second.base.clone();
        game_for(&mut anna, &mut bruno).await;
        let refused = common::within(Duration::from_secs(20), async || {
            hooks_of(&mut anna).await[0]["last_error"]
                .as_str()
                .is_some_and(|error| error.contains("webhook-address-not-public"))
        })
        .await;
        assert!(refused, "{:?}", hooks_of(&mut anna).await);
        second.wait_for_a_look_since_now("webhooks").await;
        assert!(receiver.all().is_empty(), "{:#?}", receiver.all());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_between_the_change_and_the_send_still_sends_once() {
    for database in databases().await {
        let receiver = Receiver::start().await;
        let url = database.url.clone();
        // This node's sender looks once as it starts, then not for an hour.
        let first = TestServer::start_with(
            database,
            Config {
                webhook_tick_ms: 3_600_000,
                ..hooks_config(&url)
            },
        )
        .await;
        let mut anna = first.user("anna").await;
        let mut bruno = first.user("bruno").await;
        add_hook(&mut anna, &receiver.url("/hook"), "discord").await;
        let id = game_for(&mut anna, &mut bruno).await;
        let database = first.database.same();
        first.server.shutdown().await;
        assert!(receiver.all().is_empty(), "the first node sent nothing");

        let second = TestServer::start_with(database, hooks_config(&url)).await;
        let received = receiver.wait_for("/hook", 1).await;
        assert!(received[0].json()["content"]
            .as_str()
            .unwrap()
            .contains(&format!("/games/{id}")));
        second.wait_for_a_look_since_now("webhooks").await;
        assert_eq!(receiver.at("/hook").len(), 1, "{:#?}", receiver.all());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_deliver_each_event_once() {
    // Two nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = common::Database::postgres(&admin).await;
    let receiver = Receiver::start().await;
    let url = database.url.clone();
    let node_a = TestServer::start_with(database.same(), hooks_config(&url)).await;
    let node_b = TestServer::start_with(database, hooks_config(&url)).await;
    let mut anna = node_a.user("anna").await;
    let mut bruno = node_b.user("bruno").await;
    let mut carla = node_b.user("carla").await;
    add_hook(&mut bruno, &receiver.url("/bruno"), "json").await;
    add_hook(&mut carla, &receiver.url("/carla"), "slack").await;
    // Ten games started on node A: each tells Bruno and Carla, through either node.
    for _ in 0..10 {
        common::start_for_three(&mut anna, [&mut bruno, &mut carla], json!({})).await;
    }
    receiver.wait_for("/bruno", 10).await;
    receiver.wait_for("/carla", 10).await;
    // Both senders have looked at every delivery since: a second one would have gone.
    node_a.wait_for_a_look_since_now("webhooks").await;
    node_b.wait_for_a_look_since_now("webhooks").await;
    for path in ["/bruno", "/carla"] {
        let received = receiver.at(path);
        assert_eq!(received.len(), 10, "{received:#?}");
        let ids: BTreeSet<&str> = received
            .iter()
            .map(|r| r.header("x-helvetia-delivery"))
            .collect();
        assert_eq!(ids.len(), 10);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_to_play_again_reaches_the_others_hooks_and_devices() {
    use crate::push::{Device, PushService};
    for database in databases().await {
        let receiver = Receiver::start().await;
        let service = PushService::start().await;
        let config = Config {
            push_allow_private: true,
            push_tick_ms: 100,
            ..hooks_config(&database.url)
        };
        let server = TestServer::start_with(database, config).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        let anna_name = name_of(&mut anna).await;
        let (_, secret) = add_hook(&mut bruno, &receiver.url("/bruno"), "json").await;
        let phone = Device::added(&mut bruno, &service.endpoint("bruno")).await;
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 2, "round_limit": 1}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        join_and_start(&id, &mut anna, &mut bruno).await;
        play_http(&id, &mut [&mut anna, &mut bruno], 10_000, |_| 0).await;
        assert_eq!(anna.state(&id).await["status"], "finished");
        let (status, body) = anna
            .post(&format!("/api/games/{id}/rematch"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        let started = Instant::now();
        let invitation = loop {
            let found = receiver
                .at("/bruno")
                .into_iter()
                .find(|r| r.header("x-helvetia-event") == "rematch");
            if let Some(found) = found {
                break found;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{:#?}",
                receiver.all()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        assert!(verifies(
            &secret,
            &invitation.body,
            invitation.header("x-helvetia-signature-256")
        ));
        let body = invitation.json();
        assert_eq!(body["event"], "rematch", "{body}");
        assert_eq!(body["game"], id.as_str(), "{body}");
        assert_eq!(
            body["url"],
            format!("https://helvetia.example/games/{id}"),
            "{body}"
        );
        let text = body["text"].as_str().unwrap();
        assert!(
            text.starts_with(&format!("Helvetia: {anna_name} asks")),
            "{text}"
        );

        let told = common::within(Duration::from_secs(20), async || {
            service
                .messages_to("bruno")
                .iter()
                .any(|r| phone.read(&r.body).kind == "rematch")
        })
        .await;
        assert!(told, "the invitation reached Bruno's phone");
        let message = service
            .messages_to("bruno")
            .iter()
            .map(|r| phone.read(&r.body))
            .find(|message| message.kind == "rematch")
            .unwrap();
        assert_eq!(message.url, format!("/games/{id}"));
        assert!(message.body.contains(&anna_name), "{message:?}");
        // Anna, who asked, has neither hook nor device; nobody else was invited.
        assert_eq!(
            receiver
                .all()
                .iter()
                .filter(|r| r.header("x-helvetia-event") == "rematch")
                .count(),
            1
        );
        server.server.shutdown().await;
    }
}
