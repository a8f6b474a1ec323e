//! E-mail notifications against a real SMTP server on loopback (Debian's python3-aiosmtpd,
//! which stores every mail it receives in a Maildir): the right mails in each person's language,
//! at most one per game and hour, none of a kind turned off, an unsubscribe link that works
//! without logging in, clock warnings, and one mail however many nodes send.

use crate::common;

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{
    create_game, databases, join_and_start, play_http, start_for_three, Client, TestServer,
};
use helvetia_server::Config;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// An SMTP server on loopback that keeps what it receives.
struct SmtpSink {
    child: Child,
    dir: tempfile::TempDir,
    url: String,
}

/// One received mail.
#[derive(Debug, Clone)]
struct Mail {
    to: String,
    subject: String,
    body: String,
    language: String,
    unsubscribe: String,
}

impl SmtpSink {
    fn start() -> SmtpSink {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir = tempfile::tempdir().unwrap();
        let child = Command::new("/usr/bin/python3")
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(dir.path().join("maildir"))
            .stdout(Stdio::null())
            .spawn()
            .expect("python3 for the SMTP server (Debian's python3-aiosmtpd)");
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the SMTP sink did not start: install Debian's python3-aiosmtpd \
                 (scripts/test-services.sh does), or leave the mail tests out explicitly \
                 with `cargo test -- --skip mail::`"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        SmtpSink {
            child,
            dir,
            url: format!("smtp://127.0.0.1:{port}"),
        }
    }

    fn mails(&self) -> Vec<Mail> {
        let new: PathBuf = self.dir.path().join("maildir").join("new");
        let Ok(entries) = std::fs::read_dir(new) else {
            return Vec::new();
        };
        let mut files: Vec<_> = entries.map(|entry| entry.unwrap().path()).collect();
        files.sort();
        files
            .iter()
            .map(|path| {
                let bytes = std::fs::read(path).unwrap();
                let message = mail_parser::MessageParser::default()
                    .parse(&bytes)
                    .expect("a mail");
                let raw = |name: &str| {
                    message
                        .header_raw(name)
                        .unwrap_or_default()
                        .trim()
                        .to_string()
                };
                Mail {
                    to: message
                        .to()
                        .and_then(|to| to.first())
                        .and_then(|addr| addr.address())
                        .unwrap_or_default()
                        .to_string(),
                    subject: message.subject().unwrap_or_default().to_string(),
                    body: message.body_text(0).unwrap_or_default().into_owned(),
                    language: raw("Content-Language"),
                    unsubscribe: raw("List-Unsubscribe").trim_matches(['<', '>']).to_string(),
                }
            })
            .collect()
    }

    /// The mails to `address`.
    fn to(&self, address: &str) -> Vec<Mail> {
        self.mails()
            .into_iter()
            .filter(|mail| mail.to == address)
            .collect()
    }

    /// Waits (at most 20 s) until `address` has received `count` mails, and answers them.
    async fn wait_for(&self, address: &str, count: usize) -> Vec<Mail> {
        let started = Instant::now();
        loop {
            let mails = self.to(address);
            if mails.len() >= count {
                return mails;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "waited in vain for {count} mails to {address}; all mails: {:#?}",
                self.mails()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn mailing_config(database_url: &str, sink: &SmtpSink) -> Config {
    Config {
        smtp_url: Some(sink.url.clone()),
        mail_from: "Helvetia Test <helvetia@example.org>".into(),
        public_url: Some("https://helvetia.example".into()),
        your_turn_mail_delay_secs: 0,
        ..common::test_config(database_url)
    }
}

/// A server that sends mail to a sink of its own.
async fn mailing_server(database: common::Database) -> (SmtpSink, TestServer) {
    let sink = SmtpSink::start();
    let config = mailing_config(&database.url, &sink);
    (sink, TestServer::start_with(database, config).await)
}

async fn set_mail(client: &mut Client, email: &str, language: &str, kinds: [bool; 4]) -> Value {
    let [your_turn, game_started, game_ended, clock_low] = kinds;
    let (status, body) = client
        .post(
            "/api/settings",
            json!({"email": email, "language": language, "your_turn": your_turn,
                   "game_started": game_started, "game_ended": game_ended,
                   "clock_low": clock_low}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn name_of(client: &mut Client) -> String {
    let (_, me) = client.get("/api/me").await;
    me["username"].as_str().unwrap().to_string()
}

/// Plays the first legal action for whoever of the two decides, `actions` times over.
async fn play_some(game: &str, anna: &mut Client, bruno: &mut Client, actions: usize) {
    play_http(game, &mut [anna, bruno], actions, |_| 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mails_tell_of_starts_and_turns_in_each_language_at_most_hourly() {
    for database in databases().await {
        let (sink, server) = mailing_server(database).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        let anna_name = name_of(&mut anna).await;
        let bruno_name = name_of(&mut bruno).await;
        let settings = set_mail(&mut anna, "anna@example.org", "de", [true; 4]).await;
        assert_eq!(settings["sends_mail"], true, "{settings}");
        // Bruno wants no "your turn" mails.
        set_mail(
            &mut bruno,
            "bruno@example.org",
            "en",
            [false, true, true, true],
        )
        .await;

        let (id, _) = create_game(
            &mut anna,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        join_and_start(&id, &mut anna, &mut bruno).await;

        // Bruno is told that the game started, in English; Anna started it herself.
        let started = sink.wait_for("bruno@example.org", 1).await;
        assert_eq!(
            started[0].subject,
            format!("Helvetia: your game against {anna_name} has started")
        );
        assert_eq!(started[0].language, "en");
        assert!(
            started[0]
                .body
                .contains(&format!("https://helvetia.example/games/{id}")),
            "{started:?}"
        );

        // Many turns pass between them: Anna gets one "your turn" mail, in German, and no more
        // within the hour; Bruno none.
        let mut passes = 0;
        let mut last_decider = None;
        while passes < 6 {
            let anna_decides = common::decides(&anna.state(&id).await);
            if last_decider != Some(anna_decides) {
                passes += 1;
                last_decider = Some(anna_decides);
            }
            play_some(&id, &mut anna, &mut bruno, 1).await;
        }
        // End on Anna's decision, so that her last "your turn" mail still holds when sent.
        while !common::decides(&anna.state(&id).await) {
            play_some(&id, &mut anna, &mut bruno, 1).await;
        }
        let to_anna = sink.wait_for("anna@example.org", 1).await;
        assert_eq!(
            to_anna[0].subject,
            format!("Helvetia: Du bist am Zug gegen {bruno_name}")
        );
        assert_eq!(to_anna[0].language, "de");
        assert!(to_anna[0].body.contains(&format!("Hallo {anna_name}")));
        // The sender has looked at the whole outbox since: more mails would have gone.
        server.wait_for_a_look_since_now("mail").await;
        assert_eq!(sink.to("anna@example.org").len(), 1, "{:#?}", sink.mails());
        assert_eq!(sink.to("bruno@example.org").len(), 1, "{:#?}", sink.mails());

        // The unsubscribe link works without a session: opening it only asks, the mail
        // program's one-click POST (no cookie, no CSRF token) turns every kind off.
        let link = to_anna[0].unsubscribe.clone();
        assert!(
            link.starts_with("https://helvetia.example/unsubscribe/"),
            "{link}"
        );
        assert!(to_anna[0].body.contains(&link));
        let path = link.trim_start_matches("https://helvetia.example");
        let stranger = reqwest::Client::new();
        let asked = stranger
            .get(format!("{}{path}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(asked.status(), StatusCode::OK);
        assert!(asked.text().await.unwrap().contains(&anna_name));
        let (_, before) = anna.get("/api/settings").await;
        assert_eq!(
            before["your_turn"], true,
            "opening the link changes nothing"
        );
        let done = stranger
            .post(format!("{}{path}", server.base))
            .header("content-type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .unwrap();
        assert_eq!(done.status(), StatusCode::OK);
        let (_, after) = anna.get("/api/settings").await;
        for kind in ["your_turn", "game_started", "game_ended", "clock_low"] {
            assert_eq!(after[kind], false, "{after}");
        }
        assert_eq!(after["email"], "anna@example.org", "the address is kept");
        let unknown = stranger
            .post(format!("{}/unsubscribe/not-a-token", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_of_a_game_is_mailed_with_its_winner() {
    for database in databases().await {
        let (sink, server) = mailing_server(database).await;
        let mut anna = server.user("anna").await;
        // Only the end: no "your turn" mails on the way.
        set_mail(
            &mut anna,
            "anna@example.org",
            "fr",
            [false, true, true, true],
        )
        .await;
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 2, "round_limit": 2}),
            json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
        )
        .await;
        let (status, body) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        play_http(&id, &mut [&mut anna], 10_000, |_| 0).await;
        let state = anna.state(&id).await;
        assert_eq!(state["status"], "finished", "{state}");
        let mails = sink.wait_for("anna@example.org", 1).await;
        assert_eq!(mails.len(), 1, "{mails:#?}");
        assert!(
            mails[0]
                .subject
                .starts_with("Helvetia : votre partie contre Ordinateur (débutant)"),
            "{mails:?}"
        );
        assert!(mails[0].body.contains("Gagnant"), "{mails:?}");
        assert_eq!(mails[0].language, "fr");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_running_out_within_the_hour_is_warned_of_once() {
    for database in databases().await {
        let (sink, server) = mailing_server(database).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        set_mail(
            &mut anna,
            "anna@example.org",
            "it",
            [false, false, true, true],
        )
        .await;
        set_mail(
            &mut bruno,
            "bruno@example.org",
            "it",
            [false, false, true, true],
        )
        .await;
        // A turn of an hour and a second: within a second or two the clock of whoever decides
        // has less than an hour left.
        let (status, body) = anna
            .post(
                "/api/games",
                json!({
                    "options": {"players": 2},
                    "seats": [{"kind": "me"}, {"kind": "open"}],
                    "time_control": {"bank_secs": 0, "per_turn_secs": 3601,
                                     "increment_secs": 0, "stand_in": "random"},
                }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id = body["id"].as_str().unwrap().to_string();
        join_and_start(&id, &mut anna, &mut bruno).await;
        let (warned, other) = if common::decides(&anna.state(&id).await) {
            ("anna@example.org", "bruno@example.org")
        } else {
            ("bruno@example.org", "anna@example.org")
        };
        let mails = sink.wait_for(warned, 1).await;
        assert!(
            mails[0].subject.contains("entro un’ora"),
            "{:?}",
            mails[0].subject
        );
        assert!(mails[0].body.contains(" UTC"), "{:?}", mails[0].body);
        // The sender has planned warnings and looked at the outbox since: a second warning would
        // have gone.
        server.wait_for_a_look_since_now("mail").await;
        assert_eq!(sink.to(warned).len(), 1, "{:#?}", sink.mails());
        assert!(sink.to(other).is_empty(), "{:#?}", sink.mails());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_clock_warning_goes_while_its_person_is_on_vacation() {
    for database in databases().await {
        let sink = SmtpSink::start();
        let config = mailing_config(&database.url, &sink);
        let server = TestServer::start_with(database.same(), config).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        for (client, address) in [
            (&mut anna, "anna@example.org"),
            (&mut bruno, "bruno@example.org"),
        ] {
            set_mail(client, address, "en", [false, false, false, true]).await;
            // Both away from now, so that whoever decides first is.
            let today = time::OffsetDateTime::now_utc().date().to_string();
            let (status, body) = client
                .post("/api/settings/vacation", json!({"from": today, "days": 1}))
                .await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
        let (status, body) = anna
            .post(
                "/api/games",
                json!({
                    "options": {"players": 2},
                    "seats": [{"kind": "me"}, {"kind": "open"}],
                    "time_control": {"bank_secs": 0, "per_turn_secs": 3601, "stand_in": "random"},
                }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id = body["id"].as_str().unwrap().to_string();
        join_and_start(&id, &mut anna, &mut bruno).await;
        let (mover, address) = if common::decides(&anna.state(&id).await) {
            (&mut anna, "anna@example.org")
        } else {
            (&mut bruno, "bruno@example.org")
        };
        // The stored clock as a node that missed the vacations would have left it: its deadline
        // within the hour. The warning waits all the same while its person is away.
        let clock = mover.state(&id).await["clock"].clone();
        let since = clock["running"]["since_ms"].as_i64().unwrap() - 601_000;
        let stored = json!({"control": clock["control"], "banks_ms": clock["banks_ms"],
                            "running": {"seat": clock["running"]["seat"], "since_ms": since}});
        let deadline = since + 3_601_000;
        server
            .database
            .edit(
                &format!(
                    "UPDATE games SET clock = '{stored}', deadline = {deadline} WHERE id = $1"
                ),
                &id,
            )
            .await;
        server.wait_for_a_look_since_now("mail").await;
        assert!(sink.mails().is_empty(), "{:#?}", sink.mails());
        // Back from vacation, the clock runs again with less than an hour left: warned.
        let (status, body) = mover.post("/api/settings/vacation/end", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let mails = sink.wait_for(address, 1).await;
        assert_eq!(mails.len(), 1, "{mails:#?}");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_checked_and_kinds_turned_off_send_nothing() {
    for database in databases().await {
        let (sink, server) = mailing_server(database).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        let all_on = |email: &str, language: &str| {
            json!({"email": email, "language": language, "your_turn": true,
                   "game_started": true, "game_ended": true, "clock_low": true})
        };
        let mut unknown_field = all_on("a@example.org", "en");
        unknown_field["sms"] = json!(true);
        for (body, status, expected) in [
            (
                all_on("not an address", "en"),
                StatusCode::BAD_REQUEST,
                "e-mail",
            ),
            (
                all_on("a@example.org\r\nBcc: b@example.org", "en"),
                StatusCode::BAD_REQUEST,
                "e-mail",
            ),
            (
                all_on("a@example.org", "xx"),
                StatusCode::BAD_REQUEST,
                "language",
            ),
            (unknown_field, StatusCode::UNPROCESSABLE_ENTITY, "sms"),
        ] {
            let (answer_status, answer) = anna.post("/api/settings", body).await;
            assert_eq!(answer_status, status, "{answer}");
            assert!(
                format!("{} {}", answer["error"], answer["detail"]).contains(expected),
                "{answer}"
            );
        }
        let (_, unchanged) = anna.get("/api/settings").await;
        assert_eq!(unchanged["email"], Value::Null, "{unchanged}");

        // A new account's mails are in the language of the page it registered from.
        let mut dora = server.client().await;
        let csrf = dora.csrf.clone().unwrap();
        let credentials =
            json!({"username": common::unique_name("dora"), "password": "correct horse"});
        let (status, body) = dora
            .post_raw(
                "/api/register",
                credentials.to_string(),
                &[
                    ("x-csrf-token", &csrf),
                    ("accept-language", "de-CH,de;q=0.9,en;q=0.5"),
                ],
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (_, dora_settings) = dora.get("/api/settings").await;
        assert_eq!(dora_settings["language"], "de", "{dora_settings}");

        // Everything off but the address: a started game and turns send nothing.
        set_mail(&mut bruno, "bruno@example.org", "en", [false; 4]).await;
        let (id, _) = create_game(
            &mut anna,
            json!({"players": 2}),
            json!([{"kind": "me"}, {"kind": "open"}]),
        )
        .await;
        join_and_start(&id, &mut anna, &mut bruno).await;
        play_some(&id, &mut anna, &mut bruno, 30).await;
        // The sender has looked at the whole outbox since: a mail planned would have gone.
        server.wait_for_a_look_since_now("mail").await;
        assert!(sink.mails().is_empty(), "{:#?}", sink.mails());

        // A person without a session is sent to log in.
        let page = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap()
            .get(format!("{}/settings", server.base))
            .send()
            .await
            .unwrap();
        assert!(page.status().is_redirection());
        let (status, html) = bruno.get_text("/settings").await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            html.contains("bruno@example.org"),
            "the form shows the address"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_send_each_mail_once() {
    // Two nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = common::Database::postgres(&admin).await;
    let sink = SmtpSink::start();
    let node_a =
        TestServer::start_with(database.same(), mailing_config(&database.url, &sink)).await;
    let node_b =
        TestServer::start_with(database, mailing_config(&node_a.database.url, &sink)).await;
    let mut anna = node_a.user("anna").await;
    let mut bruno = node_b.user("bruno").await;
    let mut carla = node_b.user("carla").await;
    for (client, address) in [
        (&mut bruno, "bruno@example.org"),
        (&mut carla, "carla@example.org"),
    ] {
        set_mail(client, address, "en", [true; 4]).await;
    }
    // Ten games started on node A: each sends Bruno and Carla a mail, through either node.
    for _ in 0..10 {
        start_for_three(&mut anna, [&mut bruno, &mut carla], json!({})).await;
    }
    sink.wait_for("bruno@example.org", 10).await;
    sink.wait_for("carla@example.org", 10).await;
    // Both senders have looked at the whole outbox since: a second mail would have gone.
    node_a.wait_for_a_look_since_now("mail").await;
    node_b.wait_for_a_look_since_now("mail").await;
    assert_eq!(sink.to("bruno@example.org").len(), 10);
    assert_eq!(sink.to("carla@example.org").len(), 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_mails_its_tables_start_even_live_and_each_persons_place_at_the_end() {
    for database in databases().await {
        let sink = SmtpSink::start();
        let mut config = mailing_config(&database.url, &sink);
        config.tournament_tick_ms = 100;
        let server = TestServer::start_with(database, config).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        // The mails of starts and ends.
        set_mail(
            &mut anna,
            "anna@example.org",
            "de",
            [false, true, true, false],
        )
        .await;
        set_mail(
            &mut bruno,
            "bruno@example.org",
            "en",
            [false, true, true, false],
        )
        .await;
        let starts_at = common::rfc3339_in(1);
        let (status, created) = anna
            .post(
                "/api/tournaments",
                json!({"name": "Mail cup", "players": 2, "pace": "live-5", "rounds": 1,
                       "starts_at": starts_at}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        for client in [&mut anna, &mut bruno] {
            let (status, body) = client
                .post(&format!("/api/tournaments/{id}/enter"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let mut game = None;
        let seated = common::within(Duration::from_secs(20), async || {
            let (_, view) = anna.clone_get(&format!("/api/tournaments/{id}")).await;
            game = view["you"]["game"].as_str().map(str::to_string);
            game.is_some() && view["rounds"][0]["tables"][0]["status"] == "running"
        })
        .await;
        assert!(seated, "the table is seated");
        let game = game.unwrap();
        play_http(&game, &mut [&mut anna, &mut bruno], 5_000, |_| 0).await;
        let (_, view) = anna.clone_get(&format!("/api/tournaments/{id}")).await;
        let (_, state) = anna.get(&format!("/api/games/{game}")).await;
        assert_eq!(state["status"], "finished", "{state}");
        let done = common::within(Duration::from_secs(20), async || {
            let (_, view) = anna.clone_get(&format!("/api/tournaments/{id}")).await;
            view["status"] == "finished"
        })
        .await;
        assert!(done, "{view:#}");
        let (_, view) = anna.clone_get(&format!("/api/tournaments/{id}")).await;
        let place = |name: &str| {
            view["standings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|line| line["name"] == name)
                .map(|line| line["rank"].as_u64().unwrap())
                .unwrap()
        };
        let anna_name = name_of(&mut anna).await;
        let bruno_name = name_of(&mut bruno).await;
        for (address, name, words, started) in [
            ("anna@example.org", &anna_name, "Platz", "hat begonnen"),
            ("bruno@example.org", &bruno_name, "you came", "has started"),
        ] {
            // The table's start (a live table, as every tournament table), then the
            // tournament's end at once: the game's own end waits for the hour after the start's
            // mail, the tournament's does not.
            let mails = sink.wait_for(address, 2).await;
            assert_eq!(
                mails.iter().filter(|m| m.subject.contains(started)).count(),
                1,
                "{mails:#?}"
            );
            let ended: Vec<&Mail> = mails
                .iter()
                .filter(|mail| mail.subject.contains("Mail cup"))
                .collect();
            assert_eq!(ended.len(), 1, "{mails:#?}");
            let expected = format!("{words} {} ", place(name));
            assert!(
                ended[0].body.contains(&expected),
                "{expected} in {:#?}",
                ended[0]
            );
            assert!(ended[0].body.contains(&format!("/tournaments/{id}")));
        }
    }
}

/// What became of the mail of `game`'s start to `user_id`: its state and note, once it is no
/// longer waiting.
async fn started_mail_outcome(database_url: &str, user_id: &str, game: &str) -> (String, String) {
    let pool = sqlx::AnyPool::connect(database_url).await.unwrap();
    let started = Instant::now();
    loop {
        let row: (String, Option<String>) = sqlx::query_as(
            "SELECT state, note FROM mail_outbox WHERE user_id = $1 AND game_id = $2 \
             AND kind = 'game_started'",
        )
        .bind(user_id)
        .bind(game)
        .fetch_one(&pool)
        .await
        .unwrap();
        if row.0 != "queued" {
            pool.close().await;
            return (row.0, row.1.unwrap_or_default());
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the mail is decided"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_pushed_to_a_device_in_use_is_not_mailed_and_one_for_a_device_unused_for_weeks_is()
{
    use crate::push::{Device, PushService};
    for database in databases().await {
        let sink = SmtpSink::start();
        let config = Config {
            push_allow_private: true,
            push_tick_ms: 100,
            ..mailing_config(&database.url, &sink)
        };
        let server = TestServer::start_with(database, config).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        let mut carla = server.user("carla").await;
        let (_, me) = anna.get("/api/me").await;
        let anna_id = me["id"].as_str().unwrap().to_string();
        // Anna and Carla want to hear of starts by mail; only Anna has a device.
        for (client, address) in [
            (&mut anna, "anna@example.org"),
            (&mut carla, "carla@example.org"),
        ] {
            set_mail(client, address, "en", [false, true, false, false]).await;
        }
        let service = PushService::start().await;
        let endpoint = service.endpoint("anna");
        Device::added(&mut anna, &endpoint).await;

        // Her phone is in use (just added): told there, not by mail; Carla is mailed.
        let first = start_for_three(&mut bruno, [&mut anna, &mut carla], json!({})).await;
        sink.wait_for("carla@example.org", 1).await;
        let (state, note) = started_mail_outcome(&server.database.url, &anna_id, &first).await;
        assert_eq!(
            (state.as_str(), note.as_str()),
            ("dropped", "told on a device")
        );
        assert_eq!(service.messages_to("anna").len(), 1, "told on her phone");
        assert!(sink.to("anna@example.org").is_empty(), "and not by mail");

        // Weeks without opening the site on that phone: told there and by mail.
        server
            .database
            .edit(
                "UPDATE push_subscriptions SET last_seen_at = 0 WHERE user_id = $1",
                &anna_id,
            )
            .await;
        let second = start_for_three(&mut bruno, [&mut anna, &mut carla], json!({})).await;
        let mails = sink.wait_for("anna@example.org", 1).await;
        assert_eq!(mails.len(), 1, "{mails:#?}");
        assert_eq!(
            started_mail_outcome(&server.database.url, &anna_id, &second)
                .await
                .0,
            "sent"
        );
        let pushed = common::within(Duration::from_secs(10), async || {
            service.messages_to("anna").len() == 2
        })
        .await;
        assert!(pushed, "and on her phone");

        // Opening the site on the phone says it is in use again; it never adds a device.
        let (status, body) = anna
            .post("/api/push/devices/seen", json!({"endpoint": endpoint}))
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        let (status, body) = bruno
            .post("/api/push/devices/seen", json!({"endpoint": endpoint}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "not Bruno's device: {body}");
        let (status, body) = anna
            .post(
                "/api/push/devices/seen",
                json!({"endpoint": format!("{endpoint}\u{0}x")}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["code"], "push-endpoint");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_to_play_again_is_mailed_to_the_others_who_want_it() {
    for database in databases().await {
        let (sink, server) = mailing_server(database).await;
        let mut anna = server.user("anna").await;
        let mut bruno = server.user("bruno").await;
        let mut carl = server.user("carl").await;
        let anna_name = name_of(&mut anna).await;
        set_mail(&mut anna, "anna@example.org", "en", [false; 4]).await;
        // Bruno wants only this kind (left out of the body: on); Carl wants none.
        set_mail(&mut bruno, "bruno@example.org", "de", [false; 4]).await;
        let (status, body) = carl
            .post(
                "/api/settings",
                json!({"email": "carl@example.org", "language": "en", "your_turn": false,
                       "game_started": false, "game_ended": false, "clock_low": false,
                       "rematch": false}),
            )
            .await;
        assert_eq!(
            (status, &body["rematch"]),
            (StatusCode::OK, &json!(false)),
            "{body}"
        );
        let id = start_for_three(
            &mut anna,
            [&mut bruno, &mut carl],
            json!({"round_limit": 1}),
        )
        .await;
        play_http(&id, &mut [&mut anna, &mut bruno, &mut carl], 10_000, |_| 0).await;
        assert_eq!(anna.state(&id).await["status"], "finished");
        server.wait_for_a_look_since_now("mail").await;
        assert!(
            sink.mails().is_empty(),
            "nothing wanted yet: {:#?}",
            sink.mails()
        );

        let (status, body) = anna
            .post(&format!("/api/games/{id}/rematch"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let mails = sink.wait_for("bruno@example.org", 1).await;
        assert_eq!(
            mails[0].subject,
            format!("Helvetia: {anna_name} möchte nochmals mit dir spielen")
        );
        assert!(
            mails[0]
                .body
                .contains(&format!("https://helvetia.example/games/{id}\n")),
            "it opens the finished game, where the seat is taken: {}",
            mails[0].body
        );
        assert_eq!(mails[0].language, "de");
        // Anna asked, Carl turned the kind off; Bruno's mail went once.
        server.wait_for_a_look_since_now("mail").await;
        assert_eq!(sink.mails().len(), 1, "{:#?}", sink.mails());
    }
}
