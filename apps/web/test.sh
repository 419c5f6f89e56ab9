#!/usr/bin/env bash
# The web app's tests: installs its npm dependencies (package-lock.json), type-checks, builds
# it with Vite, and runs the end-to-end tests (test/*.test.mjs) in Debian's chromium against
# the build served from two origins. Needs bindings/wasm/pkg (scripts/build-viewer.sh --full)
# and tests/browser's npm dependencies (playwright-core; installed here when missing).
#
# Env: CHROMIUM               the browser (default /usr/bin/chromium)
#      ALGOSCOPE_SCREENSHOTS  where the screenshots go (default apps/web/screenshots)
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd ../.. && pwd)"

if [ ! -f "$root/bindings/wasm/pkg/algoscope_full_bg.wasm" ]; then
  echo "apps/web/test.sh: no bindings/wasm/pkg: build it first (scripts/build-viewer.sh --full)" >&2
  exit 1
fi
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "apps/web/test.sh: no browser at $chromium (apt-get install chromium)" >&2
  exit 1
fi
if [ ! -d "$root/tests/browser/node_modules/playwright-core" ]; then
  (cd "$root/tests/browser" && npm ci --no-audit --no-fund --loglevel=error)
fi

npm ci --no-audit --no-fund --loglevel=error
npx tsc --noEmit -p .
npx vite build --logLevel warn
CHROMIUM="$chromium" node --test --test-concurrency=1 test/
