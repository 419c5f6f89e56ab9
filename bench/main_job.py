"""Measures algoscope's main job on the bench programs: tracing a Python program to a trace file
and building its stepper page, beside the Python tracer alone and (optionally) Python Tutor.
Not a test: prints figures.

Programs: every ``bench/python/*.py`` and ``bench/html/*.py`` program, and
``bench/linked_list_300.py``. For each one row:

- ``tracer``: CPU time (process time) of the Python tracer alone, run in this process as
  ``bench/python/measure.py`` does, with the same budgets as the commands below;
- ``process``: wall time of the tracer process alone, started as the CLI starts it (interpreter
  start-up, tracer import, the run, records written to a file), and trace / process;
- ``trace``: wall time of ``algoscope trace PROG -o OUT.json``, the file's size, and
  trace / tracer (the file is checked with ``algoscope validate``, which gives the step count);
- ``trace gz``: the same written gzip-compressed (``-o OUT.json.gz``): wall time and size;
- ``html``: wall time of ``algoscope html PROG -o OUT.html``, the page's size, and html / trace;
- with ``--pytutor``: wall time of Python Tutor's ``generate_json_trace.py -o PROG`` (compact
  JSON), its size, and our trace file's size (plain and gzip) / its size.

Wall times are the median of ``--repeats`` runs. ``algoscope trace --expanded`` (every step's
full heap) is also run on one program and its size printed. The goals are printed last with the
rows that meet them.

Usage: python3 bench/main_job.py [--bin PATH] [--pytutor DIR] [--repeats N]

``--bin`` is the binary measured (default ``$CARGO_TARGET_DIR/release/algoscope``, else
``target/release/algoscope``; build it with ``cargo build --release -p algoscope-cli``).
``--pytutor`` is a folder holding Python Tutor's ``generate_json_trace.py`` and ``pg_logger.py``
(never committed here); its ``MAX_EXECUTED_LINES`` (1000 upstream) must be raised to at least
``MAX_STEPS`` or its long traces are cut short.
"""

import argparse
import glob
import json
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAX_STEPS = 100_000
TIMEOUT_MS = 60_000
# The interpreter named, so the CLI starts the same python3 as the anchors (a pyenv shim on PATH
# costs a bash process per run).
BUDGETS = ["--max-steps", str(MAX_STEPS), "--timeout-ms", str(TIMEOUT_MS), "--python", sys.executable]
EXPANDED_PROGRAM = "linked_list_300"
GOALS = [  # (name, column, most allowed)
    ("file <= 1/10 of PT's", "file/pt", 0.1),
    ("file.gz <= 1/10 of PT's", "gz/pt", 0.1),
    ("trace <= 2x tracer", "trace/tracer", 2.0),
    ("trace <= 2x the tracer process", "trace/process", 2.0),
    ("html <= 1.5x trace", "html/trace", 1.5),
]


def programs():
    """The programs measured, in order."""
    found = sorted(glob.glob(os.path.join(HERE, "python", "*.py")))
    found += sorted(glob.glob(os.path.join(HERE, "html", "*.py")))
    found.append(os.path.join(HERE, "linked_list_300.py"))
    return [p for p in found if not os.path.basename(p).startswith("measure")]


def default_binary():
    """``$CARGO_TARGET_DIR/release/algoscope``, else ``target/release/algoscope``."""
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
    return os.path.join(target, "release", "algoscope")


def load_tracer():
    """``(Options, Tracer, find_loops)`` of this checkout's tracer, via ``bench/python/measure.py``."""
    spec = importlib.util.spec_from_file_location("measure", os.path.join(HERE, "python", "measure.py"))
    measure = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(measure)
    return measure.load_tracer(ROOT, "algoscope_tracer")


def tracer_seconds(tracer, path):
    """CPU seconds of one in-process traced run of the program at ``path``, with the budgets the
    commands get (so a loop that never ends stops at ``MAX_STEPS`` here too)."""
    options_type, tracer_type, find_loops = tracer
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    records = []
    options = options_type(max_steps=MAX_STEPS, time_budget_ms=TIMEOUT_MS, loops=find_loops(source))
    started = time.process_time()
    tracer_type(source, options, records.append).run()
    return time.process_time() - started


