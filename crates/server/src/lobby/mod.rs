//! The lobby: games created, joined, left and started, bot accounts' answers to invitations,
//! rematches, tutorial games, and the next game awaiting a person.

pub mod bot_invitations;
pub mod create;
pub mod invitation;
pub mod lists;
pub mod next_game;
pub mod rematch;
pub mod seats;
pub mod status;
pub mod tutorial;
