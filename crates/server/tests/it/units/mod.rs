//! The server's parts tested on their own, without a running server: pure functions, message
//! texts, the SQL of a claim, counters and queues. They live here rather than beside their code
//! because a test module inside the server's crate makes Cargo compile the whole crate a second
//! time as a test program, the largest single step of the test command's build
//! (docs/testing.md); here they share the one test program that links the server as it is.
//! A file per folder of the server, a module per file.

mod bot_play;
mod chat;
mod http;
mod live;
mod lobby;
mod mail;
mod names;
mod play_now;
mod storage;
mod tournaments;
mod webhooks;
mod workers;
