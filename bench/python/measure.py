"""Measures the Python tracer on the bench programs: recorded steps per second of CPU time and bytes per
step of the record stream (what crosses from the Python process to the CLI).

Usage: python3 bench/python/measure.py [PROGRAM.py …]   (default: every program here)
Not a test: prints figures. The tracer runs in this process with its normal budgets lifted.
"""

import glob
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "runtimes", "python"))

from algoscope_tracer import Options, Tracer  # noqa: E402
from algoscope_tracer.loops import find_loops  # noqa: E402

REPEATS = 5


def measure(path):
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    best = None
    for _ in range(REPEATS):
        records = []
        options = Options(max_steps=10**9, time_budget_ms=10**9, loops=find_loops(source))
        started = time.process_time()
        Tracer(source, options, records.append).run()
        elapsed = time.process_time() - started
        steps = sum(1 for r in records if r.startswith(("{\"l\"", "{\"e\"")))
        size = sum(len(r) + 1 for r in records)
        if best is None or elapsed < best[0]:
            best = (elapsed, steps, size)
    elapsed, steps, size = best
    return steps, steps / elapsed, size / steps


def main(paths):
    paths = paths or sorted(glob.glob(os.path.join(HERE, "*.py")))
    paths = [p for p in paths if os.path.basename(p) != "measure.py"]
    print("%-20s %8s %12s %12s" % ("program", "steps", "steps/s", "bytes/step"))
    for path in paths:
        steps, rate, per_step = measure(path)
        print("%-20s %8d %12.0f %12.1f" % (os.path.basename(path)[:-3], steps, rate, per_step))


if __name__ == "__main__":
    main(sys.argv[1:])
