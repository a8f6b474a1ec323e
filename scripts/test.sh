#!/usr/bin/env bash
# The project's test command: set-up, formatting, lints, all tests, self-play and a bot tournament that checks the order of the bot levels.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's start, with the seconds since the command began, so that slow steps stand out.
step() { echo "== [${SECONDS}s] $*"; }
step "build prerequisites"
bash scripts/build-prerequisites.sh
# The test build links Debian's zstd and SQLite libraries (installed above) rather than
# compiling their C sources, about 45 s and 90 s of one core: the same crates over the same
# formats (SQLite 3.40 instead of the 3.46 a product build bundles). A build for the product
# compiles them as usual.
export ZSTD_SYS_USE_PKG_CONFIG=1 LIBSQLITE3_SYS_USE_PKG_CONFIG=1
# Chromium, ChromeDriver, nginx, PostgreSQL and the Python test packages are downloaded and
# installed while the build runs, which waits on the processor while they wait on the network.
services_log="$(mktemp)"
(
  bash scripts/test-services.sh
  # Only a head start: the Python step installs what is still missing itself.
  bash scripts/test-python.sh --prepare || echo "(the Python packages are installed later)"
) >"$services_log" 2>&1 &
services=$!
step "formatting"
cargo fmt --all -- --check
# Clippy's lints run while the workspace's crates are built for the tests: `clippy-driver`
# wraps the compiler for the workspace's own crates (`cargo clippy` does the same for a check),
# so one build serves the lints (`-D warnings`, every target) and the tests, and the
# dependencies are compiled once. It is the workspace's `ci` profile (Cargo.toml): release
# optimisation but for the command, the Python binding and the server's tests, which no test
# needs fast, and the workspace's counters checked, so that an overflow panics in every test.
# Every target, as `--all-targets` would, but for the server library's own test program: it
# has none (`test = false`; its parts are tested in crates/server/tests/it/units), and
# `--all-targets` or `--lib` would build it anyway, the whole server compiled a second time.
# `--tests` takes every library, program and integration test whose tests are on.
RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)"
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
step "build with lints"
cargo test --workspace --profile ci --tests --bins --examples --bench '*' --no-run
step "services"
if ! wait "$services"; then
  cat "$services_log"
  echo "the test services could not be installed or started (above)" >&2
  exit 1
fi
# Everything is in place now: this only checks it and sets HELVETIA_TEST_POSTGRES.
source scripts/test-services.sh
# Each test case that runs on PostgreSQL or in a browser writes its name into a file here
# (crates/server/tests/it/common/services.rs), so that the count below says they ran.
HELVETIA_TEST_COUNTS="$(mktemp -d)"
export HELVETIA_TEST_COUNTS
# The engine's setup and random-play properties, the original-rules games, the byte fuzzer and
# the bounds of a position, again in a debug build, where the engine's debug assertions hold
# (every applied action legal, its counts kept in step: work the bots of the tests below would
# repeat at every step of their searches) and an overflowing count panics; then self-play and a
# bot tournament that checks the order of the ladder's levels, on the binary built above (`cargo
# run` would resolve features anew and rebuild), and the Python package's wheel. They run beside the tests at the lowest priority
# (`nice`), on the processor time those leave idle while they wait on browsers, sockets and
# databases (docs/testing.md). The debug build has no debugging information, which nothing here
# reads. Last, the Python package's tests: its wheel in a virtual environment, PettingZoo's and
# OpenSpiel's checks, and a bot account playing whole games on the server binary built above.
# They run at the tests' own priority, not the lowest: their online test waits on that server
# for at most two minutes, and beside the browsers a server at the lowest priority could starve.
step "beside the tests: the engine in a debug build, self-play, a bot tournament, the Python package"
side_log="$(mktemp)"
helvetia="${CARGO_TARGET_DIR:-target}/ci/helvetia"
# The wheel's build (maturin, with its own features) writes the Python crate's library under
# the name the doc tests read it by (a cdylib's outputs carry no hash), and rustdoc once read it
# half rewritten: the side's wheel waits until the doc tests, run first, are done (or this
# command ends).
doc_tests_done="$(mktemp -u)"
trap 'touch "$doc_tests_done"' EXIT
(
  unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
  CARGO_PROFILE_DEV_DEBUG=false nice -n 19 cargo test -p helvetia-engine --test it -- \
    properties:: rules_setup:: capacity:: original_rules:: fuzz_bytes:: bounds::
  nice -n 19 "$helvetia" selfplay --games 700 --players 2 --seed 1 --round-limit 80
  nice -n 19 "$helvetia" selfplay --games 700 --players 3 --seed 2 --round-limit 80
  nice -n 19 "$helvetia" selfplay --games 700 --players 4 --seed 3 --round-limit 80
  # The ladder's levels (docs/testing.md): good > casual > beginner in three-player games, and
  # strong > good head to head, each shown at 99% by a sign test; expert > strong is not
  # checked, as it would take far more games than this step may spend.
  nice -n 19 "$helvetia" arena --bots level:good,level:greedy,level:random --players 3 \
    --games 24 --round-limit 40 --quiet --expect-order 'level:good>level:greedy>level:random'
  nice -n 19 "$helvetia" arena --bots level:mcts,level:good --players 2 --games 100 \
    --round-limit 40 --quiet --expect-order 'level:mcts>level:good'
  while ! test -e "$doc_tests_done"; do sleep 1; done
  HELVETIA_PROFILE=ci nice -n 19 bash scripts/test-python.sh --wheel
  HELVETIA_PROFILE=ci HELVETIA_BIN="$(realpath -m "$helvetia")" bash scripts/test-python.sh
) >"$side_log" 2>&1 &
side=$!
# The examples in the docs, then every target built above but the benchmarks (linted, not
# run). Each selection keeps `--workspace`: naming a package (`-p`, `--exclude`) would resolve
# features anew and build the dependencies a second time. Four threads in each test program:
# most of the server's integration tests (the program `server`) wait on browsers, sockets and
# databases, and with two the processor stood idle part of the time (0.93 times the time with
# four, in two pairs of runs).
step "tests"
cargo test --workspace --profile ci --doc
touch "$doc_tests_done"
cargo test --workspace --profile ci --tests --bins --examples -- --test-threads 4
cases() { sort -u "$HELVETIA_TEST_COUNTS/$1" 2>/dev/null | wc -l; }
echo "test cases run on PostgreSQL: $(cases postgres); in a browser: $(cases browser)"
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
step "waiting for the engine's debug build, self-play, the bot tournament and the Python package"
side_status=0
wait "$side" || side_status=$?
cat "$side_log"
if test "$side_status" -ne 0; then
  echo "the engine's debug tests, self-play, the bot tournament or the Python package failed (above)" >&2
  exit "$side_status"
fi
step "done"
