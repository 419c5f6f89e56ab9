#!/usr/bin/env bash
# `napi build` always passes `--target <triple>`, which makes Cargo compile every dependency
# again into target/<triple>/ even for the host's own triple. scripts/build-node.sh points
# napi at this wrapper (CARGO=...): it drops `--target` when it names the host, so the build
# reuses what `cargo test --workspace` compiled into target/debug, then links the artifact
# where napi looks for it.
set -euo pipefail
host="$(rustc -vV | sed -n 's/^host: //p')"
args=()
dropped=0
while [ $# -gt 0 ]; do
  if [ "$1" = --target ] && [ "${2:-}" = "$host" ]; then
    dropped=1
    shift 2
    continue
  fi
  args+=("$1")
  shift
done
real="${ALGOSCOPE_REAL_CARGO:-cargo}"
# Cargo would hand this wrapper to build scripts and rustc as `CARGO`, and rebuild crates
# that read it: the real cargo sets its own.
unset CARGO
"$real" "${args[@]}"
if [ "$dropped" = 1 ] && [ "${args[0]:-}" = build ]; then
  target="${CARGO_TARGET_DIR:-$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')}"
  profile=debug
  for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[$i]}" in
      --release) profile=release ;;
      --profile) next="${args[$((i + 1))]}"; case "$next" in dev) profile=debug ;; *) profile="$next" ;; esac ;;
    esac
  done
  mkdir -p "$target/$host/$profile"
  for lib in "$target/$profile"/lib*.so; do
    [ -e "$lib" ] && ln -f "$lib" "$target/$host/$profile/"
  done
fi
