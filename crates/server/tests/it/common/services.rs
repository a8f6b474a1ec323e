//! The services some tests need beside the server: PostgreSQL, Chromium with ChromeDriver, and
//! an SMTP server. A missing one fails the test with a message that says how to provide it or
//! how to leave it out explicitly, so that a plain `cargo test` never goes green with part of
//! the suite not run: `HELVETIA_TEST_POSTGRES=skip` runs the SQLite half of the storage tests
//! only; `cargo test -- --skip browser_ --skip mail::` leaves out the browser and mail tests.
//!
//! Each case that ran against PostgreSQL or a browser is written, by name, to a file in the
//! directory `HELVETIA_TEST_COUNTS` names (when set), so that the test command can say how many
//! ran. The command-line tests use this file too (for PostgreSQL).

/// Why a test fails when `HELVETIA_TEST_POSTGRES` is not set.
pub const POSTGRES_MISSING: &str = "HELVETIA_TEST_POSTGRES is not set: these tests run on \
    SQLite and on PostgreSQL. Set it to a database URL whose user may create databases \
    (scripts/test.sh starts one and sets it), or to `skip` to leave the PostgreSQL cases out.";

/// The URL of the test PostgreSQL server (its user may create databases), or `None` when the
/// person running the tests opted out with `HELVETIA_TEST_POSTGRES=skip`. Counts the case.
///
/// # Panics
/// When `HELVETIA_TEST_POSTGRES` is neither set nor `skip`.
pub fn postgres_admin_url() -> Option<String> {
    match std::env::var("HELVETIA_TEST_POSTGRES") {
        Ok(url) if url == "skip" => None,
        Ok(url) if !url.is_empty() => {
            count_case("postgres");
            Some(url)
        }
        _ => panic!("{POSTGRES_MISSING}"),
    }
}

/// Notes that the running test case used `service` (`postgres` or `browser`): one line with
/// the test's name in `$HELVETIA_TEST_COUNTS/<service>`.
pub fn count_case(service: &str) {
    use std::io::Write;
    let Some(dir) = std::env::var_os("HELVETIA_TEST_COUNTS") else {
        return;
    };
    let thread = std::thread::current();
    let name = thread.name().unwrap_or("unnamed");
    let path = std::path::Path::new(&dir).join(service);
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .unwrap_or_else(|e| panic!("cannot count the case in {}: {e}", path.display()));
    // Named by package, as the server's and the command line's test binaries are both `it`.
    writeln!(file, "{}::{name}", env!("CARGO_PKG_NAME")).expect("the count is written");
}
