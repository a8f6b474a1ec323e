//! The application: the router with every route and layer, start-up (database, workers,
//! listener) and graceful shutdown.

use std::net::SocketAddr;
use std::num::NonZeroU32;

use axum::extract::DefaultBodyLimit;
use axum::Router;
use governor::{Quota, RateLimiter};

use crate::accounts::{self, csrf, scope};
use crate::config::Config;
use crate::domain::push::vapid::VapidKeys;
use crate::domain::tokens::random_token;
use crate::http::body_limit::{self, MAX_BODY};
use crate::http::{
    compression, error_language, health, listener, panics, security_headers, tracing_layer,
};
use crate::live::open_streams::OpenStreams;
use crate::live::Node;
use crate::site::{self, pages};
use crate::state::{AppState, Shared};
use crate::storage::Store;
use crate::{analysis, bot_accounts, bot_play, chat, export, lobby, mail, play, play_now};
use crate::{players, push, puzzles, tournaments, vacations, webhooks, workers};

/// Why the server could not start.
#[derive(Debug)]
pub struct StartError(pub String);

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StartError {}

/// Connects to the database and builds the shared state. Reads no game: games are loaded when
/// first needed.
///
/// # Errors
/// The database is unreachable or its schema cannot be brought up to date.
pub async fn open(config: Config) -> Result<AppState, StartError> {
    let node = config.node_name.clone().unwrap_or_else(default_node_name);
    let plans_mail = config.smtp_url.is_some();
    let store = Store::connect_with_mail(&config.database_url, &node, plans_mail)
        .await
        .map_err(|e| StartError(format!("cannot open {}: {e}", config.database_url)))?;
    if !store.is_postgres() {
        // One node: a lease left by an earlier run of this node must not hold its bots back.
        store
            .release_all_bots()
            .await
            .map_err(|e| StartError(format!("cannot reset bot leases: {e}")))?;
    }
    let vapid = store
        .vapid_keys(VapidKeys::generate(), crate::domain::time::now())
        .await
        .map_err(|e| StartError(format!("cannot read or store the Web Push keys: {e}")))?;
    crate::live::metrics::install();
    let per_minute = NonZeroU32::new(config.auth_per_minute.max(1)).expect("at least 1");
    let per_account = NonZeroU32::new(config.login_per_account_minute.max(1)).expect("at least 1");
    let api_per_minute = NonZeroU32::new(config.api_per_minute.max(1)).expect("at least 1");
    Ok(AppState::new(Shared {
        node: Node::new(store, config.bot_threads),
        auth_limiter: RateLimiter::keyed(Quota::per_minute(per_minute)),
        login_limiter: RateLimiter::keyed(Quota::per_minute(per_account)),
        chat_limiter: chat::lines::limiter(),
        api_limiter: RateLimiter::keyed(Quota::per_minute(api_per_minute)),
        blocked_token_addresses: Default::default(),
        open_streams: OpenStreams::new(config.max_streams_per_account),
        vapid,
        shutdown: tokio::sync::watch::channel(false).0,
        play_now_wake: tokio::sync::Notify::new(),
        tournament_wake: tokio::sync::Notify::new(),
        config,
    }))
}

/// Host name, process id and a random part: unique among the nodes of one database.
fn default_node_name() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .map(|name| name.trim().to_string())
        .unwrap_or_else(|_| "node".into());
    format!("{host}-{}-{}", std::process::id(), &random_token()[..6])
}

/// The router: each feature's routes (its `routes()`), and the layers every request passes.
pub fn app(state: AppState) -> Router {
    layered(routes(), state)
}

fn routes() -> Router<AppState> {
    Router::new()
        .merge(health::routes())
        .merge(site::routes())
        .merge(accounts::routes())
        .merge(lobby::routes())
        .merge(play::routes())
        .merge(chat::routes())
        .merge(analysis::routes())
        .merge(players::routes())
        .merge(play_now::routes())
        .merge(tournaments::routes())
        .merge(puzzles::routes())
        .merge(export::routes())
        .merge(bot_accounts::routes())
        .merge(bot_play::routes())
        .merge(mail::routes())
        .merge(push::routes())
        .merge(vacations::routes())
        .merge(webhooks::routes())
        .fallback(pages::not_found)
}

