//! `helvetia backup FILE`: a consistent copy of the SQLite database, made while the server runs.

use std::process::ExitCode;

use helvetia_server::storage::Store;

/// What to copy where.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The file to write; it must not exist yet.
    file: std::path::PathBuf,
    /// The database the server uses: `sqlite://FILE`.
    #[arg(long, default_value = "sqlite://helvetia.db")]
    database: String,
}

/// Writes the copy; exit 1 with the reason on failure.
pub fn run(args: Args) -> ExitCode {
    if args.file.exists() {
        eprintln!("error: {} exists; give a new file", args.file.display());
        return ExitCode::FAILURE;
    }
    let Some(file) = args.file.to_str() else {
        eprintln!("error: the file name must be UTF-8");
        return ExitCode::FAILURE;
    };
    let runtime = match crate::one_thread::runtime() {
        Ok(runtime) => runtime,
        Err(code) => return code,
    };
    let copied = runtime.block_on(async {
        let store = Store::connect(&args.database, "backup").await?;
        let copied = store.backup(file).await;
        store.close().await;
        copied
    });
    match copied {
        Ok(()) => {
            println!("backed up {} to {}", args.database, args.file.display());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
