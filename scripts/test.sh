#!/usr/bin/env bash
# The project's test command: set-up, formatting, lints, all tests, self-play and a short bot tournament.
set -euo pipefail
cd "$(dirname "$0")/.."
# Chromium, ChromeDriver and PostgreSQL for the server and browser tests; sets HELVETIA_TEST_POSTGRES.
source scripts/test-services.sh
cargo fmt --all -- --check
# Clippy's lints run while the workspace's crates are built for the tests: `clippy-driver`
# wraps the compiler for the workspace's own crates (`cargo clippy` does the same for a check),
# so one release build serves the lints (`-D warnings`, every target) and the tests, and the
# dependencies are compiled once.
RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)"
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
cargo test --workspace --release --all-targets --no-run
cargo test --workspace --release
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
# The engine's setup and random-play properties, and the original-rules games, again in a debug
# build, where an overflowing count panics instead of wrapping (about a minute, most of it compiling).
cargo test -p helvetia-engine --test it -- properties:: rules_setup:: capacity:: original_rules::
# The Python package: its wheel in a virtual environment, PettingZoo's and OpenSpiel's checks.
bash scripts/test-python.sh
# The binary the tests just built: `cargo run` would resolve features anew and rebuild.
helvetia="${CARGO_TARGET_DIR:-target}/release/helvetia"
"$helvetia" selfplay --games 700 --players 2 --seed 1 --round-limit 80
"$helvetia" selfplay --games 700 --players 3 --seed 2 --round-limit 80
"$helvetia" selfplay --games 700 --players 4 --seed 3 --round-limit 80
"$helvetia" arena --bots mcts:100,greedy,random --players 3 --games 24 --round-limit 40 --quiet
