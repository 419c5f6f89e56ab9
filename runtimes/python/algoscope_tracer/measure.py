"""Measure: runs a program at full speed with counters inserted instead of tracing it.

The program's syntax tree gets one ``__as_m__[i] += 1`` before every statement (counts per
line, for a heat map), at the start of every loop body (passes per loop, ids ``L<line>`` as
the analysis gives them) and at the start of every function body (calls per function). The
counts are written as JSON to the output file at the start, every half second while the
program runs (so a run stopped by the time limit still leaves its progress) and at the end:

    {"seconds": 0.12, "finished": true, "error": null,
     "lines": {"3": 10}, "loops": {"L2": 10}, "calls": {"f": 1}}

Plain Python 3.9+, standard library only.
"""

import ast
import json
import os
import sys
import threading
import time

# Ends with two underscores too, so a class body does not mangle it.
COUNTERS = "__as_m__"


class _Inserter(ast.NodeTransformer):
    """Inserts the counters; ``slots`` maps each counter to its kind and key."""

    def __init__(self):
        self.slots = []
        self.loop_lines = {}

    def _counter(self, kind, key, line):
        index = len(self.slots)
        self.slots.append((kind, key))
        node = ast.AugAssign(
            target=ast.Subscript(
                value=ast.Name(id=COUNTERS, ctx=ast.Load()),
                slice=ast.Constant(value=index),
                ctx=ast.Store(),
            ),
            op=ast.Add(),
            value=ast.Constant(value=1),
        )
        node.lineno = node.end_lineno = line
        node.col_offset = node.end_col_offset = 0
        return ast.fix_missing_locations(node)

    def _body(self, stmts):
        out = []
        for stmt in stmts:
            if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__":
                out.append(stmt)
                continue
            out.append(self._counter("line", str(stmt.lineno), stmt.lineno))
            out.append(self.visit(stmt))
        return out

    def _loop_id(self, line):
        n = self.loop_lines.get(line, 0) + 1
        self.loop_lines[line] = n
        return "L%d" % line if n == 1 else "L%d.%d" % (line, n)

    def generic_visit(self, node):
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None)
            if isinstance(stmts, list) and stmts and isinstance(stmts[0], ast.stmt):
                setattr(node, field, self._body(stmts))
        for field in ("handlers", "cases"):
            for part in getattr(node, field, None) or []:
                part.body = self._body(part.body)
        return node

    def _loop(self, node):
        loop_id = self._loop_id(node.lineno)
        self.generic_visit(node)
        node.body.insert(0, self._counter("loop", loop_id, node.lineno))
        return node

    visit_For = visit_AsyncFor = visit_While = _loop

    def _function(self, node):
        self.generic_visit(node)
        node.body.insert(0, self._counter("call", node.name, node.lineno))
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def visit_Module(self, node):
        node.body = self._body(node.body)
        return node


def _snapshot(slots, counts, started, finished, error):
    lines, loops, calls = {}, {}, {}
    tables = {"line": lines, "loop": loops, "call": calls}
    for (kind, key), count in zip(slots, counts):
        if count:
            table = tables[kind]
            table[key] = table.get(key, 0) + count
    return {
        "seconds": time.perf_counter() - started,
        "finished": finished,
        "error": error,
        "lines": lines,
        "loops": loops,
        "calls": calls,
    }


def _write(path, document):
    partial = path + ".part"
    with open(partial, "w", encoding="utf-8") as f:
        json.dump(document, f)
    os.replace(partial, path)


def main(program_path, out_path, stdin_path=None):
    """Measures the program at ``program_path``; writes the counts to ``out_path``."""
    with open(program_path, encoding="utf-8") as f:
        source = f.read()
    inserter = _Inserter()
    tree = inserter.visit(ast.parse(source, program_path))
    code = compile(tree, program_path, "exec")
    counts = [0] * len(inserter.slots)
    started = time.perf_counter()
    _write(out_path, _snapshot(inserter.slots, counts, started, False, None))
    done = threading.Event()

    def progress():
        while not done.wait(0.5):
            _write(out_path, _snapshot(inserter.slots, counts, started, False, None))

    threading.Thread(target=progress, daemon=True).start()
    if stdin_path:
        sys.stdin = open(stdin_path, encoding="utf-8")
    sys.argv = [program_path]
    sys.path.insert(0, os.getcwd())
    namespace = {"__name__": "__main__", "__file__": program_path, COUNTERS: counts}
    error = None
    started = time.perf_counter()
    try:
        exec(code, namespace)
    except SystemExit:
        pass
    except BaseException as e:  # the program's own error ends the run; it is reported
        error = "%s: %s" % (type(e).__name__, e)
    finished = _snapshot(inserter.slots, counts, started, True, error)
    done.set()
    _write(out_path, finished)


if __name__ == "__main__":
    main(*sys.argv[1:])
