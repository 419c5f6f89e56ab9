#!/usr/bin/env bash
# Builds the Python package's wheel (bindings/python) with maturin, installs that wheel alone
# into a fresh venv and runs the pytest suite there: the API, parity with the command line,
# the wheel checks and the executed notebook whose HTML export is clicked in Chromium.
#
# Usage: scripts/build-python.sh [--release] [--no-test]
#   --release  an optimised wheel (default: the dev profile, which reuses the dependencies
#              `cargo test` / `cargo build -p algoscope-cli` compiled into the same target dir)
#   --no-test  build (and report the wheel) only
#
# Needs python3 (3.9+, with venv) and the PyPI registry for maturin, pytest, nbclient,
# nbconvert and ipykernel. The browser part of the notebook test needs node, Chromium and
# tests/browser's npm packages (installed here with `npm ci` when missing).
#
# Env: CARGO_TARGET_DIR   honoured (default target/)
#      ALGOSCOPE_PY_DIR   the venvs and the wheel (default $CARGO_TARGET_DIR/python)
#      PYTHON             the interpreter the venvs are made from (default python3)
#      ALGOSCOPE_BIN      the CLI the parity tests compare with (default target/debug/algoscope;
#                         those tests are skipped without one)
#      CI=true            the notebook's browser check may not be skipped
# For development instead: `cd bindings/python && maturin develop` in a venv.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

profile=dev
run_tests=1
for arg in "$@"; do
  case "$arg" in
    --release) profile=release ;;
    --no-test) run_tests=0 ;;
    *) echo "usage: scripts/build-python.sh [--release] [--no-test]" >&2; exit 2 ;;
  esac
done

target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
export CARGO_TARGET_DIR="$target"
work="${ALGOSCOPE_PY_DIR:-$target/python}"
python="${PYTHON:-python3}"
mkdir -p "$work"

# maturin from PyPI, in a venv of its own that is kept between runs.
tools="$work/tools"
if [ ! -x "$tools/bin/maturin" ]; then
  rm -rf "$tools"
  "$python" -m venv "$tools"
  "$tools/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.15,<2"
fi

if [ "$profile" = release ]; then
  # A wheel is downloaded by every user: trade build time for size (4.6 MiB with these,
  # 8.4 MiB without; panics stay unwinding so pyo3 turns them into Python exceptions).
  export CARGO_PROFILE_RELEASE_LTO="${CARGO_PROFILE_RELEASE_LTO:-fat}"
  export CARGO_PROFILE_RELEASE_OPT_LEVEL="${CARGO_PROFILE_RELEASE_OPT_LEVEL:-s}"
  export CARGO_PROFILE_RELEASE_CODEGEN_UNITS="${CARGO_PROFILE_RELEASE_CODEGEN_UNITS:-1}"
fi

rm -rf "$work/wheels"
"$tools/bin/maturin" build --quiet --profile "$profile" \
  --manifest-path bindings/python/Cargo.toml --interpreter "$python" --out "$work/wheels"
wheel="$(ls "$work"/wheels/algoscope-*.whl)"
echo "wheel: $wheel ($(du -k "$wheel" | cut -f1) KiB, profile $profile)"
[ "$run_tests" = 1 ] || exit 0

# A fresh venv with the wheel alone (and the test tools): nothing of the checkout on its path.
venv="$work/test-venv"
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "$wheel" \
  pytest nbclient nbformat nbconvert ipykernel

if command -v node >/dev/null 2>&1 && [ ! -d tests/browser/node_modules/playwright-core ]; then
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
fi

require_browser=0
[ "${CI:-}" = true ] && require_browser=1
cd bindings/python
ALGOSCOPE_REQUIRE_BROWSER="$require_browser" \
  "$venv/bin/python" -m pytest -p no:cacheprovider -q tests
