//! Accepting connections so that no client can make the server unreachable: a cap on open
//! connections in total (below the process's open-file limit, so that accepting never fails for
//! want of a descriptor) and per client address (so that one address cannot take them all), and
//! hyper's header-read timeout, which closes a connection that sends its request head too slowly
//! or, kept alive, sends nothing. WebSockets, which leave hyper after the upgrade, have pings and
//! an idle timeout of their own (`ws.rs`).
//!
//! Each connection is served by hyper's HTTP/1 connection with upgrades (for WebSockets) in a
//! task of its own, each request that changes state in a task of its own as well
//! (`run_to_the_end.rs`); a graceful shutdown stops accepting and lets each connection finish
//! its request in progress.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;

use crate::http::client_ip::limit_key;
use crate::http::run_to_the_end;
use crate::live::write_path::InFlight;

/// Limits on connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Open connections at most, in total.
    pub total: usize,
    /// Open connections at most from one client address.
    pub per_address: usize,
    /// Time a client has to send a request's head, and to start the next on a kept-alive
    /// connection.
    pub header_read_timeout: Duration,
}

/// Open-file descriptors kept free of connections: the database pool, the SQLite files, logs.
pub const RESERVED_FILES: usize = 64;

/// The default total: the process's soft open-file limit less what the server needs besides,
/// at most 20,000.
pub fn default_total_connections() -> usize {
    open_file_limit()
        .map_or(1000, |limit| limit.saturating_sub(RESERVED_FILES))
        .clamp(16, 20_000)
}

/// The soft limit on open files, from `/proc/self/limits` (Linux).
pub fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// The open connections, by client address.
#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Counts open connections against the limits.
#[derive(Clone)]
pub struct ConnectionCount {
    open: Arc<Mutex<Open>>,
    limits: ConnectionLimits,
    /// Addresses without a per-address cap (a trusted reverse proxy carries everyone).
    exempt: Arc<Vec<IpAddr>>,
}

/// One open connection; counted until dropped. A WebSocket keeps its connection's `Admitted`
/// (from the request's extensions) for as long as it is open, as hyper lets go of the connection
/// when it is upgraded.
pub struct Admitted {
    open: Arc<Mutex<Open>>,
    /// The per-address key it is counted under; `None` for a trusted proxy.
    address: Option<IpAddr>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.open.lock().expect("connection count");
        open.total -= 1;
        let Some(address) = self.address else {
            return;
        };
        if let Some(count) = open.by_address.get_mut(&address) {
            *count -= 1;
            if *count == 0 {
                open.by_address.remove(&address);
            }
        }
    }
}

impl ConnectionCount {
    /// A count under `limits`; `exempt` addresses have no per-address cap.
    pub fn new(limits: ConnectionLimits, exempt: Vec<IpAddr>) -> ConnectionCount {
        ConnectionCount {
            open: Arc::default(),
            limits,
            exempt: Arc::new(exempt),
        }
    }

    /// Counts a new connection from `address`, unless a limit is reached. IPv6 addresses are
    /// counted by their /64 network ([`limit_key`]).
    pub fn admit(&self, address: IpAddr) -> Option<Admitted> {
        let exempt = self.exempt.contains(&address);
        let address = limit_key(address);
        let mut open = self.open.lock().expect("connection count");
        if open.total >= self.limits.total {
            return None;
        }
        let from_address = open.by_address.get(&address).copied().unwrap_or(0);
        if from_address >= self.limits.per_address && !exempt {
            return None;
        }
        open.total += 1;
        // A trusted proxy's connections are not counted against its /64, so that the other
        // clients of that network keep their share.
        let counted = (!exempt).then_some(address);
        if let Some(address) = counted {
            *open.by_address.entry(address).or_insert(0) += 1;
        }
        Some(Admitted {
            open: self.open.clone(),
            address: counted,
        })
    }

    /// Connections open now.
    pub fn total(&self) -> usize {
        self.open.lock().expect("connection count").total
    }
}

/// Serves `router` on `listener` until `stopping` turns true; then stops accepting and waits
/// for the open connections to finish their requests (WebSockets are closed by the server).
pub async fn serve(
    listener: TcpListener,
    (router, in_flight): (Router, Arc<InFlight>),
    count: ConnectionCount,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let mut connections = tokio::task::JoinSet::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopped(&mut stopping) => break,
        };
        let (tcp, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of descriptors or a connection that failed before it was accepted: go on
                // after a moment rather than spin.
                tracing::warn!("accept failed: {error}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(admitted) = count.admit(peer.ip().to_canonical()) else {
            tracing::debug!(peer = %peer.ip(), "connection refused: too many open");
            crate::live::metrics::connection_refused();
            continue;
        };
        // Small WebSocket messages must leave at once, not wait for Nagle's algorithm.
        if let Err(error) = tcp.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY not set: {error}");
        }
        let handlers = (router.clone(), in_flight.clone());
        let stopping = stopping.clone();
        let timeout = count.limits.header_read_timeout;
        let admitted = Arc::new(admitted);
        connections.spawn(async move {
            serve_connection(tcp, peer, handlers, timeout, stopping, admitted).await;
        });
        // Reap finished connection tasks so the set does not grow.
        while connections.try_join_next().is_some() {}
    }
    // Refuse new connections at once (a proxy then tries another node) while these finish.
    drop(listener);
    while connections.join_next().await.is_some() {}
}

async fn serve_connection(
    tcp: tokio::net::TcpStream,
    peer: SocketAddr,
    (router, in_flight): (Router, Arc<InFlight>),
    header_read_timeout: Duration,
    mut stopping: tokio::sync::watch::Receiver<bool>,
    admitted: Arc<Admitted>,
) {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(admitted.clone());
        run_to_the_end::answer(router.clone(), &in_flight, request)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(header_read_timeout);
    let connection = http
        .serve_connection(TokioIo::new(tcp), service)
        .with_upgrades();
    tokio::pin!(connection);
    let outcome = tokio::select! {
        outcome = connection.as_mut() => outcome,
        _ = stopped(&mut stopping) => {
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    if let Err(error) = outcome {
        tracing::debug!(peer = %peer.ip(), "connection ended: {error}");
    }
}

/// Resolves once the server is stopping (holding no borrow of the flag).
async fn stopped(stopping: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = stopping.wait_for(|&stop| stop).await;
}
