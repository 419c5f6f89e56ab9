"""algoscope: trace a Python, JavaScript or TypeScript program once and step through its
memory: frames, heap boxes and arrows, loop histories, linked structures, trees, graphs and
grids, as SVG or as a self-contained stepper that displays in any notebook.

>>> import algoscope
>>> t = algoscope.trace("xs = [3, 1, 2]\\nxs.sort()\\n")
>>> t
<Trace python 3 steps>
>>> t.svg(-1).startswith("<svg")
True

The program runs in a child process (this interpreter, ``sys.executable``; ``node`` for
JavaScript and TypeScript) within step and time budgets, never inside the calling
interpreter. In IPython and Jupyter, ``%load_ext algoscope`` adds the ``%%algoscope`` cell
magic. Everything here calls the ``algoscope`` Rust library, the same code as the
``algoscope`` command line.
"""

from ._native import __version__
from ._errors import (
    AlgoscopeError,
    InterpreterError,
    InvalidTraceError,
    NoLoopError,
    StepError,
    SyntaxError,
    UsageError,
)
from ._trace import Stepper, Trace, bigo, limits, trace, trace_call, trace_file

__all__ = [
    "__version__",
    "trace",
    "trace_file",
    "trace_call",
    "limits",
    "bigo",
    "Trace",
    "Stepper",
    "AlgoscopeError",
    "SyntaxError",
    "InvalidTraceError",
    "InterpreterError",
    "StepError",
    "NoLoopError",
    "UsageError",
    "load_ipython_extension",
]


def load_ipython_extension(ipython):  # type: ignore[no-untyped-def]
    """``%load_ext algoscope``: registers the ``%%algoscope`` cell magic."""
    from .magic import register

    register(ipython)
