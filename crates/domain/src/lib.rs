//! The server's domain: a game as a node holds it and the rules around the engine (turns,
//! undo, resignations, votes), clocks, ratings, usernames, seats, and the records a change
//! produces, a finished game as the export writes it, vacations, and the rules of webhooks (where they may go, what they carry, how it is signed). Plain data and pure functions: no web framework, database or async runtime.

pub mod backoff;
pub mod blocked_addresses;
pub mod clock;
pub mod export;
pub mod game_state;
pub mod mail_event;
pub mod notice;
pub mod play_now;
pub mod push;
pub mod puzzle_rating;
pub mod rating;
pub mod records;
pub mod seats;
pub mod time;
pub mod tokens;
pub mod tournament;
pub mod typed_text;
pub mod usernames;
pub mod vacation;
pub mod webhook_address;
pub mod webhook_payload;