TRACER_BOOTSTRAP = """import sys
sys.path.insert(0, sys.argv[1])
import algoscope_tracer.__main__ as entry
entry.main(sys.argv[2])
"""


def tracer_process_seconds(path, tmp, repeats):
    """Median wall seconds of the tracer process alone, as the CLI starts it (``python3 -c
    BOOTSTRAP RUNTIME REQUEST.json`` writing its records to a file, ``PYTHONHASHSEED=0``), with
    the same budgets and no static analysis handed over (the tracer finds the loops itself)."""
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    request = os.path.join(tmp, "request.json")
    with open(request, "w", encoding="utf-8") as handle:
        json.dump({"out": os.path.join(tmp, "records.ndjson"), "maxSteps": MAX_STEPS,
                   "timeBudgetMs": TIMEOUT_MS, "stdin": None, "source": source,
                   "programDir": os.path.dirname(path)}, handle)
    command = [sys.executable, "-c", TRACER_BOOTSTRAP, os.path.join(ROOT, "runtimes", "python"), request]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    return median_wall(command, repeats, env=env)[0]


def run(command, cwd=None, timeout=None, env=None):
    """``(wall seconds, stdout bytes)`` of one run of ``command``; raises with its stderr if it fails."""
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, timeout=timeout, env=env)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {message[-1] if message else ''}")
    return elapsed, done.stdout


def median_wall(command, repeats, **kwargs):
    """``(median wall seconds, stdout of the last run)`` of ``repeats`` runs of ``command``."""
    runs = [run(command, **kwargs) for _ in range(repeats)]
    return statistics.median(t for t, _ in runs), runs[-1][1]


def validated_steps(binary, trace):
    """The step count ``algoscope validate`` reports for ``trace``; raises unless it says ok."""
    _, out = run([binary, "validate", trace])
    text = out.decode().strip()
    if not text.startswith("ok"):
        raise RuntimeError(f"validate {trace}: {text}")
    return int(text.split()[1])


def pytutor_json(pytutor, program, out, repeats):
    """``(median wall seconds, bytes)`` of Python Tutor's compact trace of ``program``, written to ``out``."""
    command = [sys.executable, "generate_json_trace.py", "-o", program]
    wall, stdout = median_wall(command, repeats, cwd=pytutor, timeout=900)
    with open(out, "wb") as handle:
        handle.write(stdout)
    return wall, len(stdout)


def measure(args, tracer, program, tmp):
    """The row of figures (a dict) for ``program``."""
    name = os.path.splitext(os.path.basename(program))[0]
    trace, page = os.path.join(tmp, name + ".json"), os.path.join(tmp, name + ".html")
    row = {"program": name}
    row["tracer"] = statistics.median(tracer_seconds(tracer, program) for _ in range(args.repeats))
    row["process"] = tracer_process_seconds(program, tmp, args.repeats)
    row["trace"], _ = median_wall([args.bin, "trace", program, "-o", trace, *BUDGETS], args.repeats)
    row["file"] = os.path.getsize(trace)
    row["steps"] = validated_steps(args.bin, trace)
    packed = trace + ".gz"
    row["trace gz"], _ = median_wall([args.bin, "trace", program, "-o", packed, *BUDGETS], args.repeats)
    row["gz"] = os.path.getsize(packed)
    validated_steps(args.bin, packed)  # a separate run: a time-bound program's steps differ
    row["html"], _ = median_wall([args.bin, "html", program, "-o", page, *BUDGETS], args.repeats)
    row["page"] = os.path.getsize(page)
    row["trace/tracer"] = row["trace"] / row["tracer"]
    row["trace/process"] = row["trace"] / row["process"]
    row["html/trace"] = row["html"] / row["trace"]
    if args.pytutor:
        row["pt"], row["pt bytes"] = pytutor_json(args.pytutor, program, os.path.join(tmp, name + ".pt.json"), args.repeats)
        row["file/pt"] = row["file"] / row["pt bytes"]
        row["gz/pt"] = row["gz"] / row["pt bytes"]
    return row


