#!/usr/bin/env bash
# Runs every test in the repository: formatting, lints, Rust tests (unit, snapshot, property,
# CLI with real python3/node), the runtimes' own tests, and the browser test of the HTML page.
# Usage: scripts/test-all.sh   (or `make test`)
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
step() { printf '\n== %s  (at %d s)\n' "$*" "$(($(date +%s) - started))"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings
# The wasm package's full build is a feature no workspace member turns on.
cargo clippy -p algoscope-wasm --features full --all-targets -- -D warnings

step "cargo test"
cargo test --workspace

step "wasm32: the viewer's module, rebuilt into viewer/dist (scripts/build-viewer.sh --check)"
# The browser tests below run on this fresh build (the page inlines viewer/dist).
scripts/build-viewer.sh --check

step "wasm32: the full module, the @algoscope/wasm package (scripts/build-wasm.sh)"
# Tested below: in Chromium with the browser tests, in Node after the Node package.
scripts/build-wasm.sh

step "cargo package --workspace (metadata, file lists, versions; a full verify build: cargo package --workspace)"
cargo package --workspace --allow-dirty --no-verify --quiet

if [ -d runtimes/python/tests ]; then
  step "Python runtime tests"
  python3 -m unittest discover -s runtimes/python/tests -t runtimes/python -v 2>&1 | tail -n 5
  # The tracer reads bytecode per CPython version: other interpreters on PATH (or listed in
  # ALGOSCOPE_EXTRA_PYTHONS, e.g. ~/.pyenv/versions/3.13.0/bin/python3) run the same tests.
  for extra in python3.12 python3.13 python3.14 ${ALGOSCOPE_EXTRA_PYTHONS:-}; do
    if "$extra" -c 'import sys; sys.exit(sys.version_info < (3, 9))' >/dev/null 2>&1; then
      step "Python runtime tests ($extra)"
      "$extra" -m unittest discover -s runtimes/python/tests -t runtimes/python -v 2>&1 | tail -n 5
    fi
  done
fi

if [ -d runtimes/js/test ]; then
  step "JS runtime tests"
  node --test runtimes/js/test/
fi

step "Viewer unit tests (the player's navigation, work ahead and scale math; no browser)"
node --test viewer/test/

if [ -x tests/browser/run.sh ]; then
  step "Browser test"
  # The CLI as `cargo test --workspace` builds it (same features, so nothing is compiled
  # again), relinked with the viewer module just rebuilt.
  cargo test --workspace --no-run --quiet
  ALGOSCOPE_BIN="${CARGO_TARGET_DIR:-target}/debug/algoscope" tests/browser/run.sh
fi

if [ -x apps/web/test.sh ]; then
  step "Web app (apps/web): type-check, Vite build, end-to-end tests in Chromium on two origins"
  apps/web/test.sh
fi

step "Python package: wheel (dev profile), fresh venv, pytest and the notebook in Chromium"
ALGOSCOPE_BIN="${CARGO_TARGET_DIR:-target}/debug/algoscope" scripts/build-python.sh

step "Node package: native module (napi-rs, dev profile), node:test suite, packed tarball installed fresh"
ALGOSCOPE_BIN="${CARGO_TARGET_DIR:-target}/debug/algoscope" scripts/build-node.sh

step "wasm package: its tests against the native module, packed tarball; the Node suite on it (TEST_WASM=1)"
ALGOSCOPE_BIN="${CARGO_TARGET_DIR:-target}/debug/algoscope" node --test bindings/wasm/test/
TEST_WASM=1 ALGOSCOPE_BIN="${CARGO_TARGET_DIR:-target}/debug/algoscope" node --test bindings/node/test/

step "README check: every shell block of the READMEs, run as written in a fresh clone of HEAD"
# scripts/readme_check.py: shares CARGO_TARGET_DIR, so it reuses what the steps above built.
python3 scripts/readme_check.py

step "done"
