//! The HTTP layer: the one error type with its codes and languages, the page language, the
//! listener with its connection caps, and the layers every request passes (body limits,
//! compression, security headers, tracing, panics answered as internal errors), changes that
//! run to their end, health checks, the requests this server makes to others (only to public
//! addresses, unless allowed), and answers streamed a page at a time (the open data's
//! exports).

pub mod body_limit;
pub mod client_ip;
pub mod compression;
pub mod cookies;
pub mod error;
pub mod error_language;
pub mod health;
pub mod language;
pub mod listener;
pub mod outbound;
pub mod panics;
pub mod run_to_the_end;
pub mod security_headers;
pub mod streamed;
pub mod tracing_layer;
