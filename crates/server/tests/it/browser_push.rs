//! Web Push in Chromium: the settings page's "Notify me on this device" registers the service
//! worker and hands the server a subscription made with the server's key; a message about
//! Anna's game in the server's form, delivered to the service worker through the DevTools
//! protocol (`ServiceWorker.deliverPushMessage`), shows a notification that leads to the game;
//! and the server's own message about it reaches the push service signed, in the same form, and
//! decrypts with the keys the page made. The settings page with the device listed and a
//! vacation running passes axe-core in every language.
//!
//! Chromium reaches no push service here (its own needs Google's servers), so the page's
//! `pushManager.subscribe` is replaced by one that makes the device's keys as a browser does
//! (P-256 with WebCrypto, a random authentication secret) for the test's push service on
//! 127.0.0.1. The protocol has no click on a notification, and only a person's click may bring
//! a tab forward or open a window: the worker's own `notificationclick` is dispatched on the
//! notification shown, and which tab it would bring forward or which address open is taken down.
//!
//! It needs Debian's `chromium` (the whole browser: the headless shell refuses notifications)
//! and `chromium-driver`, and fails without them.

use crate::browser_support;
use crate::push::{verify_vapid, Device, PushService};
use helvetia_server::domain::push::message::PushMessage;

use std::time::Duration;

use browser_support::{
    axe_in_every_language, click_then, register, wait_until, Browser, Chromium, TestServer,
};
use fantoccini::Client;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// A connection to the browser's DevTools endpoint (the one ChromeDriver uses), for what
/// WebDriver cannot do: grant a permission, hear of service workers, deliver a push message.
struct DevTools {
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    next_id: u64,
    events: Vec<Value>,
}

impl DevTools {
    async fn connect(client: &Client) -> DevTools {
        let address = client
            .capabilities()
            .and_then(|c| {
                c.get("goog:chromeOptions")?
                    .get("debuggerAddress")?
                    .as_str()
            })
            .expect("ChromeDriver names the browser's DevTools address")
            .to_string();
        let version: Value = reqwest::get(format!("http://{address}/json/version"))
            .await
            .expect("the DevTools endpoint answers")
            .json()
            .await
            .expect("its version");
        let url = version["webSocketDebuggerUrl"].as_str().expect("a socket");
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the DevTools socket opens");
        DevTools {
            socket,
            next_id: 1,
            events: Vec::new(),
        }
    }

    /// Sends `method` (to the page `session` if given) and answers its result; the events that
    /// arrive meanwhile are kept.
    async fn call(&mut self, method: &str, params: Value, session: Option<&str>) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        self.socket
            .send(Message::Text(message.to_string().into()))
            .await
            .expect("send to DevTools");
        loop {
            let frame = self
                .socket
                .next()
                .await
                .expect("DevTools keeps its socket open");
            let Message::Text(text) = frame.expect("a DevTools message") else {
                continue;
            };
            let answer: Value = serde_json::from_str(&text).expect("DevTools speaks JSON");
            if answer["id"] == json!(id) {
                assert!(answer.get("error").is_none(), "{method}: {answer}");
                return answer["result"].clone();
            }
            self.events.push(answer);
        }
    }

    /// The DevTools session of the page at `origin`.
    async fn page_session(&mut self, origin: &str) -> String {
        self.attach(|t| t["type"] == "page" && t["url"].as_str().unwrap_or("").starts_with(origin))
            .await
    }

    /// A DevTools session in the service worker whose script is `script`.
    async fn worker_session(&mut self, script: &str) -> String {
        self.attach(|t| t["type"] == "service_worker" && t["url"] == script)
            .await
    }

    /// A DevTools session in the first target `wanted` picks.
    async fn attach(&mut self, wanted: impl Fn(&Value) -> bool) -> String {
        let targets = self.call("Target.getTargets", json!({}), None).await;
        let target = targets["targetInfos"]
            .as_array()
            .expect("targets")
            .iter()
            .find(|t| wanted(t))
            .unwrap_or_else(|| panic!("no such target among {targets}"))["targetId"]
            .clone();
        let attached = self
            .call(
                "Target.attachToTarget",
                json!({"targetId": target, "flatten": true}),
                None,
            )
            .await;
        attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string()
    }

    /// Evaluates `expression` in `session`, waiting for its promise: its value.
    async fn evaluate(&mut self, session: &str, expression: &str) -> Value {
        let result = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "awaitPromise": true, "returnByValue": true}),
                Some(session),
            )
            .await;
        assert!(result.get("exceptionDetails").is_none(), "{result}");
        result["result"]["value"].clone()
    }

    /// The id of the service worker registration whose scope is `scope`, as DevTools tells it.
    async fn registration_of(&mut self, session: &str, scope: &str) -> String {
        self.call("ServiceWorker.enable", json!({}), Some(session))
            .await;
        for _ in 0..50 {
            let found = self.events.iter().rev().find_map(|event| {
                (event["method"] == "ServiceWorker.workerRegistrationUpdated")
                    .then(|| event["params"]["registrations"].as_array())
                    .flatten()?
                    .iter()
                    .find(|r| r["scopeURL"] == scope && r["isDeleted"] == false)
                    .and_then(|r| r["registrationId"].as_str().map(str::to_string))
            });
            if let Some(id) = found {
                return id;
            }
            // Any call lets the events that arrived meanwhile in.
            tokio::time::sleep(Duration::from_millis(100)).await;
            self.call(
                "Runtime.evaluate",
                json!({"expression": "1"}),
                Some(session),
            )
            .await;
        }
        panic!("no registration for {scope}: {:?}", self.events);
    }
}

