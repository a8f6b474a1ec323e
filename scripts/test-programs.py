#!/usr/bin/env python3
"""The test programs a `cargo test --no-run --message-format json…` build has made so far.

    test-programs.py FILE server   the server's integration tests, once built (else exit 1)
    test-programs.py FILE others   every other test program but the benchmarks

Each line printed is the package's folder (where `cargo test` runs a test program), a tab, and
the program. FILE holds cargo's messages, one JSON object per line, and may still be growing.
scripts/test.sh starts the server's tests as soon as their program is built, while the rest of
the workspace is still compiling, and runs the other programs itself afterwards.
"""

import json
import os
import sys

SERVER_TESTS = ("helvetia-server-tests", "it")


def package_name(package_id):
    """The name in a package id such as `path+file:///w/crates/engine#helvetia-engine@0.1.0`;
    cargo leaves the name out (`…/helvetia-engine#0.1.0`) when the folder has it."""
    source, _, fragment = package_id.rpartition("#")
    if "@" in fragment:
        return fragment.split("@", 1)[0]
    return source.rstrip("/").rsplit("/", 1)[-1]


def test_programs(path):
    """(package, target, folder, program) of every test program built, in cargo's order."""
    with open(path, encoding="utf-8") as messages:
        for line in messages:
            if not line.startswith("{"):
                continue
            try:
                message = json.loads(line)
            except json.JSONDecodeError:
                # The last line of a file still being written may be cut short.
                continue
            if message.get("reason") != "compiler-artifact":
                continue
            if not message["profile"]["test"] or not message.get("executable"):
                continue
            target = message["target"]
            if "bench" in target["kind"]:
                continue
            package = package_name(message["package_id"])
            folder = os.path.dirname(message["manifest_path"])
            yield package, target["name"], folder, message["executable"]


def main():
    path, which = sys.argv[1], sys.argv[2]
    found = False
    for package, target, folder, program in test_programs(path):
        if ((package, target) == SERVER_TESTS) == (which == "server"):
            print(f"{folder}\t{program}")
            found = True
    sys.exit(0 if found else 1)


if __name__ == "__main__":
    main()
