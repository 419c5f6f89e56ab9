#!/usr/bin/env bash
# Builds the player's wasm module and the page's bundled player into viewer/dist/ (checked
# in, so `cargo build` needs no wasm toolchain; CI rebuilds it and fails if it changed).
#
#   1. bindings/wasm for wasm32-unknown-unknown, profile `wasm` (scripts/wasm-cargo.sh);
#   2. wasm-bindgen --target web (wasm-bindgen-cli 0.2.130, as bindings/wasm pins; installed
#      with `cargo install wasm-bindgen-cli --version 0.2.130` when missing);
#   3. esbuild bundles viewer/src/page.js and what it imports into dist/page.js;
#   4. the TypeScript types of the player's data (viewer/types/*.d.ts) are generated from
#      schema/player-options.schema.json and schema/timeline.schema.json, and the public
#      types (src/player.d.ts) type-checked under tsc --strict with types/usage.ts.
#
# dist/sources.sha256 records which sources the module was built from (each compiled crate's
# manifest and src/, and Cargo.lock), so a stale module is found without comparing
# compiler output byte for byte (symbol hashes differ between checkouts).
#
# With --full it builds the full module instead (bindings/wasm with the `full` feature:
# analysis, instrumentation and trace assembly besides drawing) into bindings/wasm/pkg/ (not
# checked in; with the trace types and the JS recorder it is the @algoscope/wasm package in
# bindings/wasm/, which bindings/wasm/test/ checks; and the Python tracer, for trace() in
# Pyodide). Each build prints its sizes (raw, gzip,
# brotli) and fails above its budget: 400 KB gzipped for the viewer, 2 MB for the full one.
#
# Usage: scripts/build-viewer.sh [--check | --full]   (--check: after building, fail if the
#        sources' stamp, the JavaScript glue or the page bundle differ from what git has)
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
full=false
case "${1:-}" in
  --check) check=true ;;
  --full) full=true ;;
  "") ;;
  *) echo "usage: scripts/build-viewer.sh [--check | --full]" >&2; exit 2 ;;
esac

wbg_version=0.2.130
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wbg_version" ]; then
  echo "build-viewer: installing wasm-bindgen-cli $wbg_version" >&2
  cargo install --quiet wasm-bindgen-cli --version "$wbg_version"
fi
(cd viewer && npm ci --no-audit --no-fund --loglevel=error && npm run -s types && npm run -s typecheck)

