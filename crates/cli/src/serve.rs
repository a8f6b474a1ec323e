//! `helvetia serve`: the game server for live and turn-based online play.

use std::net::SocketAddr;
use std::process::ExitCode;

use helvetia_server::Config;

/// Where and how to serve.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Database: `sqlite://FILE` (created if missing) or `postgres://USER:PASS@HOST/DB`.
    #[arg(long, default_value = "sqlite://helvetia.db")]
    database: String,
    /// Log-in and registration attempts allowed per client address and minute.
    #[arg(long, default_value_t = 20)]
    auth_per_minute: u32,
    /// Log-in attempts allowed per account and minute, from all addresses together.
    #[arg(long, default_value_t = 10)]
    login_per_account_minute: u32,
    /// Requests a bot account's API tokens may make per minute, all its tokens together.
    #[arg(long, default_value_t = 600)]
    api_per_minute: u32,
    /// The most time a search bot may think per decision, in milliseconds (the search that
    /// plans its turn may take 1.5 times that, the whole turn 1.25 times). Its level sets its
    /// iterations; the limit keeps a busy node responsive, and a bot that reaches it plays
    /// weaker than its rating.
    #[arg(long, default_value_t = 1000)]
    bot_think_ms: u64,
    /// Bot searches that may run at once.
    #[arg(long, default_value_t = 1)]
    bot_threads: usize,
    /// Search iterations per turn of a post-game analysis (each node runs one analysis at a
    /// time, on one core).
    #[arg(long, default_value_t = 2000)]
    analysis_iterations: u32,
    /// Search iterations of a hint, in a game of one person against bots (half the strong
    /// level's budget by default; each hint runs in one of the bot search slots).
    #[arg(long, default_value_t = helvetia_ai::analysis::HINT_ITERATIONS)]
    hint_iterations: u32,
    /// Seconds a node's claim to run a game's bot lasts without renewal: how soon another node
    /// takes over the bots of a node that stopped.
    #[arg(long, default_value_t = 10)]
    bot_lease_secs: u64,
    /// Seconds after which a game nobody uses is dropped from memory (it stays in the database).
    #[arg(long, default_value_t = 600)]
    idle_game_secs: u64,
    /// This node's name among the nodes of one database (default: host, process, random part).
    #[arg(long)]
    node_name: Option<String>,
    /// SMTP server for e-mail notifications: `smtp://HOST:PORT` (plain, e.g. a local relay),
    /// `smtp://USER:PASS@HOST:587?tls=required` (STARTTLS) or `smtps://USER:PASS@HOST` (TLS).
    /// Without it no mail is sent.
    #[arg(long)]
    smtp_url: Option<String>,
    /// Sender of notification mails.
    #[arg(long, default_value = "Helvetia Online <helvetia@localhost>")]
    mail_from: String,
    /// The site's address as people reach it, for the links in mails and webhooks (default:
    /// http:// and --addr).
    #[arg(long)]
    public_url: Option<String>,
    /// Seconds a "your turn" mail or webhook waits, so that a person at the table who moves at
    /// once gets none.
    #[arg(long, default_value_t = 120)]
    your_turn_mail_delay_secs: u64,
    /// Let webhooks reach private addresses (loopback, private networks, link-local): only for
    /// tests and closed networks, it lets every account make this server send requests there.
    #[arg(long)]
    webhooks_allow_private: bool,
    /// Milliseconds between two looks of this node's webhook sender.
    #[arg(long, default_value_t = 1000)]
    webhook_tick_ms: u64,
    /// Milliseconds before a failed webhook delivery is tried again; each later retry waits
    /// twice as long.
    #[arg(long, default_value_t = 60_000)]
    webhook_retry_ms: u64,
    /// A reverse proxy whose X-Forwarded-For names the client, for the per-address limits
    /// (repeat for several); it has no per-address connection cap.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// Open connections at most (default: the open-file limit less 64, at most 20,000).
    #[arg(long)]
    max_connections: Option<usize>,
    /// Open connections at most from one client address.
    #[arg(long, default_value_t = 64)]
    max_connections_per_address: usize,
    /// Streams and WebSockets one account may hold open on this node, from all addresses
    /// together (a bot account's game and event streams, a person's tables).
    #[arg(long, default_value_t = 32)]
    max_streams_per_account: usize,
    /// Seconds a client has to send a request's head, and to start the next one on a
    /// kept-alive connection.
    #[arg(long, default_value_t = 10)]
    header_read_timeout_secs: u64,
    /// Seconds between WebSocket pings; a socket silent for three is closed.
    #[arg(long, default_value_t = 20)]
    websocket_ping_secs: u64,
    /// Games one account may have waiting for players.
    #[arg(long, default_value_t = 10)]
    max_open_games: u32,
    /// Running games with bots one account may have started (bot searches are shared fairly
    /// between accounts in any case).
    #[arg(long, default_value_t = 10)]
    max_bot_games: u32,
    /// Milliseconds between two pairings of the "play now" pools on this node (a join on the
    /// node pairs at once as well).
    #[arg(long, default_value_t = 1000)]
    play_now_tick_ms: u64,
    /// Milliseconds between two looks at the tournaments due a step on this node (a game
    /// ending here starts one at once as well).
    #[arg(long, default_value_t = 5000)]
    tournament_tick_ms: u64,
    /// Puzzles to add at start: one JSON puzzle a line, as `helvetia puzzles generate` writes
    /// them (one already stored is kept).
    #[arg(long, value_name = "FILE")]
    puzzles: Option<std::path::PathBuf>,
    /// Do not add the first puzzle set shipped with the server (added once otherwise, at the
    /// first start).
    #[arg(long)]
    no_first_puzzles: bool,
    /// The share of one core this node may spend mining finished games for puzzles (0: none).
    #[arg(long, default_value_t = 0.25)]
    puzzle_mining_share: f64,
    /// Seconds a live "play now" pool keeps a person whose page stopped asking (leaving the
    /// page takes them out).
    #[arg(long, default_value_t = 15)]
    play_now_presence_secs: u64,
    /// Seconds between two reads of a bot account's games by its event stream when it heard of
    /// no change (a safety net for a notice between nodes that was lost).
    #[arg(long, default_value_t = 30)]
    bot_events_recheck_secs: u64,
    /// The contact a push service's operators may reach, sent with every Web Push message
    /// (`mailto:…` or `https:…`; default: mailto: and the address of --mail-from).
    #[arg(long)]
    vapid_subject: Option<String>,
    /// Milliseconds between two looks for events due for people's devices (Web Push).
    #[arg(long, default_value_t = 1000)]
    push_tick_ms: u64,
    /// Take Web Push subscriptions whose endpoint is plain http (a push service on a private
    /// network, for tests).
    #[arg(long)]
    push_allow_private: bool,
    /// The rating gap a "play now" table allows at once.
    #[arg(long, default_value_t = 100.0)]
    play_now_gap_base: f64,
    /// Rating points the allowed gap grows by for every second waited.
    #[arg(long, default_value_t = 10.0)]
    play_now_gap_per_sec: f64,
    /// Vacation days each person has a calendar year: days in which their clocks in turn-based
    /// games stand still (tournament games excepted) and no bot stands in for them.
    #[arg(long, default_value_t = 30)]
    vacation_days_per_year: u32,
    /// Mark cookies Secure (when served behind HTTPS).
    #[arg(long)]
    secure_cookies: bool,
    /// Log level: error, warn, info, debug or trace.
    #[arg(long, default_value = "info")]
    log_level: tracing_subscriber::filter::LevelFilter,
}

