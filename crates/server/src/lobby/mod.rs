//! The lobby: games created, joined, left and started, bot accounts' answers to invitations,
//! rematches and tutorial games.

pub mod bot_invitations;
pub mod games;
pub mod rematch;
pub mod tutorial;
