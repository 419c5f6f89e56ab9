#!/usr/bin/env bash
# Load-independent companion of run.sh (not a test): machine instructions per traced run of each
# bench program, counted by valgrind (callgrind's Ir), so two tracers can be compared on a busy
# machine where CPU-time figures move by 5-10%. One traced run costs about 45 instructions per
# bytecode the tracer executes; the figure is deterministic to ~0.1% (PYTHONHASHSEED fixed).
#
# Usage: bench/python/instructions.sh [ROOT ...]   (default: this checkout; each ROOT is a
#        checkout whose runtimes/python is measured, e.g. a `git worktree` of an older commit)
# Needs: valgrind. Prints millions of instructions per run (runs 3 minus runs 1, halved, so
# interpreter start-up and imports drop out).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="$("${PYTHON:-python3}" -c 'import sys; print(sys.executable)')"
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt install valgrind)" >&2; exit 2; }
roots=("$@")
[ ${#roots[@]} -gt 0 ] || roots=("$here/../..")
count() { # root program runs -> instructions
  PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$python" "$here/measure.py" --repeat "$3" --root "$1" "$2" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-20s' program; for root in "${roots[@]}"; do printf ' %14s' "$(basename "$(cd "$root" && pwd)")"; done; echo
for program in "$here"/*.py; do
  [ "$(basename "$program")" = measure.py ] && continue
  printf '%-20s' "$(basename "$program" .py)"
  for root in "${roots[@]}"; do
    one=$(count "$root" "$program" 1); three=$(count "$root" "$program" 3)
    printf ' %13.1fM' "$(echo "($three - $one) / 2000000" | bc -l)"
  done
  echo
done
