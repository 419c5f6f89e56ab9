"""A real notebook run: tests/notebook.ipynb executed by nbclient (the API and the magic),
exported with nbconvert to static HTML, and that export clicked in headless Chromium with no
kernel (click_notebook.mjs): Next moves the step and the SVG changes.

The browser part needs node, Chromium and tests/browser's playwright-core (npm ci there);
without them it is skipped, unless ALGOSCOPE_REQUIRE_BROWSER=1 (CI) makes that a failure."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT

HERE = Path(__file__).resolve().parent
NOTEBOOK = HERE / "notebook.ipynb"


@pytest.fixture(scope="module")
def executed():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}
    )
    client.execute()
    return nb


def outputs(cell):
    return [o for o in cell.get("outputs", []) if o.get("output_type") != "stream"]


def test_notebook_runs_and_displays(executed):
    code = [c for c in executed.cells if c.cell_type == "code"]
    for cell in code:
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, errors
    shown = outputs(code[0])[0]["data"]
    assert shown["text/plain"].startswith("<Trace python ")
    assert shown["text/html"].startswith('<iframe class="algoscope-stepper"')
    assert shown["image/svg+xml"].startswith("<svg")
    magic = outputs(code[2])[0]["data"]
    assert magic["text/html"].startswith("<iframe")
    memory = outputs(code[3])[0]["data"]
    assert "text/html" not in memory and memory["image/svg+xml"].startswith("<svg")
    printed = "".join(o.get("text", "") for o in code[4].outputs)
    assert "<Trace python" in printed and "[10, 4, 18]" in printed


def browser_ready():
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    playwright = ROOT / "tests" / "browser" / "node_modules" / "playwright-core"
    missing = [
        what
        for what, ok in [
            ("node", shutil.which("node") is not None),
            (chromium, Path(chromium).exists()),
            ("tests/browser/node_modules (npm ci)", playwright.is_dir()),
        ]
        if not ok
    ]
    return missing


def test_static_export_steps_in_chromium(executed, tmp_path):
    nbconvert = pytest.importorskip("nbconvert")
    body, _ = nbconvert.HTMLExporter().from_notebook_node(executed)
    export = tmp_path / "notebook.html"
    export.write_text(body, encoding="utf-8")
    assert body.count('<iframe class="algoscope-stepper"') == 2
    missing = browser_ready()
    if missing:
        if os.environ.get("ALGOSCOPE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"browser test needs {', '.join(missing)}")
        pytest.skip(f"no {', '.join(missing)}")
    run = subprocess.run(
        ["node", str(HERE / "click_notebook.mjs"), str(export), "2"],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count('"changed":true') == 2, run.stdout
