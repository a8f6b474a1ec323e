//! Web Push: a person adds the devices they want to be told on (as a browser subscribes: a
//! P-256 key pair and an authentication secret made on the device), sees them listed and
//! removes them; a bad subscription is refused and changes nothing. A message reaches a push
//! service (a stand-in on 127.0.0.1) with a VAPID token that verifies against the server's
//! public key and a body only the device can decrypt; a push service that no longer knows the
//! device (404, 410) makes the server forget it. The server's key pair is made once and is the
//! same on every node and after a restart. On SQLite and PostgreSQL.

use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use axum::routing::post;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use p256::ecdsa::signature::Verifier;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common;
use common::{databases, test_config, Client, Database, TestServer};
use helvetia_server::domain::push::message::PushMessage;
use helvetia_server::push::sender::{self, Sent};

/// A device as a browser makes one: its key pair and authentication secret.
pub struct Device {
    pub secret: p256::SecretKey,
    pub auth: [u8; 16],
}

impl Device {
    pub fn new() -> Device {
        let mut auth = [0u8; 16];
        rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut auth);
        Device {
            secret: p256::SecretKey::random(&mut rand_core::OsRng),
            auth,
        }
    }

    /// A new device that `client`'s person adds for `endpoint` (the server takes it: 201).
    pub async fn added(client: &mut Client, endpoint: &str) -> Device {
        let device = Device::new();
        let (status, body) = client
            .post("/api/push/devices", device.subscription(endpoint))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        device
    }

    /// `PushSubscription.toJSON()` for an endpoint.
    pub fn subscription(&self, endpoint: &str) -> Value {
        json!({
            "endpoint": endpoint,
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(self.secret.public_key().to_encoded_point(false).as_bytes()),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            },
        })
    }

    /// The message in a push request's body, decrypted as the browser would.
    pub fn read(&self, body: &[u8]) -> PushMessage {
        let opened = web_push_native::decrypt(
            body.to_vec(),
            &self.secret,
            &web_push_native::Auth::clone_from_slice(&self.auth),
        )
        .expect("the body decrypts with the device's keys");
        serde_json::from_slice(&opened).expect("a push message")
    }
}

