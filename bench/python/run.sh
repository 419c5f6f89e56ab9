#!/usr/bin/env bash
# Benchmark of the Python tracer (not a test): steps per second and bytes per step on the
# wire for each program in bench/python. Goal: >= 50,000 steps/s and < 300 bytes/step.
set -euo pipefail
cd "$(dirname "$0")"
exec "${PYTHON:-python3}" measure.py "$@"