target="${CARGO_TARGET_DIR:-target}"
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac
# Paths in panic messages would differ between checkouts: map them to fixed names.
export RUSTFLAGS="--remap-path-prefix=$PWD=/algoscope --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo --remap-path-prefix=${ALGOSCOPE_WASM_STD:-/var/tmp/algoscope-wasm-std}=/std"
# Smaller: no file/line/column strings for panics (-Zlocation-detail=none) and, where std is
# built from source (scripts/wasm-cargo.sh), no panic machinery at all (-Cpanic=immediate-
# abort: a panic traps either way, since the profile aborts and nothing prints it). Both are
# unstable flags, hence RUSTC_BOOTSTRAP.
export RUSTC_BOOTSTRAP=1
RUSTFLAGS="$RUSTFLAGS -Zlocation-detail=none"
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  RUSTFLAGS="$RUSTFLAGS -Zunstable-options -Cpanic=immediate-abort"
fi
# sizes FILE BUDGET NAME: prints the module's size raw, gzipped (-9) and brotli (quality 11);
# fails when the gzipped size is over BUDGET bytes.
sizes() {
  local raw gz br
  raw=$(stat -c %s "$1")
  gz=$(gzip -9 -c "$1" | wc -c)
  br=$(node -e 'const z=require("zlib");const b=require("fs").readFileSync(process.argv[1]);console.log(z.brotliCompressSync(b,{params:{[z.constants.BROTLI_PARAM_QUALITY]:11}}).length)' "$1")
  echo "build-viewer: $3 module $1: $raw bytes, $gz gzipped (budget $2), $br brotli" >&2
  [ "$gz" -le "$2" ] || { echo "build-viewer: the $3 module is over its budget of $2 bytes gzipped" >&2; exit 1; }
}
if $full; then
  scripts/wasm-cargo.sh build -p algoscope-wasm --features full --profile wasm --quiet
  out=bindings/wasm/pkg
  rm -rf "$out"
  wasm-bindgen --target web --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name algoscope_full \
    "$target/wasm32-unknown-unknown/wasm/algoscope_wasm.wasm"
  # The package's other files: the trace, analysis, error and Big-O types (shared with the
  # Node package; the trace's and Big-O's generated from schema/) and the one JS recorder, as
  # runtimes/js has it, without its Node entries (node-run, measure-run, load).
  cp bindings/node/trace.d.ts bindings/node/analysis.d.ts bindings/node/error.d.ts bindings/node/complexity.d.ts "$out/"
  mkdir -p "$out/recorder"
  find runtimes/js -maxdepth 1 -name '*.mjs' ! -name node-run.mjs ! -name measure-run.mjs ! -name load.mjs -exec cp {} "$out/recorder/" \;
  # The one Python tracer (runtimes/python, as it is), which trace() runs in Pyodide, with
  # the list of its files (tracer/files.json) that the worker loads.
  mkdir -p "$out/tracer/algoscope_tracer"
  cp runtimes/python/algoscope_tracer/*.py "$out/tracer/algoscope_tracer/"
  (cd "$out/tracer/algoscope_tracer" && ls *.py) | node -e 'const names=require("fs").readFileSync(0,"utf8").split("\n").filter(Boolean);process.stdout.write(JSON.stringify(names)+"\n")' >"$out/tracer/files.json"
  sizes "$out/algoscope_full_bg.wasm" 2000000 full
  exit 0
fi
scripts/wasm-cargo.sh build -p algoscope-wasm --profile wasm --quiet
out=viewer/dist
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
wasm-bindgen --target web --remove-name-section --remove-producers-section \
  --out-dir "$tmp" --out-name algoscope_wasm \
  "$target/wasm32-unknown-unknown/wasm/algoscope_wasm.wasm"
mkdir -p "$out"
for f in algoscope_wasm.js algoscope_wasm.d.ts algoscope_wasm_bg.wasm; do
  cp "$tmp/$f" "$out/$f"
done
viewer/node_modules/.bin/esbuild viewer/src/page.js --bundle --format=esm --log-level=warning \
  --outfile="$out/page.js"
# Only what is compiled into the module: each crate's manifest and src/ (not its tests).
stamped=(Cargo.lock bindings/wasm/Cargo.toml bindings/wasm/src
  crates/{algoscope,trace-format,scene,layout,run}/{Cargo.toml,src}
  runtimes/{Cargo.toml,build.rs,policy.json,src}
  viewer/src/'*.rs' viewer/build.rs viewer/Cargo.toml)
# The stamp lists tracked files: a new source file must be added to git first, or the stamp
# changes again when it is committed.
untracked=$(git ls-files --others --exclude-standard -- "${stamped[@]}")
if [ -n "$untracked" ]; then
  echo "build-viewer: untracked sources (git add them, then build again): $untracked" >&2
  exit 1
fi
git ls-files -z "${stamped[@]}" | xargs -0 sha256sum | sha256sum | awk '{print $1}' >"$out/sources.sha256"
sizes "$out/algoscope_wasm_bg.wasm" 400000 viewer
checked=("$out/sources.sha256" "$out/algoscope_wasm.js" "$out/algoscope_wasm.d.ts" "$out/page.js" viewer/types/player-options.d.ts viewer/types/timeline.d.ts viewer/types/complexity.d.ts)
if $check && ! git diff --quiet -- "${checked[@]}"; then
  echo "build-viewer: viewer/dist/ is out of date; run scripts/build-viewer.sh and commit it" >&2
  git diff --stat -- "${checked[@]}" >&2
  exit 1
fi
