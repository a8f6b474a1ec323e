#!/usr/bin/env bash
# The Python package (crates/python): builds its wheel into a virtual environment with the
# pinned test packages (maturin, numpy, PettingZoo, OpenSpiel, pytest, PyTorch) and runs its tests,
# PettingZoo's and OpenSpiel's own checks among them. Runs alone or from scripts/test.sh.
# The tests of helvetia.online play on a real server: the binary named by HELVETIA_BIN, or the
# one this script builds when it is not set. The binary and the wheel are built with the Cargo
# profile HELVETIA_PROFILE (`release` unless set; the test command sets its own `ci`, so that
# the server binary is the one it built).
# With `--prepare` it only makes the virtual environment and installs the test packages (the
# test command does that while the Rust build runs); with `--wheel` it also builds the wheel
# and stops (the test command does that beside the Rust tests: the wheel's Rust is built anew,
# since maturin builds the package alone and so resolves its dependencies' features anew, and
# the run after it finds that build done).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
target="$(realpath -m "${CARGO_TARGET_DIR:-target}")"
venv="$target/pyenv"
if ! test -x "$venv/bin/python"; then
  # Debian's Python keeps venv in a package of its own.
  python3 -m venv "$venv" 2>/dev/null || {
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    rm -rf "$venv"
    python3 -m venv "$venv"
  }
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r crates/python/requirements-test.txt
# PyTorch (for helvetia.learn's test) only when asked: PyPI's only Linux build brings CUDA's
# libraries, minutes of download and 5 GB on every fresh machine (docs/python.md).
if test "${HELVETIA_TEST_TORCH:-}" = 1; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    -r crates/python/requirements-learn.txt
fi
if test "${1:-}" = --prepare; then
  exit 0
fi
profile="${HELVETIA_PROFILE:-release}"
rm -rf "$target/wheels"
(cd crates/python && "$venv/bin/maturin" build --profile "$profile" --quiet --out "$target/wheels" \
  --interpreter "$venv/bin/python")
if test "${1:-}" = --wheel; then
  exit 0
fi
if test -z "${HELVETIA_BIN:-}"; then
  cargo build --profile "$profile" -p helvetia
  export HELVETIA_BIN="$target/$profile/helvetia"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps \
  "$target"/wheels/helvetia-*.whl
# From the tests' folder, so that `import helvetia` is the installed wheel, not the sources.
cd "$root/crates/python/tests"
"$venv/bin/python" -m pytest -q -p no:cacheprovider .
