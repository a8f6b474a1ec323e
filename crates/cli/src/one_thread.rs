//! The async runtime of the commands that talk to a database once and exit (`backup`,
//! `export`): one thread, since they do one thing at a time.

use std::process::ExitCode;

use tokio::runtime::{Builder, Runtime};

/// A one-thread runtime, or the exit code after saying why there is none.
pub fn runtime() -> Result<Runtime, ExitCode> {
    Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| {
            eprintln!("error: cannot start the async runtime: {error}");
            ExitCode::FAILURE
        })
}
