//! Accounts: registration, log-in and sessions, passwords, CSRF protection, per-account caps,
//! what each credential may reach (a person's session, a bot account's session or its API
//! tokens), and what every page knows of its viewer.

pub mod auth;
pub mod csrf;
pub mod limits;
pub mod page_context;
pub mod passwords;
pub mod scope;
