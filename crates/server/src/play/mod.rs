//! Playing a game: actions and undos over HTTP and WebSocket, the presenter that filters
//! everything sent, forced steps, hints, resigning, stand-ins and the vote to end.

pub mod forced_steps;
pub mod hints;
pub mod presenter;
pub mod requests;
pub mod resign;
pub mod socket;
pub mod stand_in;