/// Runs the server until interrupted.
pub fn run(args: Args) -> ExitCode {
    tracing_subscriber::fmt()
        .with_max_level(args.log_level)
        .with_target(false)
        .init();
    let config = Config {
        addr: args.addr,
        database_url: args.database,
        auth_per_minute: args.auth_per_minute,
        login_per_account_minute: args.login_per_account_minute,
        api_per_minute: args.api_per_minute,
        secure_cookies: args.secure_cookies,
        bot_threads: args.bot_threads,
        bot_think_ms: args.bot_think_ms,
        bot_lease_secs: args.bot_lease_secs.max(1),
        idle_game_secs: args.idle_game_secs,
        node_name: args.node_name,
        smtp_url: args.smtp_url,
        mail_from: args.mail_from,
        public_url: args.public_url,
        your_turn_mail_delay_secs: args.your_turn_mail_delay_secs,
        webhooks_allow_private: args.webhooks_allow_private,
        webhook_tick_ms: args.webhook_tick_ms.max(10),
        webhook_retry_ms: args.webhook_retry_ms.max(1),
        trusted_proxies: args.trusted_proxies.iter().map(|ip| ip.to_canonical()).collect(),
        max_connections: args.max_connections,
        max_connections_per_address: args.max_connections_per_address,
        max_streams_per_account: args.max_streams_per_account.max(1),
        header_read_timeout_secs: args.header_read_timeout_secs,
        websocket_ping_secs: args.websocket_ping_secs,
        max_open_games: args.max_open_games,
        max_bot_games: args.max_bot_games,
        analysis_iterations: args.analysis_iterations.max(1),
        hint_iterations: args.hint_iterations.max(1),
        play_now_tick_ms: args.play_now_tick_ms.max(10),
        tournament_tick_ms: args.tournament_tick_ms.max(10),
        puzzles_file: args.puzzles,
        first_puzzle_set: !args.no_first_puzzles,
        puzzle_mining_share: args.puzzle_mining_share.clamp(0.0, 1.0),
        puzzle_settings: Default::default(),
        puzzle_idle_ms: 30_000,
        play_now_presence_secs: args.play_now_presence_secs.max(1),
        bot_events_recheck_secs: args.bot_events_recheck_secs.max(1),
        vapid_subject: args.vapid_subject,
        push_allow_private: args.push_allow_private,
        push_tick_ms: args.push_tick_ms.max(10),
        play_now_gap_base: args.play_now_gap_base.max(0.0),
        play_now_gap_per_sec: args.play_now_gap_per_sec.max(0.0),
        vacation_days_per_year: args.vacation_days_per_year,
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(helvetia_server::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
