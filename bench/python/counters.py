"""Measure's overhead (not a test): each bench program's CPU time with Measure's counters
inserted (``algoscope_tracer.measure``) against the plain program, median of ``REPEATS``
runs of ``INNER`` executions each (the programs are small), printed as a ratio per program.

Usage: python3 bench/python/counters.py [PROGRAM.py …]   (default: every program here)
"""

import ast
import contextlib
import glob
import io
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "runtimes", "python"))

from algoscope_tracer import measure  # noqa: E402

REPEATS = 7
INNER = 50


def cpu(code, namespace_of):
    times = []
    for _ in range(REPEATS):
        start = time.process_time()
        with contextlib.redirect_stdout(io.StringIO()):
            for _ in range(INNER):
                exec(code, namespace_of())
        times.append(time.process_time() - start)
    return statistics.median(times)


def main(paths):
    print("%-22s %10s %10s %7s" % ("program", "plain ms", "counted ms", "ratio"))
    ratios = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            source = f.read()
        plain = compile(source, path, "exec")
        inserter = measure._Inserter()
        counted = compile(inserter.visit(ast.parse(source, path)), path, "exec")
        slots = len(inserter.slots)
        t_plain = cpu(plain, lambda: {"__name__": "__main__"})
        t_counted = cpu(
            counted, lambda: {"__name__": "__main__", measure.COUNTERS: [0] * slots}
        )
        ratio = t_counted / t_plain
        ratios.append(ratio)
        print(
            "%-22s %10.2f %10.2f %6.2fx"
            % (os.path.basename(path), t_plain * 1000 / INNER, t_counted * 1000 / INNER, ratio)
        )
    print("median ratio: %.2fx" % statistics.median(ratios))


if __name__ == "__main__":
    tools = {"measure.py", "counters.py"}
    programs = [
        p for p in sorted(glob.glob(os.path.join(HERE, "*.py"))) if os.path.basename(p) not in tools
    ]
    main(sys.argv[1:] or programs)
