//! The Helvetia game server: accounts, lobby, and live or turn-based play over HTTP and
//! WebSocket, with bots, undo within a turn, replays, and event-sourced storage on SQLite (the
//! default, no set-up) or PostgreSQL.
//!
//! [`app`] builds the router, so tests can drive it directly; [`spawn`] serves it on a listener
//! and [`run`] is `helvetia serve`. The database is the truth and each node's memory a cache of
//! it ([`hub`]): games are loaded when first needed and every change is committed before it is
//! shown ([`commit`]). Any number of nodes may share one PostgreSQL database ([`notices`]).
//! Everything sent to a client passes through [`outbound`], which only ever sees the engine's
//! `View`.

pub mod account_limits;
pub mod analysis;
pub mod analysis_worker;
pub mod auth;
pub mod backfill;
pub mod body_limit;
pub mod bots;
pub mod chat;
pub mod client_ip;
pub mod clock;
pub mod commit;
pub mod compression;
pub mod csrf;
pub mod error;
pub mod error_language;
pub mod forced_steps;
pub mod game_state;
pub mod health;
pub mod hints;
pub mod hub;
pub mod listener;
pub mod lobby;
pub mod log_book;
pub mod mail;
pub mod metrics;
pub mod model;
pub mod notices;
pub mod outbound;
pub mod pages;
pub mod passwords;
pub mod play;
pub mod players;
pub mod rated_games;
pub mod rating;
pub mod rematch;
pub mod render;
pub mod resign;
pub mod search_slots;
pub mod security_headers;
pub mod shared_table;
pub mod snapshot;
pub mod stand_in;
pub mod storage;
pub mod tutorial;
pub mod usernames;
pub mod ws;

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use rand_core::{OsRng, RngCore};

use crate::auth::SessionCache;
use crate::bots::BotRunner;
use crate::commit::InFlight;
use crate::hub::Hub;
use crate::storage::Store;

pub use body_limit::MAX_BODY;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// `sqlite://file.db` (created if missing) or `postgres://user:pass@host/db`.
    pub database_url: String,
    /// Log-in and registration attempts allowed per client address and minute.
    pub auth_per_minute: u32,
    /// Log-in attempts allowed per account and minute, from all addresses together.
    pub login_per_account_minute: u32,
    /// Mark cookies `Secure` (serve behind HTTPS).
    pub secure_cookies: bool,
    /// Bot searches that may run at once.
    pub bot_threads: usize,
    /// The most time a search bot may think per decision, in milliseconds (its level sets its
    /// iterations).
    pub bot_think_ms: u64,
    /// How long a node's claim to run a game's bot lasts without renewal, in seconds: how soon
    /// another node takes over the bots of a node that stopped.
    pub bot_lease_secs: u64,
    /// A game nobody has used for this many seconds is dropped from memory.
    pub idle_game_secs: u64,
    /// This node's name in notices and bot leases (default: host, process and a random part).
    pub node_name: Option<String>,
    /// The SMTP server for e-mail notifications (`smtp://…`, `smtps://…`); none: no mail.
    pub smtp_url: Option<String>,
    /// The sender of notification mails, `Name <address>`.
    pub mail_from: String,
    /// The site's address as people reach it, for links in mails (default: `http://` and the
    /// listening address).
    pub public_url: Option<String>,
    /// Seconds a "your turn" mail waits, so that a person at the table who moves at once gets
    /// none.
    pub your_turn_mail_delay_secs: u64,
    /// Reverse proxies whose `X-Forwarded-For` names the client (and which have no
    /// per-address connection cap).
    pub trusted_proxies: Vec<IpAddr>,
    /// Open connections at most; `None`: the open-file limit less a reserve.
    pub max_connections: Option<usize>,
    /// Open connections at most from one client address.
    pub max_connections_per_address: usize,
    /// Seconds a client has to send a request's head (and to start the next one on a
    /// kept-alive connection).
    pub header_read_timeout_secs: u64,
    /// Seconds between pings on a WebSocket; one silent for three times this is closed.
    pub websocket_ping_secs: u64,
    /// Games one account may have waiting for players.
    pub max_open_games: u32,
    /// Running games with bots one account may have started.
    pub max_bot_games: u32,
    /// Search iterations per turn of a post-game analysis.
    pub analysis_iterations: u32,
    /// Search iterations of a hint (half the ladder's strong level by default).
    pub hint_iterations: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database_url: "sqlite://helvetia.db".into(),
            auth_per_minute: 20,
            login_per_account_minute: 10,
            secure_cookies: false,
            bot_threads: 1,
            bot_think_ms: 1000,
            bot_lease_secs: 10,
            idle_game_secs: 600,
            node_name: None,
            smtp_url: None,
            mail_from: "Helvetia Online <helvetia@localhost>".into(),
            public_url: None,
            your_turn_mail_delay_secs: 120,
            trusted_proxies: Vec::new(),
            max_connections: None,
            max_connections_per_address: 64,
            header_read_timeout_secs: 10,
            websocket_ping_secs: 20,
            max_open_games: 10,
            max_bot_games: 10,
            analysis_iterations: helvetia_ai::analysis::AnalysisSettings::default().iterations,
            hint_iterations: helvetia_ai::analysis::HINT_ITERATIONS,
        }
    }
}

