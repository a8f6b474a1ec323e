//! The server's integration tests, one binary: black-box through HTTP, WebSocket, a real browser
//! and the database, on SQLite and PostgreSQL. Helpers live in `common` (HTTP and WebSocket
//! clients, test servers) and `browser_support` (Chromium through ChromeDriver, nginx).

mod abuse;
mod analysis;
mod browser_accessibility;
mod browser_analysis;
mod browser_console;
mod browser_hint_button;
mod browser_hints;
mod browser_keyboard;
mod browser_phone;
mod browser_platform;
mod browser_play;
mod browser_play_now;
mod browser_recent_turns;
mod browser_resign;
mod browser_story;
mod browser_support;
mod browser_tutorial;
mod browser_two_nodes;
mod chat;
mod clock_two_nodes;
mod clocks;
mod common;
mod connections;
mod error_language;
mod export;
mod forced_steps;
mod hang_ups;
mod hints;
mod layers;
mod mail;
mod operations;
mod password_flood;
mod play;
mod play_now;
mod ratings;
mod rematch;
mod resign;
mod security;
mod site_icon;
mod tutorial;
mod tutorial_steering;
mod usernames;
mod watching;
