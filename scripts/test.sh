#!/usr/bin/env bash
# The project's test command: set-up, formatting, lints, all tests, self-play and a short bot tournament.
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
# so one release build serves the lints (`-D warnings`, every target) and the tests, and the
# dependencies are compiled once.
RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)"
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
# Each test case that runs on PostgreSQL or in a browser writes its name into a file here
# (crates/server/tests/it/common/services.rs), so that the count at the end says they ran.
HELVETIA_TEST_COUNTS="$(mktemp -d)"
export HELVETIA_TEST_COUNTS

# The server's integration tests take most of the tests' time, and while they run (browsers,
# sockets, clocks) the processor is about a quarter idle. So they start as soon as their
# program is built and the services are ready, while the rest of the workspace still compiles,
# and every later step runs beside them. The build reports each program it makes (cargo's JSON
# messages); scripts/test-programs.py reads them.
artifacts="$(mktemp)"
server_tests_log="$(mktemp)"
build="" server_tests=""
stop_background() {
  for job in "$build" "$server_tests"; do
    if test -n "$job"; then kill "$job" 2>/dev/null || true; fi
  done
}
trap stop_background EXIT
services_ready() {
  if ! wait "$services"; then
    cat "$services_log"
    echo "the test services could not be installed or started (above)" >&2
    exit 1
  fi
  # Everything is in place now: this only checks it and sets HELVETIA_TEST_POSTGRES.
  source scripts/test-services.sh
}
start_server_tests() {
  local folder program
  IFS=$'\t' read -r folder program < <(python3 scripts/test-programs.py "$artifacts" server)
  step "the server's integration tests start, beside what follows"
  # As `cargo test` runs a test program: from its package's folder.
  (cd "$folder" && "$program") >"$server_tests_log" 2>&1 &
  server_tests=$!
}

step "release build with lints"
cargo test --workspace --release --all-targets --no-run --message-format json-render-diagnostics \
  >"$artifacts" &
build=$!
while kill -0 "$build" 2>/dev/null; do
  if test -z "$server_tests" && ! kill -0 "$services" 2>/dev/null &&
    python3 scripts/test-programs.py "$artifacts" server >/dev/null; then
    services_ready
    start_server_tests
  fi
  sleep 2
done
wait "$build"
build=""
if test -z "$server_tests"; then
  step "services"
  services_ready
  start_server_tests
fi

step "the other tests"
# Every test program built above but the server's (running) and the benchmarks (linted, not
# run), each from its package's folder as `cargo test` runs them; then the examples in the docs.
mapfile -t others < <(python3 scripts/test-programs.py "$artifacts" others)
for other in "${others[@]}"; do
  IFS=$'\t' read -r folder program <<<"$other"
  echo "     Running ${program#"$PWD"/}"
  (cd "$folder" && "$program")
done
cargo test --workspace --release --doc
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
# The engine's setup and random-play properties, the original-rules games, the byte fuzzer and
# the bounds of a position, again in a debug build, where an overflowing count panics instead of
# wrapping (about a minute, most of it compiling).
step "engine tests in a debug build"
cargo test -p helvetia-engine --test it -- properties:: rules_setup:: capacity:: original_rules:: \
  fuzz_bytes:: bounds::
# The Python package: its wheel in a virtual environment, PettingZoo's and OpenSpiel's checks,
# and a bot account playing on the server binary built above.
step "Python package"
HELVETIA_BIN="$(realpath -m "${CARGO_TARGET_DIR:-target}")/release/helvetia" bash scripts/test-python.sh
step "self-play and a bot tournament"
# The binary the tests just built: `cargo run` would resolve features anew and rebuild.
helvetia="${CARGO_TARGET_DIR:-target}/release/helvetia"
"$helvetia" selfplay --games 700 --players 2 --seed 1 --round-limit 80
"$helvetia" selfplay --games 700 --players 3 --seed 2 --round-limit 80
"$helvetia" selfplay --games 700 --players 4 --seed 3 --round-limit 80
"$helvetia" arena --bots mcts:100,greedy,random --players 3 --games 24 --round-limit 40 --quiet

step "the server's integration tests end"
status=0
wait "$server_tests" || status=$?
server_tests=""
cat "$server_tests_log"
if test "$status" -ne 0; then
  echo "the server's integration tests failed (above)" >&2
  exit "$status"
fi
cases() { sort -u "$HELVETIA_TEST_COUNTS/$1" 2>/dev/null | wc -l; }
echo "test cases run on PostgreSQL: $(cases postgres); in a browser: $(cases browser)"
step "done"
