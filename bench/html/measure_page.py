"""Measures how long ``algoscope html`` takes to build the stepper page of long loops, and how
big the page is. Not a test: prints figures.

Programs: ``while_true.py`` (a loop that never ends: the time budget stops it, after about
5,000 recorded steps, most passes sampled), ``bubble_sort_40.py`` (nested loops, a 40-item list
in every row, 2,428 steps) and ``../python/linked_list_50.py`` (a linked list built, then
reversed: the loop history's linked track, 563 steps). Each is traced once with the default
budgets (so the while-True trace's length depends on the machine's speed: its step count is
printed); then its page is built ``--repeats`` times from that trace and the median run's CPU
time (user + system of the child, so other load on a shared machine counts less than wall time
would) and wall time are printed with the page's size.

Usage: python3 bench/html/measure_page.py [--bin PATH] [--against PATH] [--repeats N]

``--bin`` is the binary measured (default ``target/release/algoscope``; build it with
``cargo build --release -p algoscope-cli``). ``--against`` also measures another binary (an
older build, say), alternating its runs with the first one's so both see the same load, and
prints both medians and their ratio.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
PROGRAMS = [
    os.path.join(HERE, "while_true.py"),
    os.path.join(HERE, "bubble_sort_40.py"),
    os.path.join(ROOT, "bench", "python", "linked_list_50.py"),
]


def child_cpu():
    """CPU seconds (user + system) used so far by waited-for children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build_page(binary, trace, out):
    """``(CPU seconds, wall seconds, page bytes)`` of one ``algoscope html`` run."""
    cpu, wall = child_cpu(), time.perf_counter()
    subprocess.run([binary, "html", trace, "-o", out], check=True, stdout=subprocess.DEVNULL)
    cpu, wall = child_cpu() - cpu, time.perf_counter() - wall
    return cpu, wall, os.path.getsize(out)


def steps_of(trace):
    """The number of recorded steps in a trace file."""
    with open(trace, encoding="utf-8") as f:
        return len(json.load(f)["steps"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "algoscope"))
    parser.add_argument("--against")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    binaries = [args.bin] + ([args.against] if args.against else [])
    with tempfile.TemporaryDirectory() as tmp:
        for k, b in enumerate(binaries):
            print(f"binary {k + 1}: {b}")
        header = f"{'program':<20} {'steps':>6}"
        for k in range(len(binaries)):
            header += f" | {k + 1}: cpu s   wall s   page KB"
        if args.against:
            header += " | cpu 2 / 1"
        print(header)
        for program in PROGRAMS:
            name = os.path.splitext(os.path.basename(program))[0]
            trace = os.path.join(tmp, name + ".json")
            subprocess.run(
                [args.bin, "trace", program, "-o", trace],
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            runs = {b: [] for b in binaries}
            for _ in range(args.repeats):
                for k, b in enumerate(binaries):
                    runs[b].append(build_page(b, trace, os.path.join(tmp, f"{name}.{k}.html")))
            line = f"{name:<20} {steps_of(trace):>6}"
            medians = []
            for b in binaries:
                cpu = statistics.median(r[0] for r in runs[b])
                wall = statistics.median(r[1] for r in runs[b])
                size = runs[b][-1][2] / 1024
                medians.append(cpu)
                line += f" |    {cpu:6.2f}  {wall:7.2f}  {size:8.0f}"
            if args.against:
                line += f" | {medians[1] / medians[0]:8.2f}x"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
