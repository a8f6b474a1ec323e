#!/usr/bin/env bash
# What the test build itself needs on a fresh Debian machine (run as root), installed before it
# starts; run by scripts/test.sh and scripts/test-services.sh. Idempotent: skips what is there.
# - rustfmt and Clippy, for the formatting check and the lints;
# - Debian's zstd and SQLite libraries with pkg-config, which the test build links instead of
#   compiling their C sources (scripts/test.sh).
set -euo pipefail
rustup component add rustfmt clippy >/dev/null 2>&1 || true
missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists libzstd 2>/dev/null || missing+=(libzstd-dev)
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
if ((${#missing[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
