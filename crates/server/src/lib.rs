//! The Helvetia game server: accounts, lobby, and live or turn-based play over HTTP and
//! WebSocket, with bots, undo within a turn, replays, and event-sourced storage on SQLite (the
//! default, no set-up) or PostgreSQL.
//!
//! The folders are layers, and imports run only downwards (`tests/it/layers.rs` keeps it so):
//!
//! - [`domain`]: a game's state and rules around the engine, clocks, ratings, names, the records
//!   a change produces; no web framework, database, runtime or words.
//! - [`names`]: the names shown for seats in a language (the words every layer above needs).
//! - [`storage`]: the database, the truth of every node.
//! - [`live`]: this node's memory of it: the games cache, the one write path (decide, store,
//!   apply, publish, emit an event), snapshots and the events the workers follow.
//! - [`state`]: what handlers and workers share.
//! - [`http`]: errors and their languages, cookies, layers, the listener, health.
//! - features, each with its routes: [`accounts`], [`chat`], [`vacations`], [`players`], [`mail`],
//!   [`analysis`], [`lobby`], [`play`], [`export`], [`play_now`],
//!   [`bot_accounts`], [`bot_play`] (bots playing through their tokens), [`push`] (Web Push:
//!   the devices a person is told on), [`webhooks`], [`vacations`], [`puzzles`].
//! - [`workers`]: bots, deadlines, ratings, analyses, mail, webhooks, vacations, notices from other nodes, the
//!   pairing of the "play now" pools.
//! - [`site`]: the pages; [`app`]: the router, start and shutdown.
//!
//! `docs/architecture.md` follows one move through them.

pub mod accounts;
pub mod analysis;
pub mod app;
pub mod bot_accounts;
pub mod bot_play;
pub mod chat;
pub mod config;
/// The domain is a crate of its own (`crates/domain`), so that the compiler keeps the web
/// framework, the database and the runtime out of it; it is named here as the bottom layer.
pub use helvetia_domain as domain;
pub mod export;
pub mod http;
pub mod live;
pub mod lobby;
pub mod mail;
pub mod names;
pub mod play;
pub mod play_now;
pub mod players;
pub mod push;
pub mod puzzles;
pub mod site;
pub mod state;
pub mod storage;
pub mod tournaments;
pub mod vacations;
pub mod webhooks;
pub mod workers;

pub use app::{app, run, spawn, RunningServer, StartError};
pub use config::Config;
pub use domain::time::now;
pub use domain::tokens::random_token;
pub use state::AppState;