/// `routes` inside the layers every request passes, from the inside out: a panic answered as
/// an internal error, the token scopes, CSRF, the body limits, the error's language,
/// compression, the security headers and the trace.
pub fn layered(routes: Router<AppState>, state: AppState) -> Router {
    let router = routes
        .layer(panics::answered())
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            scope::limit,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            csrf::protect,
        ))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state);
    let translated =
        body_limit::add(router).layer(axum::middleware::from_fn(error_language::translate));
    tracing_layer::add(security_headers::add(compression::add(translated)))
}

/// A server running in the background.
pub struct RunningServer {
    /// The address it listens on (the real port when 0 was asked for).
    pub addr: SocketAddr,
    /// Its state, shared with the handlers.
    pub state: AppState,
    task: tokio::task::JoinHandle<()>,
    background: Vec<tokio::task::JoinHandle<()>>,
}

/// How long a graceful shutdown waits for connections and commits before it stops anyway.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

impl RunningServer {
    /// Stops serving at once, as a crash would (nothing acknowledged is lost: it is committed).
    pub fn abort(&self) {
        self.task.abort();
        for task in &self.background {
            task.abort();
        }
    }

    /// Stops gracefully: readiness fails, no new connection is accepted, browsers are told to
    /// reconnect (elsewhere, behind a proxy), changes in progress are committed, this node's bot
    /// leases are given back, and the database is closed.
    pub async fn shutdown(self) {
        self.state.shutdown.send_replace(true);
        for task in &self.background {
            task.abort();
        }
        let drained = async {
            let _ = self.task.await;
            self.state.in_flight.drained().await;
        };
        if tokio::time::timeout(SHUTDOWN_GRACE, drained).await.is_err() {
            tracing::warn!("shutdown: connections still open after {SHUTDOWN_GRACE:?}");
        }
        for live in self.state.games.all() {
            if let Err(error) = self.state.store.release_bot(&live.id).await {
                tracing::warn!(game = %live.id, "cannot release the bot lease: {error}");
            }
        }
        self.state.store.close().await;
    }
}

