"""Measures the Python tracer on the bench programs: recorded steps per second of CPU time and bytes per
step of the record stream (what crosses from the Python process to the CLI).

Each program runs ``REPEATS`` times; the figure is the median run's CPU time (process time, so
other load on a shared machine counts less than wall time would), with the fastest and slowest
runs beside it to show the spread.

Usage: python3 bench/python/measure.py [--against ROOT] [PROGRAM.py …]   (default: every program here)

``--repeat N --root ROOT PROGRAM`` only traces PROGRAM N times with ROOT's tracer, printing
nothing: ``instructions.sh`` counts what that costs.

``--against ROOT`` also measures the tracer of another checkout (``ROOT/runtimes/python``, say
a ``git worktree`` of an older commit), alternating its runs with this one's so that both see
the same load, and prints both medians and their ratio.
Not a test: prints figures. The tracer runs in this process with its normal budgets lifted.
"""

import glob
import importlib
import importlib.util
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")

REPEATS = 11


def load_tracer(root, name):
    """``(Options, Tracer, find_loops)`` of the tracer package under ``root``, imported as ``name``."""
    path = os.path.join(root, "runtimes", "python", "algoscope_tracer")
    spec = importlib.util.spec_from_file_location(name, os.path.join(path, "__init__.py"), submodule_search_locations=[path])
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    return package.Options, package.Tracer, importlib.import_module(name + ".loops").find_loops


def run_once(tracer, source):
    """``(CPU seconds, steps, bytes)`` of one traced run of ``source``."""
    options_type, tracer_type, find_loops = tracer
    records = []
    options = options_type(max_steps=10**9, time_budget_ms=10**9, loops=find_loops(source))
    started = time.process_time()
    tracer_type(source, options, records.append).run()
    elapsed = time.process_time() - started
    steps = sum(1 for r in records if r.startswith(('{"l"', '{"e"')))
    return elapsed, steps, sum(len(r) + 1 for r in records)


def measure(tracers, path):
    """Per tracer ``(steps, median steps/s, slowest, fastest, bytes/step)`` for the program at
    ``path``; the tracers take turns, each run in the other order than the one before."""
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    runs = [[] for _ in tracers]
    for i in range(REPEATS):
        order = list(range(len(tracers)))
        if i % 2:
            order.reverse()
        for k in order:
            runs[k].append(run_once(tracers[k], source))
    figures = []
    for found in runs:
        times = sorted(elapsed for elapsed, _, _ in found)
        _, steps, size = found[-1]
        median = times[len(times) // 2]
        figures.append((steps, steps / median, steps / times[-1], steps / times[0], size / steps))
    return figures


def main(args):
    if args[:1] == ["--repeat"]:  # --repeat N --root ROOT PROGRAM: runs only (instructions.sh)
        tracer = load_tracer(args[3], "algoscope_tracer")
        with open(args[4], encoding="utf-8") as handle:
            source = handle.read()
        for _ in range(int(args[1])):
            run_once(tracer, source)
        return
    tracers = [load_tracer(ROOT, "algoscope_tracer")]
    if args[:1] == ["--against"]:
        tracers.append(load_tracer(args[1], "algoscope_tracer_against"))
        args = args[2:]
    paths = args or sorted(glob.glob(os.path.join(HERE, "*.py")))
    paths = [p for p in paths if os.path.basename(p) != "measure.py"]
    header = "%-20s %8s %12s %17s %12s" % ("program", "steps", "steps/s", "(slowest-fastest)", "bytes/step")
    print(header + ("   against: steps/s  bytes/step  this/against" if len(tracers) > 1 else ""))
    for path in paths:
        figures = measure(tracers, path)
        steps, rate, slowest, fastest, per_step = figures[0]
        spread = "(%d-%d)" % (slowest, fastest)
        line = "%-20s %8d %12.0f %17s %12.1f" % (os.path.basename(path)[:-3], steps, rate, spread, per_step)
        if len(figures) > 1:
            other = figures[1]
            line += "   %16.0f %11.1f %13.2f" % (other[1], other[4], rate / other[1])
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
