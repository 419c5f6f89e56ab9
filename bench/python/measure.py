"""Measures the Python tracer on the bench programs: recorded steps per second of CPU time and bytes per
step of the record stream (what crosses from the Python process to the CLI).

Each program runs ``REPEATS`` times; the figure is the median run's CPU time (process time, so
other load on a shared machine counts less than wall time would), with the fastest and slowest
runs beside it to show the spread.

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

REPEATS = 11


def measure(path):
    """``(steps, median steps/s, slowest, fastest, bytes/step)`` of tracing the program at ``path``."""
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    times = []
    steps = size = 0
    for _ in range(REPEATS):
        records = []
        options = Options(max_steps=10**9, time_budget_ms=10**9, loops=find_loops(source))
        started = time.process_time()
        Tracer(source, options, records.append).run()
        times.append(time.process_time() - started)
        steps = sum(1 for r in records if r.startswith(("{\"l\"", "{\"e\"")))
        size = sum(len(r) + 1 for r in records)
    times.sort()
    median = times[len(times) // 2]
    return steps, steps / median, steps / times[-1], steps / times[0], size / steps


def main(paths):
    paths = paths or sorted(glob.glob(os.path.join(HERE, "*.py")))
    paths = [p for p in paths if os.path.basename(p) != "measure.py"]
    print("%-20s %8s %12s %17s %12s" % ("program", "steps", "steps/s", "(slowest-fastest)", "bytes/step"))
    for path in paths:
        steps, rate, slowest, fastest, per_step = measure(path)
        spread = "(%d-%d)" % (slowest, fastest)
        print("%-20s %8d %12.0f %17s %12.1f" % (os.path.basename(path)[:-3], steps, rate, spread, per_step))


if __name__ == "__main__":
    main(sys.argv[1:])
