"""The shared fixtures traced through Python give the same trace JSON as the command line
(the Rust API), and the same SVG bytes for the same steps."""

import sys

import pytest

import algoscope
from conftest import CONFORMANCE, EXAMPLES, HAS_NODE

PYTHON_PROGRAMS = sorted(EXAMPLES.glob("python/*.py")) + sorted(CONFORMANCE.glob("*.py"))
JS_PROGRAMS = sorted(EXAMPLES.glob("javascript/*.js")) + sorted(EXAMPLES.glob("typescript/*.ts"))
PROGRAMS = PYTHON_PROGRAMS + (JS_PROGRAMS if HAS_NODE else [])


def ids(paths):
    return [f"{p.parent.name}/{p.name}" for p in paths]


@pytest.fixture(scope="module")
def cli_traces(cli, tmp_path_factory):
    """Each program's trace as `algoscope trace` writes it (memoised per program)."""
    out = tmp_path_factory.mktemp("cli-traces")
    cache = {}

    def get(program):
        if program not in cache:
            path = out / (program.parent.name + "-" + program.stem + ".json")
            cli("trace", program, "-o", path, "--python", sys.executable)
            cache[program] = path
        return cache[program]

    return get


@pytest.mark.parametrize("program", PROGRAMS, ids=ids(PROGRAMS))
def test_trace_json_matches_the_cli(program, cli_traces):
    from_cli = cli_traces(program).read_text(encoding="utf-8")
    traced = algoscope.trace_file(program)
    assert from_cli == traced.to_json() + "\n"
    assert len(traced) > 0


@pytest.mark.parametrize("program", PYTHON_PROGRAMS, ids=ids(PYTHON_PROGRAMS))
def test_svgs_are_byte_identical_to_the_cli(program, cli, cli_traces):
    path = cli_traces(program)
    t = algoscope.Trace.from_json(path.read_text(encoding="utf-8"))
    n = len(t)
    for step in sorted({1, n // 2 + 1, n, -1, -n}):
        from_cli = cli("render", path, "--step", step).stdout
        assert t.svg(step) == from_cli, f"memory step {step}"
    nested = cli("render", path, "--step", "last", "--nested").stdout
    assert t.svg(-1, nested=True) == nested
    spans = t.loop_spans()
    if spans:
        step = spans[0][1]  # counted from 1
        from_cli = cli("render", path, "--step", step, "--view", "loops").stdout
        assert t.svg(step, view="loops") == from_cli


def test_a_missing_step_reads_the_same_as_the_cli(cli, cli_traces):
    path = cli_traces(PYTHON_PROGRAMS[0])
    t = algoscope.Trace.from_json(path.read_text(encoding="utf-8"))
    for step in (0, len(t) + 1, -len(t) - 1):
        with pytest.raises(algoscope.StepError) as info:
            t.svg(step)
        assert (info.value.step, info.value.count) == (step, len(t))
        stderr = cli("render", path, "--step", step, check=False).stderr
        assert stderr.strip() == f"algoscope: {path}: {info.value}"


@pytest.mark.skipif(not HAS_NODE, reason="no node on PATH")
@pytest.mark.parametrize("program", JS_PROGRAMS[:3], ids=ids(JS_PROGRAMS[:3]))
def test_js_svgs_match_the_cli(program, cli, cli_traces):
    path = cli_traces(program)
    t = algoscope.trace_file(program)
    assert t.svg(-1) == cli("render", path, "--step", "last").stdout


def test_page_matches_the_cli(cli, cli_traces, tmp_path):
    program = EXAMPLES / "python" / "linked_list.py"
    out = tmp_path / "page.html"
    cli("html", program, "-o", out, "--python", sys.executable)
    assert algoscope.trace_file(program).html() == out.read_text(encoding="utf-8")


def test_default_budgets_are_the_command_lines(cli):
    """`algoscope.limits()` (one source: the facade's TraceOptions) is what
    `algoscope trace --help` gives as defaults, and what a run left to its defaults uses."""
    import re

    helptext = cli("trace", "--help").stdout
    shown = {
        name.replace("-", "_"): int(value)
        for name, value in re.findall(r"--(max-steps|timeout-ms|max-memory-mb|max-output-kb|max-processes) <\w+>.*?\[default: (\d+)\]", helptext)
    }
    limits = algoscope.limits()
    assert shown == {k: v for k, v in limits.items() if k in shown} and len(shown) == 5, (shown, limits)
    assert limits["max_cpu_ms"] is None
    # Left out, the budgets are those: straight-line code stops at exactly max_steps steps.
    t = algoscope.trace("x = 0\n" * (limits["max_steps"] + 100), max_steps=None, timeout_ms=60_000)
    assert t.stopped_by == "steps" and len(t) == limits["max_steps"], (t.stopped_by, len(t))


def test_run_notes_match_the_cli(cli, tmp_path):
    program = tmp_path / "boom.py"
    program.write_text("total = 0\nfor i in range(100):\n    total += i\nprint(1 / 0)\n")
    for budget in (None, 20):
        t = algoscope.trace_file(program, max_steps=budget)
        flags = [] if budget is None else ["--max-steps", budget]
        stderr = cli("trace", program, "-o", tmp_path / "t.json", *flags).stderr
        assert [f"note: {note}" for note in t.notes] == stderr.splitlines()
        assert t.notes, "the run raised or was stopped"


def test_bigo_and_complexity_match_the_cli(cli):
    import json

    program = EXAMPLES / "python" / "bubble_sort.py"
    code = program.read_text(encoding="utf-8")
    from_cli = json.loads(cli("bigo", program, "--json").stdout)
    assert algoscope.bigo(code, filename=program.name) == from_cli
    assert from_cli["complexity"].startswith("O(")
    checked = json.loads(cli("bigo", program, "--check", "--json").stdout)
    assert algoscope.trace_file(program).complexity() == checked
    assert checked["check"] is not None
    with pytest.raises(algoscope.SyntaxError) as info:
        algoscope.bigo("def f(:\n    pass\n")
    assert info.value.line == 1
    with pytest.raises(algoscope.UsageError):
        algoscope.bigo("x = 1\n", "ruby")
