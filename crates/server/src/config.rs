//! How the server runs: every setting of `helvetia serve`, with its default.

use std::net::{IpAddr, SocketAddr};

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
    /// Requests a bot account's API tokens may make per minute, all its tokens together.
    pub api_per_minute: u32,
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
    /// The site's address as people reach it, for links in mails and webhooks (default:
    /// `http://` and the listening address).
    pub public_url: Option<String>,
    /// Seconds a "your turn" mail or webhook waits, so that a person at the table who moves at
    /// once gets none.
    pub your_turn_mail_delay_secs: u64,
    /// Whether webhooks may reach private addresses (loopback, private networks, link-local):
    /// for tests and closed networks only.
    pub webhooks_allow_private: bool,
    /// Milliseconds between two looks of this node's webhook sender.
    pub webhook_tick_ms: u64,
    /// Milliseconds before a failed webhook delivery is tried again (each later retry waits
    /// twice as long).
    pub webhook_retry_ms: u64,
    /// Reverse proxies whose `X-Forwarded-For` names the client (and which have no
    /// per-address connection cap).
    pub trusted_proxies: Vec<IpAddr>,
    /// Open connections at most; `None`: the open-file limit less a reserve.
    pub max_connections: Option<usize>,
    /// Open connections at most from one client address.
    pub max_connections_per_address: usize,
    /// Streams and WebSockets one account may hold open on a node (a bot account's game and
    /// event streams, a person's tables), from all addresses together.
    pub max_streams_per_account: usize,
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
    /// Milliseconds between two pairings of the "play now" pools on this node (a join on this
    /// node pairs at once as well).
    pub play_now_tick_ms: u64,
    /// Milliseconds between two looks at the tournaments due a step on this node (a game
    /// ending here or a tournament created here makes it look at once as well).
    pub tournament_tick_ms: u64,
    /// Puzzles to add at start (one JSON puzzle a line, as `helvetia puzzles generate` writes
    /// them); one already stored is kept.
    pub puzzles_file: Option<std::path::PathBuf>,
    /// Whether the first puzzle set shipped with the server is added at start, once (off in
    /// an embedded server and its tests; `helvetia serve` turns it on).
    pub first_puzzle_set: bool,
    /// The share of one core the mining of finished games for puzzles may take on this node,
    /// at most (0 turns it off): after each game it rests long enough to keep to it.
    pub puzzle_mining_share: f64,
    /// How a finished game is mined for puzzles.
    pub puzzle_settings: helvetia_ai::puzzles::PuzzleSettings,
    /// Milliseconds the miner waits when no finished game is left to mine.
    pub puzzle_idle_ms: u64,
    /// Seconds a live "play now" pool keeps a person whose page stopped asking: leaving the
    /// page takes them out.
    pub play_now_presence_secs: u64,
    /// Seconds between two reads of a bot account's games by its event stream when it heard of
    /// no change: a safety net for a notice between nodes that was lost.
    pub bot_events_recheck_secs: u64,
    /// The contact a push service's operators may reach (`mailto:…` or `https:…`), sent with
    /// every push (VAPID's `sub`); default: the address of `mail_from`.
    pub vapid_subject: Option<String>,
    /// Milliseconds between two looks for events due for people's devices (Web Push).
    pub push_tick_ms: u64,
    /// Take push subscriptions whose endpoint is plain `http` (a push service stand-in on a
    /// private network; tests).
    pub push_allow_private: bool,
    /// The rating gap a "play now" table allows at once.
    pub play_now_gap_base: f64,
    /// Rating points the allowed gap grows by for every second waited.
    pub play_now_gap_per_sec: f64,
    /// Vacation days each person has a calendar year: days in which their clocks in
    /// turn-based games stand still.
    pub vacation_days_per_year: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database_url: "sqlite://helvetia.db".into(),
            auth_per_minute: 20,
            login_per_account_minute: 10,
            api_per_minute: 600,
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
            webhooks_allow_private: false,
            webhook_tick_ms: 1000,
            webhook_retry_ms: 60_000,
            trusted_proxies: Vec::new(),
            max_connections: None,
            max_connections_per_address: 64,
            max_streams_per_account: 32,
            header_read_timeout_secs: 10,
            websocket_ping_secs: 20,
            max_open_games: 10,
            max_bot_games: 10,
            analysis_iterations: helvetia_ai::analysis::AnalysisSettings::default().iterations,
            hint_iterations: helvetia_ai::analysis::HINT_ITERATIONS,
            play_now_tick_ms: 1000,
            tournament_tick_ms: 5000,
            puzzles_file: None,
            first_puzzle_set: false,
            puzzle_mining_share: 0.25,
            puzzle_settings: helvetia_ai::puzzles::PuzzleSettings::default(),
            puzzle_idle_ms: 30_000,
            play_now_presence_secs: 15,
            bot_events_recheck_secs: 30,
            vapid_subject: None,
            push_allow_private: false,
            push_tick_ms: 1000,
            play_now_gap_base: 100.0,
            play_now_gap_per_sec: 10.0,
            vacation_days_per_year: 30,
        }
    }
}

impl Config {
    /// The VAPID contact: `--vapid-subject`, or `mailto:` and the address of `--mail-from`.
    pub fn vapid_subject(&self) -> String {
        if let Some(subject) = &self.vapid_subject {
            return subject.clone();
        }
        let address = self
            .mail_from
            .rsplit_once('<')
            .map_or(self.mail_from.as_str(), |(_, rest)| {
                rest.trim_end_matches('>')
            })
            .trim();
        format!("mailto:{address}")
    }
}
