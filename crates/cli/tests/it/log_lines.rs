//! No request can forge a line of the server's log: text a client sends (here a bot level with a
//! line break and a fake log line after it) reaches the debug log escaped, on the line of the
//! refusal that quotes it, and that line names the request it belongs to.

use crate::support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;
use support::Player;

#[tokio::test]
async fn a_line_break_sent_by_a_client_cannot_start_a_log_line() {
    let dir = tempfile::tempdir().unwrap();
    let log_path = dir.path().join("serve.log");
    let database = format!("sqlite://{}", dir.path().join("log.db").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_helvetia"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &database])
        .args(["--log-level", "debug"])
        .env("NO_COLOR", "1")
        .stdout(std::fs::File::create(&log_path).unwrap())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("helvetia serve starts");
    let started = Instant::now();
    let base = loop {
        let log = std::fs::read_to_string(&log_path).unwrap_or_default();
        if let Some(url) = log
            .lines()
            .find_map(|line| line.strip_prefix("Helvetia is served on "))
        {
            break url.trim().to_string();
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no address: {log}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };

    let player = Player::new(&base, "forger").await;
    let forged = "INFO helvetia: admin logged in";
    let (status, body) = player
        .post(
            "/api/games",
            json!({"options": {"players": 2},
                   "seats": [{"kind": "me"}, {"kind": "bot", "level": format!("random\n{forged}")}]}),
        )
        .await;
    assert!(status.is_client_error(), "{status} {body}");
    // The refusal is logged at debug level, with the text escaped: wait until it is written. A
    // forged line would be written with it.
    let escaped = |log: &str| {
        log.lines()
            .any(|line| line.contains(r"random\nINFO helvetia: admin logged in"))
    };
    let started = Instant::now();
    while !escaped(&std::fs::read_to_string(&log_path).unwrap()) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the refusal, with the text escaped, is in the log:\n{}",
            std::fs::read_to_string(&log_path).unwrap()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = child.kill();
    let _ = child.wait();

    let log = std::fs::read_to_string(&log_path).unwrap();
    assert!(
        !log.lines()
            .any(|line| line.trim_start().starts_with(forged)),
        "a forged line:\n{log}"
    );
    // Every line written while a request is handled names the request (its id, method and
    // path), the refusal among them.
    let refusal = log
        .lines()
        .find(|line| line.contains(r"random\nINFO helvetia: admin logged in"))
        .expect("the refusal's line");
    assert!(
        refusal.contains("request{id=") && refusal.contains("method=POST path=/api/games"),
        "the refusal's line names its request: {refusal}"
    );
}
