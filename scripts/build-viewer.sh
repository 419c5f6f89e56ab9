#!/usr/bin/env bash
# Builds the player's wasm module and the page's bundled player into viewer/dist/ (checked
# in, so `cargo build` needs no wasm toolchain; CI rebuilds it and fails if it changed).
#
#   1. bindings/wasm for wasm32-unknown-unknown, profile `wasm` (scripts/wasm-cargo.sh);
#   2. wasm-bindgen --target web (wasm-bindgen-cli 0.2.130, as bindings/wasm pins; installed
#      with `cargo install wasm-bindgen-cli --version 0.2.130` when missing);
#   3. esbuild bundles viewer/src/page.js and what it imports into dist/page.js.
#
# dist/sources.sha256 records which sources the module was built from (each compiled crate's
# manifest and src/, and Cargo.lock), so a stale module is found without comparing
# compiler output byte for byte (symbol hashes differ between checkouts).
#
# Usage: scripts/build-viewer.sh [--check]   (--check: after building, fail if the sources'
#        stamp, the JavaScript glue or the page bundle differ from what git has)
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
[ "${1:-}" = "--check" ] && check=true

wbg_version=0.2.130
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wbg_version" ]; then
  echo "build-viewer: installing wasm-bindgen-cli $wbg_version" >&2
  cargo install --quiet wasm-bindgen-cli --version "$wbg_version"
fi
(cd viewer && npm ci --no-audit --no-fund --loglevel=error)

target="${CARGO_TARGET_DIR:-target}"
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac
# Paths in panic messages would differ between checkouts: map them to fixed names.
export RUSTFLAGS="--remap-path-prefix=$PWD=/algoscope --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo --remap-path-prefix=${ALGOSCOPE_WASM_STD:-/var/tmp/algoscope-wasm-std}=/std"
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
git ls-files -z Cargo.lock bindings/wasm/Cargo.toml bindings/wasm/src \
  crates/{algoscope,trace-format,scene,layout,run}/{Cargo.toml,src} \
  viewer/src/'*.rs' viewer/build.rs viewer/Cargo.toml \
  | xargs -0 sha256sum | sha256sum | awk '{print $1}' >"$out/sources.sha256"
wasm_bytes=$(stat -c %s "$out/algoscope_wasm_bg.wasm")
gz_bytes=$(gzip -9 -c "$out/algoscope_wasm_bg.wasm" | wc -c)
echo "build-viewer: $out/algoscope_wasm_bg.wasm $wasm_bytes bytes, $gz_bytes gzipped" >&2
checked=("$out/sources.sha256" "$out/algoscope_wasm.js" "$out/algoscope_wasm.d.ts" "$out/page.js")
if $check && ! git diff --quiet -- "${checked[@]}"; then
  echo "build-viewer: viewer/dist/ is out of date; run scripts/build-viewer.sh and commit it" >&2
  git diff --stat -- "${checked[@]}" >&2
  exit 1
fi
