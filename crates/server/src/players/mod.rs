//! Players: the leaderboard and profiles.

pub mod leaderboard;
pub mod profiles;
