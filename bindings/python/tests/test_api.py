"""The module API: tracing, data, pictures, budgets, input and the error classes."""

import builtins
import gzip
import json
import sys
import time

import pytest

import algoscope
from conftest import EXAMPLES, ROOT, needs_node


def test_version_and_repr():
    assert isinstance(algoscope.__version__, str) and algoscope.__version__
    t = algoscope.trace("xs = [3, 1, 2]\nxs.sort()\nprint(xs)\n")
    assert repr(t) == f"<Trace python {len(t)} steps>"
    assert t.language == "python"
    assert t.stdout == "[1, 2, 3]\n"
    assert t.error is None and not t.truncated and t.stopped_by is None


def test_steps_are_plain_data():
    t = algoscope.trace("a = 1\nb = [a, 2]\n")
    assert isinstance(t.steps, list) and len(t.steps) == len(t)
    json.dumps(t.steps)  # plain data all the way down
    last = t.steps[-1]
    names = [name for name, _ in last["stack"][0]["locals"]]
    assert names == ["a", "b"]


def test_runs_in_a_child_process_with_this_interpreter():
    code = "import os, sys\nexe = sys.executable\npid = os.getpid()\nprint(exe)\n"
    t = algoscope.trace(code)
    assert t.stdout.strip() == sys.executable
    assert "pid" in json.dumps(t.steps[-1])
    import os

    assert str(os.getpid()) not in t.stdout


def test_cannot_touch_the_callers_variables():
    global SECRET
    SECRET = 41
    t = algoscope.trace("try:\n    SECRET += 1\nexcept NameError as e:\n    print('no')\n")
    assert t.stdout == "no\n" and SECRET == 41


def test_a_program_that_raises_is_a_trace():
    t = algoscope.trace("def f():\n    return 1 / 0\nf()\n")
    assert t.error["type"] == "ZeroDivisionError" and t.error["line"] == 2


def test_while_true_is_stopped_within_budget_and_grace():
    start = time.monotonic()
    t = algoscope.trace("while True:\n    pass\n", timeout_ms=800)
    elapsed = time.monotonic() - start
    assert t.truncated and t.stopped_by == "time"
    assert elapsed < 0.8 + algoscope._native.KILL_GRACE_MS / 1000 + 3.0  # + start-up


def test_stuck_builtin_is_killed():
    start = time.monotonic()
    t = algoscope.trace("x = 1\ny = sum(range(10**13))\n", timeout_ms=500)
    elapsed = time.monotonic() - start
    assert t.truncated and t.stopped_by == "time"
    assert elapsed < 0.5 + algoscope._native.KILL_GRACE_MS / 1000 + 3.0


def test_step_budget():
    t = algoscope.trace("x = 0\n" * 200, max_steps=50)
    assert t.truncated and t.stopped_by == "steps" and len(t) <= 50


def test_input_reads_stdin():
    code = "name = input()\nn = int(input())\nprint(name * n)\n"
    assert algoscope.trace(code, stdin="ab\n3\n").stdout == "ababab\n"
    assert algoscope.trace(code, stdin=["xy", "2"]).stdout == "xyxy\n"
    without = algoscope.trace(code)
    assert without.error is not None  # input() with no stdin says how to give some


def test_trace_file_and_call():
    t = algoscope.trace_file(EXAMPLES / "python" / "bubble_sort.py")
    assert t.title == "bubble_sort.py"
    assert t.stdout.startswith("before: 5 1 4 2 8 3")
    t = algoscope.trace("def f(n):\n    return n * 2\n", call="r = f(21)")
    assert t.steps[-1]["stack"][0]["locals"][-1][0] == "r"


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def test_trace_call():
    t = algoscope.trace_call(fib, 5)
    assert t.title == "fib.py"
    depths = [len(s["stack"]) for s in t.steps]
    assert max(depths) >= 5
    last = dict(t.steps[-1]["stack"][0]["locals"])
    assert last["result"]["repr"] == "5"
    with pytest.raises(algoscope.UsageError):
        algoscope.trace_call(fib, object())


