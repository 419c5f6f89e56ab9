#!/usr/bin/env bash
# Benchmark of the JS recorder (not a test): steps per second and bytes per step on the wire for
# the JavaScript versions of bench/python's programs. Instruments each with the instrument
# example, then runs it under node with the recorder, budgets lifted.
set -euo pipefail
cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd ../.. && cargo build -q -p algoscope-instrument-js --example instrument)
bin="${CARGO_TARGET_DIR:-../../target}/debug/examples/instrument"
args=()
for program in *.js; do
  name="$(basename "$program" .js)"
  "$bin" "$program" > "$work/$name.js"
  args+=("$name=$work/$name.js")
done
node measure.mjs "${args[@]}"
