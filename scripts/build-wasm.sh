#!/usr/bin/env bash
# Builds the @algoscope/wasm package in bindings/wasm: the full wasm module into pkg/ with the
# trace types, the JS recorder and the Python tracer (scripts/build-viewer.sh --full, which
# also builds the viewer's module and so shares its toolchain and size checks), then its npm
# dev dependencies (Pyodide, for trace() of Python in tests). `npm pack` in bindings/wasm
# then gives the tarball.
# Usage: scripts/build-wasm.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-viewer.sh --full
(cd bindings/wasm && npm ci --no-audit --no-fund --loglevel=error)
