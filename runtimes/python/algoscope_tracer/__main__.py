"""``python3 -m algoscope_tracer REQUEST.json``: trace one program as a request describes.

The request is a JSON object: ``source`` (the program text), ``out`` (the file the records go
to, one JSON line each, written as they are recorded), and optionally ``loops`` and
``indexNames`` (from the static analysis; loops are found with ``ast`` when absent),
``maxSteps``, ``timeBudgetMs``, ``maxOutputBytes``, ``stdin`` (text, or null for none), ``inputHint`` and
``programDir`` (put first on ``sys.path``, as plain ``python3 FILE`` does).
"""

import json
import os
import sys


def main(request_path):
    """Reads the request, runs the program, writes the records; exit status 0 unless broken."""
    with open(request_path, encoding="utf-8") as handle:
        request = json.load(handle)
    from .loops import find_loops
    from .policy import MAX_STEPS, TIME_BUDGET_MS
    from .tracer import Options, Tracer

    fd = os.open(request["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)

    forked = []
    real_settrace = sys.settrace

    def emit(text):
        if forked:  # a child the program forked: only the traced process writes records
            return
        data = (text + "\n").encode("utf-8")
        while data:
            written = os.write(fd, data)
            data = data[written:]

    def in_child():
        forked.append(True)
        real_settrace(None)

    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=in_child)
    loops = request.get("loops")
    if loops is None:
        loops = find_loops(request["source"])
    options = Options(
        max_steps=int(request.get("maxSteps", MAX_STEPS)),
        time_budget_ms=int(request.get("timeBudgetMs", TIME_BUDGET_MS)),
        stdin=request.get("stdin"),
        loops=loops,
        index_names=request.get("indexNames") or {},
        input_hint=request.get("inputHint"),
        max_output_bytes=request.get("maxOutputBytes"),
    )
    program_dir = request.get("programDir")
    if program_dir:
        sys.path.insert(0, program_dir)
    try:
        Tracer(request["source"], options, emit).run()
    except BaseException as error:  # a bug in the tracer itself: say so, never hang
        import traceback

        emit(json.dumps({"fatal": "".join(traceback.format_exception(type(error), error, error.__traceback__))}))
    finally:
        os.close(fd)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.stderr.write("usage: python3 -m algoscope_tracer REQUEST.json\n")
        sys.exit(2)
    main(sys.argv[1])
