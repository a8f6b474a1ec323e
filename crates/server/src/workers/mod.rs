//! The node's workers: tasks that follow events, deadlines and the database rather than
//! requests. Each starts in `crate::app::spawn`.

pub mod analyses;
pub mod backfill;
pub mod bots;
pub mod deadlines;
pub mod events;
pub mod housekeeping;
pub mod mail_sender;
pub mod notices;
pub mod play_now;
pub mod push_sender;
pub mod puzzle_miner;
pub mod ratings;
pub mod tournaments;
pub mod vacations;
pub mod webhook_sender;
