//! The application: the router with every route and layer, start-up (database, workers,
//! listener) and graceful shutdown.

use std::net::SocketAddr;
use std::num::NonZeroU32;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use governor::{Quota, RateLimiter};

use crate::accounts::{auth, csrf, scope};
use crate::analysis::requests as analysis;
use crate::bot_accounts::requests as bot_accounts;
use crate::bot_play;
use crate::chat::lines as chat;
use crate::config::Config;
use crate::domain::push::vapid::VapidKeys;
use crate::domain::tokens::random_token;
use crate::export::{requests as export, settings as export_settings};
use crate::http::body_limit::{self, MAX_BODY};
use crate::http::{
    compression, error_language, health, listener, run_to_the_end, security_headers, tracing_layer,
};
use crate::live::open_streams::OpenStreams;
use crate::live::Node;
use crate::lobby::{create, lists, next_game, rematch, seats, status, tutorial};
use crate::mail;
use crate::play::{forced_steps, hints, requests as play, resign, socket as ws, stand_in};
use crate::play_now::requests as play_now;
use crate::players::{leaderboard, profiles as players};
use crate::push::requests as push;
use crate::push::service_worker;
use crate::puzzles;
use crate::site::pages;
use crate::site::settings as site_settings;
use crate::state::{AppState, Shared};
use crate::storage::Store;
use crate::tournaments::pages as tournament_pages;
use crate::tournaments::requests as tournaments;
use crate::vacations::requests as vacation_requests;
use crate::webhooks::settings as webhooks;
use crate::workers;

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
        chat_limiter: chat::limiter(),
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

/// The router with every route.
pub fn app(state: AppState) -> Router {
    let operations = Router::new()
        .route("/healthz", get(health::live))
        .route("/readyz", get(health::ready))
        .route("/metrics", get(health::metrics));
    let api = Router::new()
        .route("/register", post(auth::register))
        .route("/login", post(auth::login))
        .route("/logout", post(auth::logout))
        .route("/me", get(auth::me))
        .route("/account/bot", post(bot_accounts::become_bot))
        .route(
            "/bot/tokens",
            get(bot_accounts::list).post(bot_accounts::create),
        )
        .route("/bot/tokens/{id}/revoke", post(bot_accounts::revoke))
        .route("/bot/events", get(bot_play::event_stream::events))
        .route(
            "/bot/games/{id}/accept",
            post(bot_play::invitations::accept),
        )
        .route(
            "/bot/games/{id}/decline",
            post(bot_play::invitations::decline),
        )
        .route("/bot/games/{id}/stream", get(bot_play::game_stream::stream))
        .route("/push/key", get(push::key))
        .route("/push/devices", get(push::list).post(push::add))
        .route("/push/devices/seen", post(push::seen))
        .route("/push/devices/{id}/remove", post(push::remove))
        .route("/puzzles/export", get(puzzles::export::export))
        .route("/puzzles/next", get(puzzles::next::next))
        .route("/puzzles/daily", get(puzzles::daily::daily))
        .route("/puzzles/streak", get(puzzles::streak::next_in_streak))
        .route("/puzzles/{id}/attempt", post(puzzles::attempts::attempt))
        .route("/tutorial", post(tutorial::start))
        .route("/play-now", get(play_now::status).post(play_now::join))
        .route("/play-now/cancel", post(play_now::cancel))
        .route(
            "/tournaments",
            get(tournaments::list).post(tournaments::create),
        )
        .route("/tournaments/{id}", get(tournaments::get))
        .route("/tournaments/{id}/enter", post(tournaments::enter))
        .route("/tournaments/{id}/withdraw", post(tournaments::withdraw))
        .route("/games", get(lists::list).post(create::create))
        .route("/games/export", get(export::export))
        .route("/games/next", get(next_game::api))
        .route("/games/{id}", get(play::get_game))
        .route("/games/{id}/join", post(seats::join))
        .route("/games/{id}/leave", post(seats::leave))
        .route("/games/{id}/start", post(status::start))
        .route("/games/{id}/actions", post(play::post_action))
        .route("/games/{id}/undo", post(play::post_undo))
        .route("/games/{id}/return", post(stand_in::take_seat_back))
        .route("/games/{id}/end-vote", post(stand_in::vote_to_end))
        .route("/games/{id}/resign", post(resign::resign))
        .route("/games/{id}/rematch", post(rematch::rematch))
        .route("/games/{id}/chat", get(chat::list).post(chat::post))
        .route("/players/{name}/mute", post(chat::mute))
        .route("/players/{name}/unmute", post(chat::unmute))
        .route("/leaderboard", get(leaderboard::leaderboard_json))
        .route("/leaderboard/bots", get(leaderboard::bot_ladder_json))
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
        )
        .route(
            "/settings/export",
            get(export_settings::get).post(export_settings::save),
        )
        .route(
            "/settings/vacation",
            get(vacation_requests::get).post(vacation_requests::take),
        )
        .route("/settings/vacation/end", post(vacation_requests::end))
        .route(
            "/settings/webhooks",
            get(webhooks::list).post(webhooks::add),
        )
        .route("/settings/webhooks/{id}/delete", post(webhooks::delete))
        .route("/settings/webhooks/{id}/resume", post(webhooks::resume));
    let router = Router::new()
        .route("/", get(pages::home))
        .route("/login", get(pages::login))
        .route("/register", get(pages::register))
        .route("/lobby", get(pages::lobby))
        .route("/next", get(next_game::page))
        .route("/rules", get(pages::rules))
        .route("/tutorial", get(tutorial::page))
        .route("/leaderboard", get(leaderboard::leaderboard_page))
        .route("/tournaments", get(tournament_pages::list_page))
        .route("/tournaments/{id}", get(tournament_pages::tournament_page))
        .route("/puzzles", get(puzzles::page::page))
        .route("/puzzles/daily", get(puzzles::daily::page))
        .route("/puzzles/streak", get(puzzles::streak::page))
        .route("/leaderboard/bots", get(leaderboard::bot_ladder_page))
        .route("/players/{name}", get(players::profile_page))
        .route("/games/{id}", get(pages::game))
        .route("/games/{id}/replay", get(pages::replay))
        .route("/settings", get(site_settings::page))
        .route(
            "/unsubscribe/{token}",
            get(mail::settings::ask_to_unsubscribe).post(mail::settings::unsubscribe),
        )
        .route("/static/app.js", get(pages::script))
        .route("/static/text.js", get(pages::text_script))
        .route("/static/app.css", get(pages::style))
        .route("/static/icon.svg", get(pages::icon))
        .route("/favicon.ico", get(pages::icon))
        .route("/sw.js", get(service_worker::script))
        .nest("/api", api)
        .merge(operations)
        .fallback(pages::not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            scope::limit,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            csrf::protect,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            run_to_the_end::run_to_the_end,
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
