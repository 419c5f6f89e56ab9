"""The installed package itself: it imports with no Rust toolchain on PATH, ships the
repository's one Python tracer inside its native module (no copy of its own), and its tiny
command line writes a page."""

import os
import subprocess
import sys
from pathlib import Path

import algoscope
from conftest import EXAMPLES, ROOT

PACKAGE = Path(algoscope.__file__).resolve().parent


def test_imports_without_a_toolchain(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CARGO", "RUST"))}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if ".cargo" not in p)
    code = "import algoscope, shutil; assert shutil.which('cargo') is None; print(algoscope.trace('x = 1').stdout == '')"
    run = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "True", run.stderr


def test_installed_not_imported_from_the_checkout():
    assert ROOT / "bindings" / "python" / "python" not in PACKAGE.parents or os.environ.get(
        "ALGOSCOPE_DEVELOP"
    )


def test_the_tracer_is_the_runtimes_copy():
    tracer = ROOT / "runtimes" / "python" / "algoscope_tracer"
    assert not list(PACKAGE.rglob("algoscope_tracer*")), "the package has a tracer of its own"
    native = [p for p in PACKAGE.iterdir() if p.name.startswith("_native") and p.suffix in (".so", ".pyd")]
    assert len(native) == 1
    blob = native[0].read_bytes()
    sources = sorted(tracer.glob("*.py"))
    assert sources
    for source in sources:
        text = source.read_text(encoding="utf-8")
        assert text.encode("utf-8") in blob, f"{source.name} is not embedded as it is"


def test_python_m_algoscope(tmp_path):
    out = tmp_path / "page.html"
    program = EXAMPLES / "python" / "linked_list.py"
    run = subprocess.run(
        [sys.executable, "-m", "algoscope", str(program), "-o", str(out)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str(out)
    assert out.read_text(encoding="utf-8") == algoscope.trace_file(program).html()
    bad = tmp_path / "bad.py"
    bad.write_text("while x <\n")
    run = subprocess.run([sys.executable, "-m", "algoscope", str(bad)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 2 and "bad.py:1:10:" in run.stderr
    svg = tmp_path / "last.svg"
    run = subprocess.run(
        [sys.executable, "-m", "algoscope", str(program), "--svg", "-o", str(svg)], capture_output=True, text=True
    )
    assert run.returncode == 0 and svg.read_text(encoding="utf-8").startswith("<svg")