/// Replaces the page's `pushManager` with one that subscribes as a browser does, for the push
/// service at `endpoint`, keeping the options it was asked with and the device's private key.
const SUBSCRIBE_AS_A_BROWSER: &str = "
    const endpoint = arguments[0];
    const b64 = bytes => btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    PushManager.prototype.getSubscription = async function () { return window.testSubscription || null; };
    PushManager.prototype.subscribe = async function (options) {
        const pair = await crypto.subtle.generateKey({name: 'ECDH', namedCurve: 'P-256'}, true, ['deriveBits']);
        const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
        const auth = crypto.getRandomValues(new Uint8Array(16));
        window.testDevice = {
            serverKey: b64(options.applicationServerKey),
            userVisibleOnly: options.userVisibleOnly,
            d: (await crypto.subtle.exportKey('jwk', pair.privateKey)).d,
            auth: b64(auth),
        };
        window.testSubscription = {endpoint, toJSON() {
            return {endpoint, expirationTime: null, keys: {p256dh, auth: b64(auth)}};
        }};
        return window.testSubscription;
    };";

/// The game `arguments[0]` as the page's person sees it: its version, and whether they decide
/// now.
const LOOK: &str = "
    const [game, done] = [arguments[0], arguments[arguments.length - 1]];
    fetch('/api/games/' + game, {credentials: 'same-origin'}).then(r => r.json())
        .then(state => done({version: state.version,
            deciding: state.status === 'running' && !!state.legal && state.legal.length > 0}))
        .catch(() => done(null));";

/// Plays the first legal action of game `arguments[0]` at version `arguments[1]`.
const PLAY_FIRST_LEGAL: &str = "
    const [game, version, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
    const csrf = document.querySelector('meta[name=csrf-token]').content;
    fetch('/api/games/' + game + '/actions', {method: 'POST', credentials: 'same-origin',
        headers: {'content-type': 'application/json', 'x-csrf-token': csrf},
        body: JSON.stringify({version, index: 0})}).then(r => done(r.ok)).catch(() => done(false));";

/// In the service worker: shows its notification again (a click closes it) and dispatches a
/// click on it; what the worker's handler did: whether it closed the notification, which tab
/// it brought to the front, which address it opened in a new window.
const CLICK_THE_NOTIFICATION: &str = "(async () => {
    const [shown] = await self.registration.getNotifications();
    const done = {closed: false, focused: null, opened: null};
    const close = shown.close.bind(shown);
    shown.close = () => { done.closed = true; close(); };
    const focus = WindowClient.prototype.focus;
    WindowClient.prototype.focus = function () { done.focused = this.url; return Promise.resolve(this); };
    const openWindow = self.clients.openWindow;
    self.clients.openWindow = url => { done.opened = url; return Promise.resolve(null); };
    const click = new NotificationEvent('notificationclick', {notification: shown});
    let handled = Promise.resolve();
    click.waitUntil = promise => { handled = promise; };
    self.dispatchEvent(click);
    try { await handled; } finally {
        WindowClient.prototype.focus = focus;
        self.clients.openWindow = openWindow;
    }
    await self.registration.showNotification(shown.title,
        {body: shown.body, tag: shown.tag, data: shown.data});
    return done;
})()";

