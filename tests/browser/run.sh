#!/usr/bin/env bash
# Browser test of the `algoscope html` page: installs the npm dependencies (playwright-core,
# pinned in package-lock.json; it drives Debian's /usr/bin/chromium and downloads no browser)
# and runs every *.test.mjs here with node's test runner.
#
# Env: ALGOSCOPE_BIN  the algoscope binary (default target/debug/algoscope, relative to the
#                     repository root; build it first with `cargo build -p algoscope-cli`)
#      CHROMIUM       the browser (default /usr/bin/chromium: `apt-get install chromium`)
#      ALGOSCOPE_SCREENSHOTS  a folder to write screenshots to (optional)
set -euo pipefail
cd "$(dirname "$0")"

root="$(cd ../.. && pwd)"
bin="${ALGOSCOPE_BIN:-target/debug/algoscope}"
case "$bin" in /*) ;; *) bin="$root/$bin" ;; esac
if [ ! -x "$bin" ]; then
  echo "tests/browser/run.sh: no algoscope binary at $bin (cargo build -p algoscope-cli)" >&2
  exit 1
fi
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "tests/browser/run.sh: no browser at $chromium (apt-get install chromium)" >&2
  exit 1
fi

npm ci --no-audit --no-fund --loglevel=error
ALGOSCOPE_BIN="$bin" CHROMIUM="$chromium" node --test --test-concurrency=1 .
