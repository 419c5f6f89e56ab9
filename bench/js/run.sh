#!/usr/bin/env bash
# Benchmark of the JS recorder (not a test): steps per second (median and best of several runs)
# and bytes per step on the wire for the JavaScript versions of bench/python's programs.
# Instruments each with the instrument example, then runs it under node with the recorder,
# budgets lifted.
# usage: bench/js/run.sh [REV]   with a git revision REV, also runs that revision's recorder,
#                                interleaved with this one's, for a before/after comparison.
set -euo pipefail
cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd ../.. && cargo build -q -p algoscope-instrument-js --example instrument)
bin="${CARGO_TARGET_DIR:-../../target}/debug/examples/instrument"
args=()
if [ $# -gt 0 ]; then
  mkdir -p "$work/$1" "$work/worktree"
  # The recorder is several modules: take the folder (without its tests) of each version.
  git -C ../.. archive "$1" runtimes/js | tar -x -C "$work/$1" --strip-components=2 --exclude=test
  cp ../../runtimes/js/*.mjs "$work/worktree/"
  args+=("--recorder=$work/$1/recorder.mjs" "--recorder=$work/worktree/recorder.mjs")
fi
for program in *.js; do
  name="$(basename "$program" .js)"
  "$bin" "$program" > "$work/$name.js"
  args+=("$name=$work/$name.js")
done
node measure.mjs "${args[@]}"
