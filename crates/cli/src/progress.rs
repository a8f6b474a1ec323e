//! What the long-running commands share: a progress bar on stderr (hidden with `--quiet`) and
//! the number of threads to use.

use indicatif::{ProgressBar, ProgressStyle};

/// A progress bar over `len` `unit`s with the elapsed time and an estimate of what is left.
pub fn bar(len: u64, unit: &str, quiet: bool) -> ProgressBar {
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(len)
    };
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {unit}  {{elapsed_precise}} elapsed, ETA {{eta_precise}}  {{msg}}"
        ))
        .expect("a valid template"),
    );
    bar
}

/// The threads asked for, or one per core.
pub fn threads(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}
