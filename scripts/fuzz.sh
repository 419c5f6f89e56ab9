#!/usr/bin/env bash
# Runs every cargo-fuzz target (fuzz/) for a fixed time and reports, per target, the
# executions, the corpus it grew to and the crashes found. Not part of CI's default path.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]   (default 60 s, every target)
#
# Each target starts from a scratch copy of its checked-in seeds (fuzz/corpus/TARGET, never
# written to), the folders it shares with the repository (fuzz/shared-seeds.txt: the examples,
# the tracer's test programs) and its regressions (fuzz/regressions/TARGET). A crash's input is copied to
# fuzz/regressions/TARGET/, where crates/fuzz-targets/tests/seeds.rs runs it on stable on every
# test run: fix the bug, keep the input.
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`, from crates.io).
# Env: FUZZ_TARGET_DIR   where the fuzz build goes (default /var/tmp/algoscope-fuzz-target)
#      FUZZ_MAX_LEN      longest input in bytes (default 65536, the targets' own cap)
#      FUZZ_RSS_MB       memory limit per input run (default 2048)
#      FUZZ_TIMEOUT_S    slowest allowed single input, in seconds (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^algoscope-fuzz$')
fi
export CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-/var/tmp/algoscope-fuzz-target}"
work="$(mktemp -d /tmp/algoscope-fuzz.XXXXXX)"
trap 'rm -rf "$work"' EXIT

cargo +nightly fuzz --version >/dev/null 2>&1 || {
  echo "cargo-fuzz is missing: cargo install cargo-fuzz (and rustup toolchain install nightly)" >&2
  exit 1
}
# No sanitizer: the code under test is safe Rust; the properties are checked by asserts.
(cd fuzz && cargo +nightly fuzz build -s none)

printf '%-15s %12s %10s %8s %8s\n' target executions exec/s corpus crashes
status=0
for target in "${targets[@]}"; do
  corpus="$work/corpus/$target"
  artifacts="$work/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts" "fuzz/regressions/$target"
  cp fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null || true
  while read -r name folder; do
    if [ "$name" = "$target" ]; then cp "$folder"/* "$corpus"/; fi
  done < <(grep -v '^#' fuzz/shared-seeds.txt)
  cp fuzz/regressions/"$target"/* "$corpus"/ 2>/dev/null || true
  log="$work/$target.log"
  # -fork: a crash does not end the run; every crash found in the time is kept.
  (cd fuzz && cargo +nightly fuzz run -s none "$target" "$corpus" -- \
    -max_total_time="$seconds" -max_len="${FUZZ_MAX_LEN:-65536}" \
    -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -timeout="${FUZZ_TIMEOUT_S:-10}" \
    -artifact_prefix="$artifacts" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    >"$log" 2>&1) || true
  runs="$(grep -oE '#[0-9]+' "$log" | tail -1 | tr -d '#')"
  per_second="$(grep -oE 'exec/s: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || true)"
  size="$(find "$corpus" -type f | wc -l)"
  crashes=0
  for found in "$artifacts"*; do
    [ -f "$found" ] || continue
    crashes=$((crashes + 1))
    cp "$found" "fuzz/regressions/$target/$(basename "$found")"
    status=1
  done
  printf '%-15s %12s %10s %8s %8s\n' "$target" "${runs:-?}" "${per_second:-?}" "$size" "$crashes"
  if [ "$crashes" -gt 0 ]; then
    echo "  $target: crash inputs copied to fuzz/regressions/$target/ (log: kept below)" >&2
    grep -E 'panicked|ERROR|SUMMARY' "$log" | head -20 >&2 || true
  fi
done
exit "$status"
