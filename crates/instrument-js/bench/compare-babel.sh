#!/usr/bin/env bash
# Instrumentation time of a ~1,000-line JS file beside @babel/core parsing and regenerating the
# same file, in one run. Both sides are warmed up, then timed run by run; the figures compared
# are the medians. Needs npm (installs @babel/core into a temporary folder).
# Usage: crates/instrument-js/bench/compare-babel.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund @babel/core@7 @babel/generator@7 >/dev/null)
ours="$(cd "$root" && cargo run --release -q -p algoscope-instrument-js --example bench -- "$work/large.js")"
theirs="$(cd "$work" && node "$here/babel.mjs" "$work/large.js")"
echo "$ours"
echo "$theirs"
a="$(echo "$ours" | sed -nE 's/^instrument: median ([0-9.]+) ms.*/\1/p')"
b="$(echo "$theirs" | sed -nE 's/^babel parse \+ generate: median ([0-9.]+) ms.*/\1/p')"
awk -v a="$a" -v b="$b" 'BEGIN { printf "algoscope instrument is %.1fx faster than babel parse + generate (medians)\n", b / a }'