/// Shared state of every handler.
pub struct Inner {
    /// The database.
    pub store: Store,
    /// Games in memory.
    pub hub: Hub,
    /// The configuration.
    pub config: Config,
    /// Recently seen sessions.
    pub sessions: SessionCache,
    /// Log-in and registration limit per client address.
    pub auth_limiter: DefaultKeyedRateLimiter<IpAddr>,
    /// Log-in limit per account (by its name in lower case).
    pub login_limiter: DefaultKeyedRateLimiter<String>,
    /// Chat lines per account.
    pub chat_limiter: DefaultKeyedRateLimiter<String>,
    /// Bot tasks.
    pub bots: BotRunner,
    /// Changes being committed.
    pub in_flight: Arc<InFlight>,
    /// Set when the node stops: readiness fails and viewers are told to reconnect elsewhere.
    pub shutdown: tokio::sync::watch::Sender<bool>,
}

/// Cheap to clone handle on [`Inner`].
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

/// Why the server could not start.
#[derive(Debug)]
pub struct StartError(pub String);

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StartError {}

impl AppState {
    /// Connects to the database. Reads no game: games are loaded when first needed.
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
        crate::metrics::install();
        let per_minute = NonZeroU32::new(config.auth_per_minute.max(1)).expect("at least 1");
        let per_account =
            NonZeroU32::new(config.login_per_account_minute.max(1)).expect("at least 1");
        let bots = BotRunner::new(config.bot_threads);
        Ok(AppState(Arc::new(Inner {
            store,
            hub: Hub::default(),
            sessions: SessionCache::default(),
            auth_limiter: RateLimiter::keyed(Quota::per_minute(per_minute)),
            login_limiter: RateLimiter::keyed(Quota::per_minute(per_account)),
            chat_limiter: chat::limiter(),
            bots,
            in_flight: Arc::default(),
            shutdown: tokio::sync::watch::channel(false).0,
            config,
        })))
    }

    /// Whether the node is stopping.
    pub fn is_stopping(&self) -> bool {
        *self.shutdown.borrow()
    }
}

/// Host name, process id and a random part: unique among the nodes of one database.
fn default_node_name() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .map(|name| name.trim().to_string())
        .unwrap_or_else(|_| "node".into());
    format!("{host}-{}-{}", std::process::id(), &random_token()[..6])
}

