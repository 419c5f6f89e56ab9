"""Notebook display (mime bundle, marimo) and the %%algoscope cell magic."""

import html
import re

import pytest

import algoscope
from algoscope.magic import run_cell
from conftest import needs_node

CODE = "xs = [5, 2, 9]\nfor i in range(len(xs)):\n    xs[i] *= 2\nprint(xs)\n"


def srcdoc(iframe):
    m = re.fullmatch(r'<iframe [^>]*srcdoc="([^"]*)"></iframe>', iframe)
    assert m, iframe[:200]
    return html.unescape(m.group(1))


def test_mime_bundle():
    t = algoscope.trace(CODE)
    bundle = t._repr_mimebundle_()
    assert set(bundle) == {"text/plain", "text/html", "image/svg+xml"}
    assert bundle["text/plain"] == f"<Trace python {len(t)} steps>"
    assert bundle["image/svg+xml"] == t.svg(-1)
    page = srcdoc(bundle["text/html"])
    assert page == t.html()
    # Everything is inside the iframe's own document: nothing can clash with another trace.
    outside = re.sub(r'srcdoc="[^"]*"', "", bundle["text/html"])
    assert "<script" not in outside and 'sandbox="allow-scripts"' in outside


def test_include_exclude():
    t = algoscope.trace(CODE)
    assert set(t._repr_mimebundle_(include=["text/plain"])) == {"text/plain"}
    assert "image/svg+xml" not in t._repr_mimebundle_(exclude=["image/svg+xml"])


def test_two_traces_are_two_documents():
    a = algoscope.trace(CODE)._repr_mimebundle_()["text/html"]
    b = algoscope.trace("y = {'k': [1]}\n")._repr_mimebundle_()["text/html"]
    assert srcdoc(a) != srcdoc(b)


def test_stepper_options_and_marimo():
    t = algoscope.trace(CODE)
    s = t.stepper(nested=True, height="300px", title="demo")
    assert "height: 300px" in s.iframe() and srcdoc(s.iframe()) == t.html(nested=True, title="demo")
    shown = t._display_()
    mime, data = shown._mime_()
    assert mime == "text/html" and data.startswith("<iframe")
    assert t._mime_()[0] == "text/html"


def test_magic_without_ipython(tmp_path):
    ns = {}
    shown = run_cell("--out u", CODE, ns)
    assert isinstance(shown, algoscope.Stepper) and ns["u"].stdout == "[10, 4, 18]\n"
    svg = run_cell("--view memory --step 1", CODE)
    assert svg._repr_mimebundle_()["image/svg+xml"] == ns["u"].svg(1)
    loops = run_cell("--view loops", CODE)
    assert "algoscope-loop" in loops.svg
    stdin = tmp_path / "in.txt"
    stdin.write_text("7\n")
    ns = {}
    run_cell(f"--stdin {stdin} --max-steps 100 -o v", "n = int(input())\nprint(n + 1)\n", ns)
    assert ns["v"].stdout == "8\n"
    with pytest.raises(algoscope.AlgoscopeError):
        run_cell("--view sideways", CODE)
    with pytest.raises(algoscope.SyntaxError):
        run_cell("", "def f(:\n")


@needs_node
def test_magic_javascript():
    ns = {}
    run_cell("--language js --out j", "let a = [1, 2];\nconsole.log(a.length);\n", ns)
    assert ns["j"].language == "javascript" and ns["j"].stdout == "2\n"


def test_magic_in_ipython():
    shell_module = pytest.importorskip("IPython.core.interactiveshell")
    shell = shell_module.InteractiveShell.instance()
    shell.run_line_magic("load_ext", "algoscope")
    shown = shell.run_cell_magic("algoscope", "--out w", CODE)
    assert isinstance(shown, algoscope.Stepper)
    assert shell.user_ns["w"].stdout == "[10, 4, 18]\n"
    formatted, _ = shell.display_formatter.format(shown)
    assert formatted["text/html"].startswith("<iframe") and "image/svg+xml" in formatted
