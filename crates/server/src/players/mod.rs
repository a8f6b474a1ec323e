//! Players: the leaderboard and profiles.

pub mod profiles;
