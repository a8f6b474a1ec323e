//! The binary's integration tests, one binary: subcommands, documented examples, backups, log
//! lines, crashes and two nodes. Helpers live in `support`.

mod backup;
mod cli;
mod examples;
mod export;
mod log_lines;
mod serve_crash;
mod support;
mod two_nodes;