/// The notifications the site's service worker shows, as the page reads them.
const NOTIFICATIONS: &str = "return navigator.serviceWorker.ready.then(r => r.getNotifications()) \
    .then(ns => ns.map(n => ({title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url})));";

fn base64url(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(text)
        .expect("base64url")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_settings_button_subscribes_and_a_pushed_message_shows_a_notification_of_the_game() {
    let server = TestServer::start_with(|config| helvetia_server::Config {
        push_allow_private: true,
        push_tick_ms: 100,
        ..config
    })
    .await;
    let service = PushService::start().await;
    let mut browser = Browser::start_with(Chromium::Full).await;
    let anna = browser.session(1366, 900).await;
    let mut devtools = DevTools::connect(&anna).await;
    register(&anna, &server, "anna").await;
    devtools
        .call(
            "Browser.grantPermissions",
            json!({"permissions": ["notifications"], "origin": server.url("")}),
            None,
        )
        .await;

    // "Notify me on this device": the service worker, a subscription with the server's key,
    // the device listed.
    anna.goto(&server.url("/settings?lang=en")).await.unwrap();
    anna.execute(
        SUBSCRIBE_AS_A_BROWSER,
        vec![json!(service.endpoint("anna"))],
    )
    .await
    .unwrap();
    click_then(
        &anna,
        "#push-subscribe",
        "document.querySelector('button[data-remove-device]') !== null",
        "the device listed",
    )
    .await;
    let device = anna
        .execute(
            "return navigator.serviceWorker.getRegistration('/').then(r => \
             Object.assign({scope: r && r.scope, active: !!(r && r.active)}, window.testDevice));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(device["scope"], server.url("/"), "{device}");
    assert_eq!(device["active"], true, "{device}");
    assert_eq!(device["userVisibleOnly"], true, "{device}");
    let key = reqwest::get(server.url("/api/push/key"))
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap()["public_key"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(device["serverKey"], key, "subscribed with the server's key");
    let phone = Device {
        secret: p256::SecretKey::from_slice(&base64url(device["d"].as_str().unwrap())).unwrap(),
        auth: base64url(device["auth"].as_str().unwrap())
            .try_into()
            .expect("16 bytes"),
    };

    // A vacation taken from today with the settings' form: the page with a device listed and a
    // vacation running has no violation axe-core finds, in every language.
    click_then(
        &anna,
        "#vacation-form button[type=submit]",
        "document.querySelector('#vacation-list li.vacation.on') !== null",
        "the vacation listed as running",
    )
    .await;
    let violations = axe_in_every_language(
        &anna,
        &server,
        "/settings",
        "document.querySelector('button[data-remove-device]') !== null \
         && document.querySelector('button[data-end-vacation]') !== null",
    )
    .await;
    assert!(violations.is_empty(), "{violations:#?}");
    click_then(
        &anna,
        "button[data-end-vacation]",
        "document.getElementById('no-vacation') !== null",
        "the vacation ended",
    )
    .await;

    // A game against a bot.
    anna.goto(&server.url("/lobby?lang=en")).await.unwrap();
    browser_support::create_game(&anna, 2, &["me", "bot:random"], 1).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/')",
        "the game's page",
        Duration::from_secs(30),
    )
    .await;
    let game = browser_support::game_id(&anna).await;
    // A message for the game, delivered to the service worker as the push service would hand
    // it to the browser: a notification of the game, whose click leads to it.
    let session = devtools.page_session(&server.url("")).await;
    let registration = devtools.registration_of(&session, &server.url("/")).await;
    let sent = PushMessage {
        title: "Helvetia Online".into(),
        body: "Helvetia: it is anna’s turn.".into(),
        url: format!("/games/{game}"),
        tag: format!("game-{game}"),
        game: game.clone(),
        kind: "your_turn".into(),
    };
    let plaintext = serde_json::to_string(&sent).unwrap();
    // The page looks only once the worker had time to show it: Chromium forgets a notification
    // whose showing a look (`getNotifications`) overtakes, so a look too early can see none
    // ever; the message is delivered again then (its tag makes it replace, not add).
    let mut shown = false;
    for _ in 0..5 {
        devtools
            .call(
                "ServiceWorker.deliverPushMessage",
                json!({"origin": server.url(""), "registrationId": registration, "data": plaintext}),
                Some(&session),
            )
            .await;
        tokio::time::sleep(Duration::from_secs(2)).await;
        let notes = anna.execute(NOTIFICATIONS, vec![]).await.unwrap();
        if notes.as_array().is_some_and(|notes| !notes.is_empty()) {
            shown = true;
            break;
        }
    }
    assert!(shown, "a notification is shown");
    let notes = anna.execute(NOTIFICATIONS, vec![]).await.unwrap();
    assert_eq!(notes[0]["title"], sent.title, "{notes}");
    assert_eq!(notes[0]["body"], sent.body, "{notes}");
    assert_eq!(notes[0]["tag"], format!("game-{game}"), "{notes}");
    assert_eq!(notes[0]["url"], format!("/games/{game}"), "{notes}");

    // A click on it: the worker's `notificationclick` is given the notification shown, once
    // while a tab shows its game (that tab comes to the front) and once with the page elsewhere
    // (the game opens in a new window). Only a person's click may bring a tab forward or open
    // a window, and the protocol has no click, so the event is the worker's own and the two
    // calls are taken down instead of made.
    let game_url = server.url(&format!("/games/{game}"));
    let worker = devtools.worker_session(&server.url("/sw.js")).await;
    let opened = devtools.evaluate(&worker, CLICK_THE_NOTIFICATION).await;
    assert_eq!(opened["closed"], true, "{opened}");
    assert_eq!(opened["focused"], game_url, "{opened}");
    assert_eq!(opened["opened"], Value::Null, "{opened}");
    anna.goto(&server.url("/lobby?lang=en")).await.unwrap();
    let opened = devtools.evaluate(&worker, CLICK_THE_NOTIFICATION).await;
    assert_eq!(opened["focused"], Value::Null, "{opened}");
    assert_eq!(opened["opened"], game_url, "{opened}");
    anna.goto(&game_url).await.unwrap();

    // The server's own message about the game reaches the push service, signed, and reads with
    // the keys the page made, in the same form. The creator at the table is not told of her
    // game's start, nor of a first turn that is hers from the start: she plays (through her
    // page's API) until her turn comes again after the bot's, which her device is told of.
    // A turn is told only while it is still hers (one played meanwhile is told to nobody): when
    // the game moved on since her last decision, she waits for her device's message first.
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    let mut after_her_decision = None;
    while service.messages_to("anna").is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "the push service got no message for Anna's device"
        );
        let look = anna
            .execute_async(LOOK, vec![json!(game)])
            .await
            .expect("a look at the game");
        let version = look["version"].as_i64();
        if look["deciding"] != true {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        let bot_moved = after_her_decision.is_some_and(|after| version != Some(after));
        if bot_moved
            && crate::common::within(Duration::from_secs(10), async || {
                !service.messages_to("anna").is_empty()
            })
            .await
        {
            break;
        }
        let played = anna
            .execute_async(PLAY_FIRST_LEGAL, vec![json!(game), json!(version)])
            .await
            .expect("a decision");
        assert_eq!(played, true, "Anna's decision at version {version:?}");
        after_her_decision = version.map(|v| v + 1);
    }
    let received = &service.messages_to("anna")[0];
    verify_vapid(received, &key, &service.base);
    let message = phone.read(&received.body);
    assert_eq!(message.game, game);
    assert_eq!(message.url, sent.url);
    assert_eq!(message.tag, sent.tag);
}
