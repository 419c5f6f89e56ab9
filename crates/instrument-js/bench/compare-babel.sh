#!/usr/bin/env bash
# Instrumentation time of a ~1,000-line JS file beside @babel/core parsing and regenerating the
# same file, in one run. Needs npm (installs @babel/core into a temporary folder).
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
a="$(echo "$ours" | sed -E 's/.* ([0-9.]+) ms/\1/')"
b="$(echo "$theirs" | sed -E 's/.* ([0-9.]+) ms/\1/')"
awk -v a="$a" -v b="$b" 'BEGIN { printf "algoscope instrument is %.1fx faster than babel parse + generate\n", b / a }'
