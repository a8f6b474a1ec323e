//! axe-core, the accessibility checker, run in the page. The npm package is installed by the
//! test itself into Cargo's temporary directory for tests (once, then reused), never kept in
//! the repository; `npm` must be on the path (`scripts/test-services.sh` installs it).

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use fantoccini::Client;
use serde_json::Value;

use super::{wait_until, TestServer};

/// The version checked against: pinned, so that a new rule cannot turn the tests red by itself.
const AXE_CORE: &str = "axe-core@4.14.1";

/// The script of axe-core, installed on first use.
fn axe_source() -> &'static str {
    static SOURCE: OnceLock<String> = OnceLock::new();
    SOURCE.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(AXE_CORE);
        let script = dir.join("node_modules/axe-core/axe.min.js");
        if !script.exists() {
            let status = Command::new("npm")
                .args([
                    "install",
                    "--no-save",
                    "--no-audit",
                    "--no-fund",
                    "--silent",
                ])
                .arg("--prefix")
                .arg(&dir)
                .arg(AXE_CORE)
                .status()
                .unwrap_or_else(|e| panic!("npm does not run ({e}): apt-get install -y npm"));
            assert!(status.success(), "npm install {AXE_CORE} failed");
        }
        std::fs::read_to_string(&script).expect("axe-core's script")
    })
}

/// The rules' violations on the page as shown now, each as "rule (impact): target, …", with the
/// experimental rule that an accessible name contains the visible label turned on as well.
pub async fn axe_violations(client: &Client) -> Vec<String> {
    let present = client
        .execute("return typeof window.axe === 'object';", vec![])
        .await
        .expect("ask the page");
    if present != Value::Bool(true) {
        client
            .execute(axe_source(), vec![])
            .await
            .expect("axe-core loads in the page");
    }
    let result = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, {
               resultTypes: ['violations'],
               rules: { 'label-content-name-mismatch': { enabled: true } },
             }).then(r => done(r.violations.map(v =>
               v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n =>
                 n.target.join(' ') + ' [' + n.failureSummary.replace(/\\s+/g, ' ') + ']').join(' | ')
               + (v.nodes.length > 3 ? ' … ' + v.nodes.length + ' in all' : ''))),
               e => done(['axe failed: ' + e]));",
            vec![],
        )
        .await
        .expect("axe-core runs");
    result
        .as_array()
        .expect("a list of violations")
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_string())
        .collect()
}

/// The site's languages, by their codes.
pub const LANGUAGES: [&str; 5] = ["en", "de", "fr", "it", "zh"];

/// axe-core's violations on the page at `path` (without a query) in each language, each looked
/// at once the page has loaded and `ready` (a script's condition) holds: "language: violation".
pub async fn axe_in_every_language(
    client: &Client,
    server: &TestServer,
    path: &str,
    ready: &str,
) -> Vec<String> {
    let mut violations = Vec::new();
    for lang in LANGUAGES {
        client
            .goto(&server.url(&format!("{path}?lang={lang}")))
            .await
            .expect("the page");
        wait_until(
            client,
            &format!("document.readyState === 'complete' && ({ready})"),
            &format!("{path} in {lang}: {ready}"),
            Duration::from_secs(20),
        )
        .await;
        let found = axe_violations(client).await;
        violations.extend(found.into_iter().map(|v| format!("{lang}: {v}")));
    }
    violations
}
