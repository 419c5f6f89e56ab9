#!/usr/bin/env bash
# Builds the Node package's native module (bindings/node, napi-rs) with @napi-rs/cli from npm,
# regenerating index.js and index.d.ts, then runs its node:test suite: the API, parity with
# the command line over examples/ (trace JSON, SVG bytes, page), errors, and the packed
# tarball installed into a fresh folder.
#
# Usage: scripts/build-node.sh [--release] [--no-test]
#   --release  an optimised, stripped module (default: the dev profile, which reuses the
#              dependencies `cargo test --workspace` compiled into the same target dir)
#   --no-test  build (and report the module's size) only
#
# Needs node 18+ and npm (the npm registry for @napi-rs/cli and json-schema-to-typescript,
# installed with `npm ci` from bindings/node/package-lock.json).
#
# Env: CARGO_TARGET_DIR   honoured (default target/)
#      ALGOSCOPE_BIN      the CLI the parity tests compare with (default
#                         $CARGO_TARGET_DIR/debug/algoscope, built here when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

release=0
run_tests=1
for arg in "$@"; do
  case "$arg" in
    --release) release=1 ;;
    --no-test) run_tests=0 ;;
    *) echo "usage: scripts/build-node.sh [--release] [--no-test]" >&2; exit 2 ;;
  esac
done

target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
export CARGO_TARGET_DIR="$target"
# A fresh clone (or a new CARGO_TARGET_DIR) has no target folder until cargo makes one.
mkdir -p "$target"

cd bindings/node
npm ci --no-audit --no-fund --loglevel=error

# The trace and Big-O types come from the schema: regenerated here, and a stale one fails.
for file in trace.d.ts complexity.d.ts; do
  cp "$file" "$target/$file.committed" 2>/dev/null || : >"$target/$file.committed"
done
npm run --silent types
for file in trace.d.ts complexity.d.ts; do
  if ! cmp -s "$file" "$target/$file.committed"; then
    echo "bindings/node/$file was stale (schema/ changed): regenerated, commit it" >&2
    exit 1
  fi
done

# index.js and index.d.ts are napi's and committed: a build that changes them fails (after
# writing them, to commit).
cp index.js "$target/index.js.committed"
cp index.d.ts "$target/index.d.ts.committed"

flags=()
# Not napi's --strip: it sets RUSTFLAGS, which would rebuild every dependency.
[ "$release" = 1 ] && flags+=(--release)
# cargo-host.sh: build for the host without `--target`, so the dev build reuses the
# dependencies the workspace's own builds compiled.
ALGOSCOPE_REAL_CARGO="$(command -v cargo)" CARGO="$PWD/cargo-host.sh" \
  npx napi build --platform --esm --js index.js --dts index.d.ts "${flags[@]}"
for file in index.js index.d.ts; do
  if ! cmp -s "$file" "$target/$file.committed"; then
    echo "bindings/node/$file was stale (the API changed): regenerated, commit it" >&2
    exit 1
  fi
done
module="$(ls algoscope.*.node)"
if [ "$release" = 1 ] && command -v strip >/dev/null 2>&1; then
  strip --strip-unneeded "$module"
fi
echo "module: bindings/node/$module ($(du -k "$module" | cut -f1) KiB)"
[ "$run_tests" = 1 ] || exit 0

bin="${ALGOSCOPE_BIN:-$target/debug/algoscope}"
case "$bin" in /*) ;; *) bin="$root/$bin" ;; esac
if [ ! -x "$bin" ]; then
  (cd "$root" && cargo build -q -p algoscope-cli)
fi
ALGOSCOPE_BIN="$bin" node --test test/