/// Opens the database, binds `config.addr` and serves in a background task, with this node's
/// housekeeping, bot lease watcher and (on PostgreSQL) notice listener.
///
/// # Errors
/// The database or the address is unavailable.
pub async fn spawn(config: Config) -> Result<RunningServer, StartError> {
    let tcp_listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| StartError(format!("cannot listen on {}: {e}", config.addr)))?;
    let addr = tcp_listener
        .local_addr()
        .map_err(|e| StartError(e.to_string()))?;
    let mail = mail_config(&config, addr)?;
    let hooks = webhook_config(&config, addr);
    let state = open(config).await?;
    if state.config.first_puzzle_set {
        let added = puzzles::first_set::add_first_set(&state.store)
            .await
            .map_err(StartError)?;
        tracing::info!("{added} new puzzles from the first set");
    }
    if let Some(path) = &state.config.puzzles_file {
        let added = puzzles::import::import(&state.store, path)
            .await
            .map_err(StartError)?;
        tracing::info!("{added} new puzzles from {}", path.display());
    }
    let mut background = vec![
        tokio::spawn(workers::events::follow_events(state.clone())),
        tokio::spawn(workers::housekeeping::housekeeping(state.clone())),
        tokio::spawn(workers::bots::watch_leases(
            state.clone(),
            std::time::Duration::from_secs(1),
        )),
        tokio::spawn(workers::deadlines::watch_deadlines(
            state.clone(),
            std::time::Duration::from_secs(1),
        )),
        tokio::spawn(workers::backfill::fill_in_summaries(state.store.clone())),
        tokio::spawn(workers::ratings::rate_unrated(state.clone())),
        tokio::spawn(workers::play_now::pair_pools(state.clone())),
        tokio::spawn(workers::tournaments::play_rounds(state.clone())),
        tokio::spawn(workers::vacations::keep_clocks_up_to_date(
            state.clone(),
            std::time::Duration::from_secs(1),
        )),
        tokio::spawn(workers::puzzle_miner::mine_puzzles(state.clone())),
        tokio::spawn(workers::analyses::work_on_analyses(
            state.clone(),
            std::time::Duration::from_secs(1),
        )),
    ];
    if let Some(mail) = mail {
        background.push(tokio::spawn(workers::mail_sender::send_mail(
            state.clone(),
            mail,
            std::time::Duration::from_secs(2),
        )));
    }
    background.push(tokio::spawn(workers::webhook_sender::send_webhooks(
        state.clone(),
        hooks,
        std::time::Duration::from_millis(state.config.webhook_tick_ms.max(10)),
    )));
    background.push(tokio::spawn(workers::push_sender::send_pushes(
        state.clone(),
        public_url(&state.config, addr),
        std::time::Duration::from_millis(state.config.push_tick_ms.max(10)),
    )));
    if state.store.is_postgres() {
        let url = state.config.database_url.clone();
        background.push(tokio::spawn(workers::notices::listen(state.clone(), url)));
    }
    let limits = listener::ConnectionLimits {
        total: state
            .config
            .max_connections
            .unwrap_or_else(listener::default_total_connections),
        per_address: state.config.max_connections_per_address.max(1),
        header_read_timeout: std::time::Duration::from_secs(
            state.config.header_read_timeout_secs.max(1),
        ),
    };
    let count = listener::ConnectionCount::new(limits, state.config.trusted_proxies.clone());
    let task = tokio::spawn(listener::serve(
        tcp_listener,
        (app(state.clone()), state.in_flight.clone()),
        count,
        state.shutdown.subscribe(),
    ));
    Ok(RunningServer {
        addr,
        state,
        task,
        background,
    })
}

/// How this node sends mail, if it does.
fn mail_config(
    config: &Config,
    addr: SocketAddr,
) -> Result<Option<workers::mail_sender::MailConfig>, StartError> {
    let Some(url) = &config.smtp_url else {
        return Ok(None);
    };
    let mailer = mail::transport::Mailer::new(url, &config.mail_from).map_err(StartError)?;
    Ok(Some(workers::mail_sender::MailConfig {
        mailer,
        public_url: public_url(config, addr),
        your_turn_delay_secs: config.your_turn_mail_delay_secs,
    }))
}

/// How this node sends webhooks (every node does).
fn webhook_config(config: &Config, addr: SocketAddr) -> workers::webhook_sender::WebhookConfig {
    workers::webhook_sender::WebhookConfig {
        public_url: public_url(config, addr),
        your_turn_delay_secs: config.your_turn_mail_delay_secs,
        retry_ms: config.webhook_retry_ms.max(1),
        allow_private: config.webhooks_allow_private,
    }
}

/// The site's address for links, without a trailing slash.
fn public_url(config: &Config, addr: SocketAddr) -> String {
    let public_url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"));
    public_url.trim_end_matches('/').to_string()
}

/// `helvetia serve`: serves until Ctrl-C or SIGTERM, then shuts down gracefully.
///
/// # Errors
/// The database or the address is unavailable.
pub async fn run(config: Config) -> Result<(), StartError> {
    let sends_mail = config.smtp_url.is_some();
    let allows_private = config.webhooks_allow_private;
    let server = spawn(config).await?;
    println!("Helvetia is served on http://{}", server.addr);
    // Through the log, not stdout: whoever reads the address above may close the pipe after it.
    if sends_mail {
        tracing::info!("e-mail notifications are sent through the --smtp-url server");
    } else {
        tracing::info!("e-mail notifications are off: no --smtp-url given");
    }
    if allows_private {
        tracing::warn!("webhooks may reach private addresses (--webhooks-allow-private)");
    }
    stopped().await;
    tracing::info!("stopping");
    server.shutdown().await;
    Ok(())
}

/// Waits for Ctrl-C or, on Unix, SIGTERM.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
