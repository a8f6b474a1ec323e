//! The server's metrics in Prometheus' text format (`GET /metrics`), kept with the `metrics`
//! crates: actions committed and their latency, games in memory, connected viewers, bot work.

use std::sync::OnceLock;
use std::time::Duration;

use metrics::{counter, gauge, histogram, Counter, Histogram};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

use super::Node;

/// Latency buckets of a committed change, in seconds.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0,
];

/// The process's recorder, installed on first use (one per process, however many servers a test
/// starts in it).
fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets(LATENCY_BUCKETS)
            .expect("buckets are given")
            .build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("another metrics recorder is installed; /metrics stays empty");
        }
        handle
    })
}

/// Makes sure the recorder is installed before the first metric is recorded.
pub fn install() {
    handle();
}

/// An action or undo was committed and published, `elapsed` after its request reached the game.
pub fn action_committed(elapsed: Duration) {
    // Looked up once, after the recorder is installed: a lookup hashes the metric's name and
    // takes the registry's lock, which every action paid.
    static METRICS: OnceLock<(Counter, Histogram)> = OnceLock::new();
    let (actions, latency) = METRICS.get_or_init(|| {
        install();
        (
            counter!("helvetia_actions_total"),
            histogram!("helvetia_action_commit_seconds"),
        )
    });
    actions.increment(1);
    latency.record(elapsed.as_secs_f64());
}

/// A bot's move was committed.
pub fn bot_moved() {
    counter!("helvetia_bot_moves_total").increment(1);
}

/// A person's clock ran out and a bot stands in for them (counted by `node`, which stored it).
pub fn clock_ran_out(node: &str) {
    counter!("helvetia_clock_timeouts_total", "node" => node.to_string()).increment(1);
}

/// A claimed mail was handled: `outcome` is sent, dropped, deferred, retry or failed.
pub fn mail_handled(outcome: &'static str) {
    counter!("helvetia_mails_total", "outcome" => outcome).increment(1);
}

/// An event due for a person's devices was handled: `outcome` is sent, dropped, queued (to be
/// tried again) or failed.
pub fn push_handled(outcome: &'static str) {
    counter!("helvetia_pushes_total", "outcome" => outcome).increment(1);
}

/// A claimed webhook delivery was handled: `outcome` is sent, dropped, retry or failed.
pub fn webhook_handled(outcome: &'static str) {
    counter!("helvetia_webhooks_total", "outcome" => outcome).increment(1);
}

/// A periodic worker (`worker`: deadlines, mail, play-now, webhooks) of the node `node` finished a look without a
/// failure. A look that began after an event has seen it, so tests wait for looks instead of
/// sleeping; an operator sees a worker that stopped looking.
pub fn worker_looked(worker: &'static str, node: &str) {
    counter!("helvetia_worker_looks_total", "worker" => worker, "node" => node.to_string())
        .increment(1);
}

/// A person's forced step was decided by the node `node`: `outcome` is `played` (for them) or
/// `left` (their account turned it off: it waits for their click). Tests wait for the decision
/// instead of sleeping; an operator sees how often steps are played.
pub fn forced_step_decided(outcome: &'static str, node: &str) {
    counter!("helvetia_forced_steps_total", "outcome" => outcome, "node" => node.to_string())
        .increment(1);
}

/// A connection was closed at once because too many are open (in total or from its address).
pub fn connection_refused() {
    counter!("helvetia_connections_refused_total").increment(1);
}

/// A log-in with an unknown name was answered after a password check like any other.
pub fn unknown_name_checked() {
    counter!("helvetia_unknown_name_logins_total").increment(1);
}

/// A WebSocket viewer came or went.
pub fn viewer_connected(present: bool) {
    if present {
        gauge!("helvetia_websocket_connections").increment(1.0);
    } else {
        gauge!("helvetia_websocket_connections").decrement(1.0);
    }
}

/// Every metric in Prometheus' text format, with the gauges of `node` at this moment.
pub fn render(node: &Node) -> String {
    gauge!("helvetia_games_in_memory").set(node.games.len() as f64);
    gauge!("helvetia_bot_tasks").set(node.bots.active() as f64);
    gauge!("helvetia_bot_queue").set(node.bots.queued() as f64);
    gauge!("helvetia_changes_in_flight").set(node.in_flight.count() as f64);
    handle().render()
}