def test_svg_views_and_steps():
    t = algoscope.trace_file(EXAMPLES / "python" / "bubble_sort.py")
    assert t.svg().startswith("<svg") and t.svg() == t.svg(len(t))
    assert t.svg(1) == t.svg(-len(t)) != t.svg(-1)
    first, _ = t.loop_spans()[0]
    assert "algoscope-loop" in t.svg(first, view="loops")
    with pytest.raises(algoscope.NoLoopError) as info:
        t.svg(1, view="loops")
    assert info.value.spans and info.value.step == 1
    for missing in (0, len(t) + 1, -len(t) - 1, 2**70):
        with pytest.raises(algoscope.StepError) as info:
            t.svg(missing)
        assert isinstance(info.value, IndexError) and info.value.count == len(t)
        assert info.value.step == missing and f"step {missing} is out" in str(info.value)
        assert "steps 1 to %d" % len(t) in str(info.value)
    assert "B" in t.svg(-1, sizes="python")
    with pytest.raises(algoscope.UsageError) as info:
        t.svg(-1, sizes="big")
    assert info.value.argument == "sizes" and isinstance(info.value, ValueError)


def test_html_and_save(tmp_path):
    t = algoscope.trace("x = [1, 2]\n", filename="mine.py")
    page = t.html()
    assert page.startswith("<!DOCTYPE html>") and "mine.py" in page
    out = t.save_html(tmp_path / "p.html")
    assert open(out, encoding="utf-8").read() == page


def test_json_round_trip():
    t = algoscope.trace_file(EXAMPLES / "python" / "linked_list.py")
    again = algoscope.Trace.from_json(t.to_json())
    assert again.to_json() == t.to_json()
    assert again.svg(-1) == t.svg(-1)
    expanded = json.loads(t.to_json(expanded=True))
    assert not expanded.get("heapDelta")
    assert algoscope.Trace.from_json(t.to_json(pretty=True).encode()).to_json() == t.to_json()


def test_gzip_trace_files_read_back(tmp_path):
    """A `.json.gz` file as `algoscope trace -o t.json.gz` writes it reads as bytes; corrupt
    gzip is an InvalidTraceError, not a crash."""
    t = algoscope.trace_file(EXAMPLES / "python" / "bubble_sort.py")
    packed = gzip.compress(t.to_json().encode())
    assert algoscope.Trace.from_json(packed).to_json() == t.to_json()
    with pytest.raises(algoscope.InvalidTraceError) as info:
        algoscope.Trace.from_json(packed[: len(packed) // 2])
    assert "gzip" in str(info.value)


def test_syntax_error_fields():
    with pytest.raises(algoscope.SyntaxError) as info:
        algoscope.trace("x = 1\nwhile x <\n    pass\n", filename="bad.py")
    e = info.value
    assert isinstance(e, builtins.SyntaxError) and isinstance(e, algoscope.AlgoscopeError)
    assert (e.line, e.column) == (2, 10)
    assert e.message == "Expected an expression"
    assert str(e) == "bad.py:2:10: Expected an expression"
    assert (e.lineno, e.offset, e.filename) == (2, 10, "bad.py")
    assert e.text == "while x <"
    assert e.errors[0] == (2, 10, "Expected an expression")


def test_syntax_error_of_a_file(tmp_path):
    p = tmp_path / "broken.py"
    p.write_text("def f(:\n    pass\n")
    with pytest.raises(algoscope.SyntaxError) as info:
        algoscope.trace_file(p)
    assert info.value.line == 1 and str(p) in str(info.value)


def test_other_errors():
    with pytest.raises(algoscope.UsageError):
        algoscope.trace("x = 1", language="ruby")
    with pytest.raises(algoscope.UsageError):
        algoscope.trace("x = 1", max_steps=0)
    with pytest.raises(algoscope.AlgoscopeError):
        algoscope.trace_file(ROOT / "no-such-file.py")
    with pytest.raises(algoscope.InterpreterError) as info:
        algoscope.trace("x = 1", python="/nonexistent/python3")
    assert info.value.language == "python"


def test_no_node_is_a_clear_error():
    with pytest.raises(algoscope.InterpreterError) as info:
        algoscope.trace("let x = 1;", language="js", node="/nonexistent/node")
    assert info.value.language == "javascript"
    assert "Node.js 18" in str(info.value)


@needs_node
def test_javascript_and_typescript():
    t = algoscope.trace("let xs = [3, 1];\nxs.sort();\nconsole.log(xs.join(','));\n", language="js")
    assert t.language == "javascript" and t.stdout == "1,3\n"
    t = algoscope.trace("const n: number = 2;\nconsole.log(n * 2);\n", language="typescript")
    assert t.language == "typescript" and t.stdout == "4\n"
    with pytest.raises(algoscope.SyntaxError):
        algoscope.trace("let = ;", language="js")
