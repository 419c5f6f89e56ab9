#!/usr/bin/env bash
# Regenerates the golden traces tests/traces/python/NAME.json from examples/python/NAME.py
# (full heaps, pretty JSON). Run it after a deliberate change to the tracer or the format;
# crates/cli/tests/trace_examples.rs fails while any golden is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q -p algoscope-cli
mkdir -p tests/traces/python
for program in examples/python/*.py; do
    name="$(basename "$program" .py)"
    "${CARGO_TARGET_DIR:-target}/debug/algoscope" trace "$program" --pretty -o "tests/traces/python/$name.json"
    echo "tests/traces/python/$name.json"
done
