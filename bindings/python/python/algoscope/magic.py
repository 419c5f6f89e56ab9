"""The ``%%algoscope`` cell magic (``%load_ext algoscope``).

::

    %%algoscope [--stdin FILE] [--max-steps N] [--timeout-ms N] [--nested]
                [--view page|memory|loops] [--step N] [--language python|js|ts]
                [--sizes python|textbook|v8] [--height CSS] [--out NAME]

traces the cell's code in a child process (it does not see the notebook's variables, nor
change them) and displays the stepper page; ``--view memory`` / ``--view loops`` display
one step's SVG instead (``--step N``: from 1 as the page counts them, negative from the
end; default the last step, for ``loops`` the last step where a loop runs). ``--out NAME`` also stores the :class:`algoscope.Trace` in the
notebook's variable ``NAME``.
"""

from __future__ import annotations

import argparse
import shlex
from typing import Any, List, Optional

from ._errors import AlgoscopeError
from ._trace import Stepper, Trace, limits, trace


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="%%algoscope", add_help=False)
    p.add_argument("--stdin", metavar="FILE")
    # Left out: the native defaults (algoscope.limits(), the command line's).
    p.add_argument("--max-steps", type=int, default=None, help="default: %d" % limits()["max_steps"])
    p.add_argument("--timeout-ms", type=int, default=None, help="default: %d" % limits()["timeout_ms"])
    p.add_argument("--nested", action="store_true")
    p.add_argument("--view", choices=["page", "memory", "loops"], default="page")
    p.add_argument("--step", type=int, default=None)
    p.add_argument("--language", "--lang", default="python")
    p.add_argument("--sizes", default=None)
    p.add_argument("--height", default="640px")
    p.add_argument("--out", "-o", metavar="NAME", default=None)
    return p


class _SVG:
    """An SVG document for display (IPython's ``SVG`` would parse and re-serialise it)."""

    def __init__(self, svg: str, text: str) -> None:
        self.svg = svg
        self.text = text

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        return {"image/svg+xml": self.svg, "text/plain": self.text}

    def _mime_(self) -> tuple:
        return ("image/svg+xml", self.svg)

    def __repr__(self) -> str:
        return self.text


def _last_loop_step(t: Trace) -> Optional[int]:
    spans = t.loop_spans()
    return spans[-1][1] if spans else None


def run_cell(line: str, cell: str, user_ns: Optional[dict] = None) -> Any:
    """What ``%%algoscope LINE`` shows for ``cell`` (the magic without IPython)."""
    try:
        args = _parser().parse_args(shlex.split(line))
    except SystemExit:
        raise AlgoscopeError(
            f"%%algoscope: bad arguments {line!r}; usage: " + _parser().format_usage()
        ) from None
    stdin = None
    if args.stdin is not None:
        with open(args.stdin, encoding="utf-8") as f:
            stdin = f.read()
    t = trace(
        cell,
        language=args.language,
        stdin=stdin,
        max_steps=args.max_steps,
        timeout_ms=args.timeout_ms,
        filename="cell",
    )
    if args.out and user_ns is not None:
        user_ns[args.out] = t
    if args.view == "page":
        return Stepper(t, nested=args.nested, sizes=args.sizes, height=args.height)
    if args.view == "memory":
        step = -1 if args.step is None else args.step
        svg = t.svg(step, nested=args.nested, sizes=args.sizes)
    else:
        step = args.step if args.step is not None else _last_loop_step(t)
        if step is None:
            step = -1  # no loop anywhere: the NoLoopError says so
        svg = t.svg(step, view="loops", sizes=args.sizes)
    return _SVG(svg, f"{t!r} {args.view} at step {step}")


def register(ipython: Any) -> None:
    """Registers ``%%algoscope`` with an IPython shell."""

    def algoscope(line: str, cell: str) -> Any:
        return run_cell(line, cell, ipython.user_ns)

    algoscope.__doc__ = __doc__
    ipython.register_magic_function(algoscope, magic_kind="cell", magic_name="algoscope")


__all__: List[str] = ["register", "run_cell"]