COLUMNS = [  # (key, heading, width, format)
    ("program", "program", 16, "{}"),
    ("steps", "steps", 6, "{}"),
    ("tracer", "tracer ms", 9, "ms"),
    ("trace", "trace ms", 9, "ms"),
    ("file", "file B", 9, "{}"),
    ("trace/tracer", "tr/tracer", 9, "{:.2f}"),
    ("process", "proc ms", 8, "ms"),
    ("trace/process", "tr/proc", 7, "{:.2f}"),
    ("trace gz", "tr.gz ms", 9, "ms"),
    ("gz", "gz B", 8, "{}"),
    ("html", "html ms", 9, "ms"),
    ("page", "page B", 9, "{}"),
    ("html/trace", "html/tr", 7, "{:.2f}"),
    ("pt", "PT ms", 9, "ms"),
    ("pt bytes", "PT B", 10, "{}"),
    ("file/pt", "file/PT", 7, "{:.3f}"),
    ("gz/pt", "gz/PT", 7, "{:.3f}"),
]


def columns(pytutor):
    """The columns printed: the Python Tutor ones only with ``--pytutor``."""
    return [c for c in COLUMNS if pytutor or not c[0].startswith(("pt", "file/pt", "gz/pt"))]


def cell(row, key, width, fmt):
    """One right-aligned (the program name: left-aligned) cell of ``row``."""
    if key not in row:
        return "-".rjust(width)
    value = row[key]
    text = f"{value * 1000:.0f}" if fmt == "ms" else fmt.format(value)
    return text.ljust(width) if key == "program" else text.rjust(width)


def print_line(cells):
    """A table line of already-padded cells."""
    print("  ".join(cells), flush=True)


def print_expanded(binary, program, tmp, delta_size):
    """Traces ``program`` with ``--expanded``, validates it and prints its size beside the delta file's."""
    out = os.path.join(tmp, "expanded.json")
    wall, _ = run([binary, "trace", "--expanded", program, "-o", out, *BUDGETS])
    steps = validated_steps(binary, out)
    size = os.path.getsize(out)
    print(f"--expanded {os.path.basename(program)}: {size} B ({steps} steps, {wall * 1000:.0f} ms), "
          f"{size / delta_size:.2f}x the heap-delta file ({delta_size} B)")


def print_goals(rows, pytutor):
    """Each goal with the rows that meet it."""
    print("goals:")
    for name, key, most in GOALS:
        if key in ("file/pt", "gz/pt") and not pytutor:
            print(f"  {name}: (no --pytutor)")
            continue
        met = [r["program"] for r in rows if key in r and r[key] <= most]
        missed = [r["program"] for r in rows if key in r and r[key] > most]
        print(f"  {name}: met by {len(met)}/{len(met) + len(missed)}: {', '.join(met) or '-'}")
        if missed:
            print(f"    missed: {', '.join(missed)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=default_binary())
    parser.add_argument("--pytutor", help="folder of Python Tutor's generate_json_trace.py")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    tracer = load_tracer()
    shown = columns(args.pytutor)
    print(f"binary: {args.bin}; budgets: {' '.join(BUDGETS)}; median of {args.repeats} run(s)")
    print_line(h.ljust(w) if k == "program" else h.rjust(w) for k, h, w, _ in shown)
    rows, failures = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for program in programs():
            try:
                row = measure(args, tracer, program, tmp)
            except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
                failures.append(f"{os.path.basename(program)}: {error}")
                continue
            rows.append(row)
            print_line(cell(row, k, w, f) for k, _, w, f in shown)
        delta = next((r["file"] for r in rows if r["program"] == EXPANDED_PROGRAM), None)
        if delta:
            try:
                print_expanded(args.bin, os.path.join(HERE, EXPANDED_PROGRAM + ".py"), tmp, delta)
            except (RuntimeError, OSError) as error:
                failures.append(f"--expanded: {error}")
    print_goals(rows, args.pytutor)
    for failure in failures:
        print("FAILED " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
