//! Bot accounts: a person turns a fresh account into a bot, for good, and gives it API tokens
//! that programs play with (`Authorization: Bearer …`). What a bot account's session and its
//! tokens may reach is decided in [`crate::accounts::scope`].
//!
//! - [`requests`]: `POST /api/account/bot`, and `GET`/`POST /api/bot/tokens` with
//!   `POST /api/bot/tokens/{id}/revoke`.
//! - [`settings`]: its part of the settings page (the tokens, or whether it may become a bot).

pub mod requests;
pub mod settings;