/// The router with every route.
pub fn app(state: AppState) -> Router {
    let operations = Router::new()
        .route("/healthz", get(health::live))
        .route("/readyz", get(health::ready))
        .route("/metrics", get(metrics::render));
    let api = Router::new()
        .route("/register", post(auth::register))
        .route("/login", post(auth::login))
        .route("/logout", post(auth::logout))
        .route("/me", get(auth::me))
        .route("/tutorial", post(tutorial::start))
        .route("/games", get(lobby::list).post(lobby::create))
        .route("/games/{id}", get(play::get_game))
        .route("/games/{id}/join", post(lobby::join))
        .route("/games/{id}/leave", post(lobby::leave))
        .route("/games/{id}/start", post(lobby::start))
        .route("/games/{id}/actions", post(play::post_action))
        .route("/games/{id}/undo", post(play::post_undo))
        .route("/games/{id}/return", post(stand_in::take_seat_back))
        .route("/games/{id}/end-vote", post(stand_in::vote_to_end))
        .route("/games/{id}/resign", post(resign::resign))
        .route("/games/{id}/rematch", post(rematch::rematch))
        .route("/games/{id}/chat", get(chat::list).post(chat::post))
        .route("/players/{name}/mute", post(chat::mute))
        .route("/players/{name}/unmute", post(chat::unmute))
        .route("/leaderboard", get(players::leaderboard_json))
        .route("/players/{name}", get(players::profile_json))
        .route("/games/{id}/replay/{step}", get(play::get_replay))
        .route(
            "/games/{id}/analysis",
            get(analysis::get).post(analysis::request),
        )
        .route("/games/{id}/hint", post(hints::ask))
        .route("/games/{id}/ws", get(ws::upgrade))
        .route(
            "/settings",
            get(mail::settings::get).post(mail::settings::save),
        )
        .route(
            "/settings/forced-steps",
            get(forced_steps::get).post(forced_steps::save),
        );
    let router = Router::new()
        .route("/", get(pages::home))
        .route("/login", get(pages::login))
        .route("/register", get(pages::register))
        .route("/lobby", get(pages::lobby))
        .route("/rules", get(pages::rules))
        .route("/tutorial", get(tutorial::page))
        .route("/leaderboard", get(players::leaderboard_page))
        .route("/players/{name}", get(players::profile_page))
        .route("/games/{id}", get(pages::game))
        .route("/games/{id}/replay", get(pages::replay))
        .route("/settings", get(mail::settings::page))
        .route(
            "/unsubscribe/{token}",
            get(mail::settings::ask_to_unsubscribe).post(mail::settings::unsubscribe),
        )
        .route("/static/app.js", get(pages::script))
        .route("/static/app.css", get(pages::style))
        .nest("/api", api)
        .merge(operations)
        .fallback(pages::not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            csrf::protect,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            commit::run_to_the_end,
        ))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state);
    let translated =
        body_limit::add(router).layer(axum::middleware::from_fn(error_language::translate));
    security_headers::add(compression::add(translated))
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
        for live in self.state.hub.all() {
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
    let state = AppState::open(config).await?;
    let mut background = vec![
        tokio::spawn(housekeeping(state.clone())),
        tokio::spawn(bots::watch_leases(
            state.clone(),
            std::time::Duration::from_secs(1),
        )),
        tokio::spawn(stand_in::watch_deadlines(
            state.clone(),
            std::time::Duration::from_secs(1),
        )),
        tokio::spawn(backfill::fill_in_summaries(state.store.clone())),
        tokio::spawn(rated_games::rate_unrated(state.clone())),
        tokio::spawn(analysis_worker::work_on_analyses(
            state.clone(),
            std::time::Duration::from_secs(1),
        )),
    ];
    if let Some(mail) = mail {
        background.push(tokio::spawn(mail::sender::send_mail(
            state.clone(),
            mail,
            std::time::Duration::from_secs(2),
        )));
    }
    if state.store.is_postgres() {
        let url = state.config.database_url.clone();
        background.push(tokio::spawn(notices::listen(state.clone(), url)));
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
        app(state.clone()),
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
) -> Result<Option<mail::sender::MailConfig>, StartError> {
    let Some(url) = &config.smtp_url else {
        return Ok(None);
    };
    let mailer = mail::transport::Mailer::new(url, &config.mail_from).map_err(StartError)?;
    let public_url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"));
    Ok(Some(mail::sender::MailConfig {
        mailer,
        public_url: public_url.trim_end_matches('/').to_string(),
        your_turn_delay_secs: config.your_turn_mail_delay_secs,
    }))
}

/// Every minute: drop games idle for longer than the configured time; every few minutes,
/// forget expired sessions and idle rate-limit entries, so that nothing grows without bound.
async fn housekeeping(state: AppState) {
    let mut ticks = tokio::time::interval(std::time::Duration::from_secs(60));
    let mut round = 0u64;
    loop {
        ticks.tick().await;
        round += 1;
        let idle_since = now() - state.config.idle_game_secs as i64;
        let dropped = state.hub.evict_idle(idle_since);
        if dropped > 0 {
            tracing::debug!("dropped {dropped} idle games from memory");
        }
        if round % 5 != 1 {
            continue;
        }
        state.auth_limiter.retain_recent();
        state.auth_limiter.shrink_to_fit();
        state.login_limiter.retain_recent();
        state.login_limiter.shrink_to_fit();
        match state.store.delete_expired_sessions(now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!("removed {n} expired sessions"),
            Err(error) => tracing::warn!("cannot remove expired sessions: {error}"),
        }
    }
}

/// `helvetia serve`: serves until Ctrl-C or SIGTERM, then shuts down gracefully.
///
/// # Errors
/// The database or the address is unavailable.
pub async fn run(config: Config) -> Result<(), StartError> {
    let sends_mail = config.smtp_url.is_some();
    let server = spawn(config).await?;
    println!("Helvetia is served on http://{}", server.addr);
    // Through the log, not stdout: whoever reads the address above may close the pipe after it.
    if sends_mail {
        tracing::info!("e-mail notifications are sent through the --smtp-url server");
    } else {
        tracing::info!("e-mail notifications are off: no --smtp-url given");
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

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// 256 random bits from the operating system, as hex: session, CSRF and invitation tokens.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

/// `bytes` in lowercase hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A secret game seed from the operating system.
pub fn random_seed() -> u64 {
    OsRng.next_u64()
}

/// `seconds` since the epoch as an RFC 3339 UTC time.
pub fn rfc3339(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let time = seconds.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        time / 3600,
        time % 3600 / 60,
        time % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_dates() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_700_000_000), "2023-11-14T22:13:20Z");
    }

    #[test]
    fn tokens_are_fresh_hex() {
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