/// One request a push service received.
#[derive(Clone, Debug)]
pub struct Received {
    pub path: String,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

/// A push service on 127.0.0.1: records every message, and answers with the status set for
/// its path (201 unless told otherwise).
#[derive(Clone, Default)]
pub struct PushService {
    pub received: Arc<Mutex<Vec<Received>>>,
    pub answers: Arc<Mutex<Vec<(String, u16)>>>,
    pub base: String,
}

impl PushService {
    pub async fn start() -> PushService {
        let mut service = PushService::default();
        let router = axum::Router::new()
            .route("/push/{id}", post(receive))
            .with_state(service.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        service.base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        service
    }

    pub fn endpoint(&self, id: &str) -> String {
        format!("{}/push/{id}", self.base)
    }

    pub fn answer(&self, id: &str, status: u16) {
        self.answers
            .lock()
            .unwrap()
            .push((format!("/push/{id}"), status));
    }

    pub fn messages_to(&self, id: &str) -> Vec<Received> {
        let path = format!("/push/{id}");
        self.received
            .lock()
            .unwrap()
            .iter()
            .filter(|r| r.path == path)
            .cloned()
            .collect()
    }
}

async fn receive(
    State(service): State<PushService>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> AxumStatus {
    let path = format!("/push/{id}");
    service.received.lock().unwrap().push(Received {
        path: path.clone(),
        headers,
        body: body.to_vec(),
    });
    let status = service
        .answers
        .lock()
        .unwrap()
        .iter()
        .rev()
        .find(|(p, _)| *p == path)
        .map_or(201, |(_, status)| *status);
    AxumStatus::from_u16(status).unwrap()
}

/// Checks a push request's VAPID header against the server's public key `server_key`: the
/// token's signature, its audience (the push service's origin), expiry and contact.
pub fn verify_vapid(received: &Received, server_key: &str, service_base: &str) {
    let header = received.headers["authorization"].to_str().unwrap();
    let rest = header
        .strip_prefix("vapid t=")
        .expect("a VAPID authorization");
    let (token, key) = rest.split_once(", k=").unwrap();
    assert_eq!(key, server_key, "the server's public key");
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let public =
        p256::ecdsa::VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(server_key).unwrap())
            .unwrap();
    let signature =
        p256::ecdsa::Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
    public
        .verify(signed.as_bytes(), &signature)
        .expect("the token verifies against the server's public key");
    let claims: Value = serde_json::from_slice(
        &URL_SAFE_NO_PAD
            .decode(signed.split_once('.').unwrap().1)
            .unwrap(),
    )
    .unwrap();
    assert_eq!(claims["aud"], service_base, "{claims}");
    assert!(
        claims["exp"].as_i64().unwrap() > helvetia_server::now(),
        "{claims}"
    );
    assert!(
        claims["sub"].as_str().unwrap().starts_with("mailto:"),
        "{claims}"
    );
    assert_eq!(received.headers["content-encoding"], "aes128gcm");
    assert!(received.headers.contains_key("ttl"));
}

fn push_config(url: &str) -> helvetia_server::Config {
    helvetia_server::Config {
        push_allow_private: true,
        ..test_config(url)
    }
}

async fn server_key(client: &mut Client) -> String {
    let (status, body) = client.get("/api/push/key").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["public_key"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn devices_are_added_listed_and_removed_and_a_bad_subscription_changes_nothing() {
    for database in databases().await {
        let server = TestServer::start_with(database.same(), push_config(&database.url)).await;
        let mut anna = server.user("anna").await;
        let service = PushService::start().await;
        let phone = Device::new();
        let mut body = phone.subscription(&service.endpoint("phone"));
        body["label"] = json!("Phone");
        let (status, added) = anna.post("/api/push/devices", body.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{added}");
        // The same browser subscribing again is the same device.
        let (status, again) = anna.post("/api/push/devices", body).await;
        assert_eq!(status, StatusCode::CREATED, "{again}");
        assert_eq!(again["id"], added["id"]);
        let (_, listed) = anna.get("/api/push/devices").await;
        let devices = listed["devices"].as_array().unwrap();
        assert_eq!(devices.len(), 1, "{listed}");
        assert_eq!(devices[0]["label"], "Phone");
        assert!(
            !listed.to_string().contains(&service.base),
            "the list never shows an endpoint: {listed}"
        );

        let good = phone.subscription(&service.endpoint("other"));
        let mut bad_keys = good.clone();
        bad_keys["keys"]["auth"] = json!("c2hvcnQ");
        let mut hidden_label = good.clone();
        hidden_label["label"] = json!("Pho\u{202e}ne");
        for (body, code) in [
            (phone.subscription("ftp://127.0.0.1/x"), "push-endpoint"),
            (
                phone.subscription("https://user:pw@example.org/x"),
                "push-endpoint",
            ),
            (bad_keys, "push-keys"),
            (hidden_label, "push-label"),
        ] {
            let (status, answer) = anna.post("/api/push/devices", body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
            assert_eq!(answer["code"], code, "{answer}");
        }
        let (_, listed) = anna.get("/api/push/devices").await;
        assert_eq!(
            listed["devices"].as_array().unwrap().len(),
            1,
            "refused subscriptions change nothing"
        );
        // Plain http only where the operator allows it.
        let strict = TestServer::start_with(database.same(), test_config(&database.url)).await;
        let mut beat = strict.user("beat").await;
        let (status, answer) = beat
            .post(
                "/api/push/devices",
                Device::new().subscription(&service.endpoint("b")),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["code"], "push-endpoint");

        // Another person cannot remove it; its owner can.
        let id = added["id"].as_str().unwrap();
        let (status, _) = beat
            .post(&format!("/api/push/devices/{id}/remove"), json!({}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = anna
            .post(&format!("/api/push/devices/{id}/remove"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, listed) = anna.get("/api/push/devices").await;
        assert!(listed["devices"].as_array().unwrap().is_empty(), "{listed}");
        let mut visitor = server.client().await;
        let (status, _) = visitor.get("/api/push/devices").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        strict.server.shutdown().await;
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_is_signed_by_the_server_and_readable_by_the_device_alone_and_a_gone_device_is_forgotten(
) {
    for database in databases().await {
        let server = TestServer::start_with(database.same(), push_config(&database.url)).await;
        let mut anna = server.user("anna").await;
        let key = server_key(&mut anna).await;
        let service = PushService::start().await;
        let phone = Device::added(&mut anna, &service.endpoint("phone")).await;
        let message = PushMessage {
            title: "Helvetia".into(),
            body: "Your turn".into(),
            url: "/games/abc".into(),
            tag: "game-abc".into(),
            game: "abc".into(),
            kind: "your_turn".into(),
        };
        let state = &server.server.state;
        let stored = state
            .store
            .push_devices(&anna_id(&mut anna).await)
            .await
            .unwrap();
        let sent = sender::send(state, &stored[0].subscription, &message).await;
        assert_eq!(sent, Sent::Delivered);
        let received = service.messages_to("phone");
        assert_eq!(received.len(), 1);
        verify_vapid(&received[0], &key, &service.base);
        assert_eq!(phone.read(&received[0].body), message);
        let stranger = Device {
            secret: p256::SecretKey::random(&mut rand_core::OsRng),
            auth: phone.auth,
        };
        assert!(web_push_native::decrypt(
            received[0].body.clone(),
            &stranger.secret,
            &web_push_native::Auth::clone_from_slice(&stranger.auth)
        )
        .is_err());

        // A failure to try again keeps the device; "gone" forgets it.
        service.answer("phone", 500);
        let sent = sender::send(state, &stored[0].subscription, &message).await;
        assert!(matches!(sent, Sent::Failed(_)), "{sent:?}");
        let (_, listed) = anna.get("/api/push/devices").await;
        assert_eq!(listed["devices"].as_array().unwrap().len(), 1);
        for gone in [410, 404] {
            let (status, _) = anna
                .post(
                    "/api/push/devices",
                    phone.subscription(&service.endpoint("phone")),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED);
            service.answer("phone", gone);
            let sent = sender::send(state, &stored[0].subscription, &message).await;
            assert_eq!(sent, Sent::Gone, "{gone}");
            let (_, listed) = anna.get("/api/push/devices").await;
            assert!(
                listed["devices"].as_array().unwrap().is_empty(),
                "{gone}: {listed}"
            );
        }
        server.server.shutdown().await;
    }
}

async fn anna_id(client: &mut Client) -> String {
    client.get("/api/me").await.1["id"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_key_pair_is_made_once_and_shared_by_every_node_and_every_start() {
    for database in databases().await {
        let first = TestServer::start_with(database.same(), test_config(&database.url)).await;
        let mut visitor = first.client().await;
        let key = server_key(&mut visitor).await;
        assert_eq!(URL_SAFE_NO_PAD.decode(&key).unwrap().len(), 65);
        let second = TestServer::start_with(database.same(), test_config(&database.url)).await;
        let mut elsewhere = second.client().await;
        assert_eq!(
            server_key(&mut elsewhere).await,
            key,
            "another node, the same key"
        );
        first.server.shutdown().await;
        second.server.shutdown().await;
        let again = TestServer::start_with(database.same(), test_config(&database.url)).await;
        let mut later = again.client().await;
        assert_eq!(server_key(&mut later).await, key, "after a restart");
        again.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_service_worker_is_served_from_the_root() {
    let server = TestServer::start(Database::sqlite()).await;
    let mut visitor = server.client().await;
    let (status, script) = visitor.get_text("/sw.js").await;
    assert_eq!(status, StatusCode::OK);
    assert!(script.contains("showNotification") && script.contains("notificationclick"));
}

/// How long the test waits for a push at most: the worker looks every 100 ms here, and a push
/// goes at once; on a loaded machine a few seconds pass.
const PUSH_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Waits until the push service has `count` messages for `id`; answers them.
async fn messages(service: &PushService, id: &str, count: usize) -> Vec<Received> {
    let arrived = common::within(PUSH_WAIT, async || service.messages_to(id).len() >= count).await;
    let received = service.messages_to(id);
    assert!(arrived, "{} of {count} messages for {id}", received.len());
    received
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_and_a_turn_reach_the_persons_device_signed_and_readable_by_it_alone() {
    for database in databases().await {
        let config = helvetia_server::Config {
            push_tick_ms: 100,
            ..push_config(&database.url)
        };
        let server = TestServer::start_with(database.same(), config).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        let key = server_key(&mut anna).await;
        let service = PushService::start().await;
        let phone = Device::added(&mut anna, &service.endpoint("anna")).await;

        // Bruno makes a game, Anna joins, Bruno starts it: Anna's phone is told.
        let (id, _) = common::create_game(
            &mut bruno,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        common::join_and_start(&id, &mut bruno, &mut anna).await;
        let started = messages(&service, "anna", 1).await;
        verify_vapid(&started[0], &key, &service.base);
        let message = phone.read(&started[0].body);
        assert_eq!(message.kind, "game_started", "{message:?}");
        assert_eq!(message.game, id);
        assert_eq!(message.url, format!("/games/{id}"));
        assert!(!message.body.is_empty());

        // Turns pass until it is Anna's again after Bruno's: her phone hears of her turn.
        let mut passes = 0;
        let mut last_decider = None;
        while passes < 3 || !common::decides(&anna.state(&id).await) {
            let anna_decides = common::decides(&anna.state(&id).await);
            if last_decider != Some(anna_decides) {
                passes += 1;
                last_decider = Some(anna_decides);
            }
            common::play_http(&id, &mut [&mut anna, &mut bruno], 1, |_| 0).await;
        }
        let arrived = common::within(PUSH_WAIT, async || {
            service
                .messages_to("anna")
                .iter()
                .any(|r| phone.read(&r.body).kind == "your_turn")
        })
        .await;
        assert!(arrived, "her turn reached her phone");
        for received in service.messages_to("anna") {
            verify_vapid(&received, &key, &service.base);
            assert_eq!(phone.read(&received.body).game, id);
        }
        assert!(
            service.messages_to("bruno").is_empty(),
            "Bruno has no device and is told nothing here"
        );
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_planned_before_a_restart_reaches_the_device_once() {
    for database in databases().await {
        // The first run never looks for pushes: the event waits in the outbox.
        let asleep = helvetia_server::Config {
            push_tick_ms: 3_600_000,
            ..push_config(&database.url)
        };
        let first = TestServer::start_with(database.same(), asleep).await;
        let mut anna = first.user("anna").await;
        let mut bruno = first.user("bruno").await;
        let service = PushService::start().await;
        let phone = Device::added(&mut anna, &service.endpoint("anna")).await;
        let (id, _) = common::create_game(
            &mut bruno,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        common::join_and_start(&id, &mut bruno, &mut anna).await;
        // Its first look comes at once, before the start was stored; a second look would
        // take an hour.
        first.server.shutdown().await;
        assert!(service.messages_to("anna").is_empty());

        let awake = helvetia_server::Config {
            push_tick_ms: 100,
            ..push_config(&database.url)
        };
        let second = TestServer::start_with(database.same(), awake).await;
        let received = messages(&service, "anna", 1).await;
        assert_eq!(phone.read(&received[0].body).kind, "game_started");
        // Two more looks of the sender since: nothing twice.
        second.wait_for_a_look_since_now("push").await;
        assert_eq!(service.messages_to("anna").len(), 1, "once");
        second.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_tell_each_event_to_the_device_once() {
    // Two nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = Database::postgres(&admin).await;
    let config = |url: &str| helvetia_server::Config {
        push_tick_ms: 50,
        ..push_config(url)
    };
    let node_a = TestServer::start_with(database.same(), config(&database.url)).await;
    let node_b = TestServer::start_with(database.same(), config(&database.url)).await;
    let mut anna = node_b.user("anna").await;
    let mut bruno = node_a.user("bruno").await;
    let service = PushService::start().await;
    let phone = Device::added(&mut anna, &service.endpoint("anna")).await;
    // Ten games started on node A, joined on node B: both senders look every 50 ms.
    let mut games = Vec::new();
    for _ in 0..10 {
        let (id, _) = common::create_game(
            &mut bruno,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        common::join_and_start(&id, &mut bruno, &mut anna).await;
        games.push(id);
    }
    messages(&service, "anna", 10).await;
    node_a.wait_for_a_look_since_now("push").await;
    node_b.wait_for_a_look_since_now("push").await;
    let mut told: Vec<String> = service
        .messages_to("anna")
        .iter()
        .map(|received| phone.read(&received.body))
        .filter(|message| message.kind == "game_started")
        .map(|message| message.game)
        .collect();
    told.sort();
    games.sort();
    assert_eq!(told, games, "each start told once, by one node");
    node_a.server.shutdown().await;
    node_b.server.shutdown().await;
}
