//! Accounts: registration, log-in and sessions, passwords, CSRF protection, per-account caps,
//! and what every page knows of its viewer.

pub mod auth;
pub mod csrf;
pub mod limits;
pub mod page_context;
pub mod passwords;
