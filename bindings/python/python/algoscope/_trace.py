"""``trace``, ``trace_file``, ``trace_call`` and :class:`Trace`: thin Python over the native
module, which calls the ``algoscope`` Rust library (the same code as the command line)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _native
from ._errors import AlgoscopeError, NativeError, StepError, UsageError, translate

__all__ = ["Trace", "trace", "trace_file", "trace_call", "Stepper"]

_LANGUAGES = {
    "python": "python",
    "py": "python",
    "javascript": "javascript",
    "js": "javascript",
    "typescript": "typescript",
    "ts": "typescript",
}
_EXTENSION = {"python": "py", "javascript": "js", "typescript": "ts"}

PathLike = Union[str, "os.PathLike[str]"]


def _no_child_process() -> None:
    # Pyodide (and other WebAssembly Pythons) cannot start a process: tracing needs one.
    if sys.platform in ("emscripten", "wasi"):
        raise AlgoscopeError(
            "tracing runs the program in a child process, which this Python "
            f"({sys.platform}) cannot start; trace it elsewhere and load the JSON with "
            "algoscope.Trace.from_json"
        )


def _default_python(python: Optional[PathLike]) -> Optional[str]:
    """The interpreter the program runs under: ``python``, else this one (``sys.executable``),
    else ``python3`` on PATH (an embedded Python may have no executable)."""
    if python is not None:
        return os.fspath(python)
    exe = sys.executable
    if exe and os.path.isfile(exe):
        return exe
    return None


def _stdin_text(stdin: Union[None, str, Iterable[str]]) -> Optional[str]:
    if stdin is None or isinstance(stdin, str):
        return stdin
    return "".join(line if line.endswith("\n") else line + "\n" for line in stdin)


def _check_limit(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise UsageError(f"{name} must be a non-negative integer (0: no limit), not {value!r}", argument=name)
    return value


def _limits(
    max_steps: Optional[int],
    timeout_ms: Optional[int],
    max_memory_mb: Optional[int],
    max_output_kb: Optional[int],
    max_cpu_ms: Optional[int],
    max_processes: Optional[int],
) -> dict:
    """The budgets and limits given, checked; ``None`` (left out) is the native default
    (:func:`algoscope.limits`, the command line's)."""
    checked = {
        "max_steps": (_check_budget, max_steps),
        "timeout_ms": (_check_budget, timeout_ms),
        "max_memory_mb": (_check_limit, max_memory_mb),
        "max_output_kb": (_check_limit, max_output_kb),
        "max_cpu_ms": (_check_budget, max_cpu_ms),
        "max_processes": (_check_limit, max_processes),
    }
    return {name: None if value is None else check(name, value) for name, (check, value) in checked.items()}


def limits() -> dict:
    """The budgets and limits a run gets for the arguments left out: ``max_steps``,
    ``timeout_ms``, ``max_memory_mb``, ``max_output_kb``, ``max_cpu_ms`` (``None``: the time
    budget plus 3 s) and ``max_processes``; the command line's defaults, from the native
    module (one source for every front end)."""
    return dict(_native.limits())


def bigo(
    code: str,
    language: str = "python",
    *,
    filename: Optional[str] = None,
    function: Optional[str] = None,
) -> Dict[str, Any]:
    """The Big-O estimate of ``code`` from its code alone, without running it: the dict
    ``algoscope bigo PROGRAM --json`` prints (``complexity``, ``complexityText``, ``sizes``
    and per function its ``complexity`` and ``explanation``; schema/complexity.schema.json),
    only ``function`` when given. A program that does not parse raises
    :class:`algoscope.SyntaxError`. :meth:`Trace.complexity` checks the estimate against a run."""
    if not isinstance(code, str):
        raise UsageError(f"code must be a str, not {type(code).__name__}", argument="code")
    name = filename if filename is not None else "<program>"
    try:
        text = _native.bigo_json(code, str(language), name, function=function)
    except NativeError as error:
        raise translate(error, code) from None
    return json.loads(text)


def _check_budget(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UsageError(f"{name} must be a positive integer, not {value!r}", argument=name)
    return value


def trace(
    code: str,
    *,
    language: str = "python",
    stdin: Union[None, str, Iterable[str]] = None,
    max_steps: Optional[int] = None,
    timeout_ms: Optional[int] = None,
    filename: Optional[str] = None,
    call: Optional[str] = None,
    python: Optional[PathLike] = None,
    node: Optional[PathLike] = None,
    max_memory_mb: Optional[int] = None,
    max_output_kb: Optional[int] = None,
    max_cpu_ms: Optional[int] = None,
    max_processes: Optional[int] = None,
) -> "Trace":
    """Runs ``code`` once in a child process under its language's tracer and returns its
    :class:`Trace`.

    The program runs under this interpreter (``sys.executable``; ``python=`` picks another)
    or, for ``language="javascript"``/``"typescript"``, under ``node`` (``node=`` picks
    one), with the same budgets as the command line: ``max_steps`` recorded steps and
    ``timeout_ms`` of run time, the process killed if it is still running a second past it,
    and the same resource limits: ``max_memory_mb``, ``max_output_kb`` printed,
    ``max_cpu_ms`` (the time budget plus 3 s) and ``max_processes`` running at once (the
    defaults: :func:`algoscope.limits`), 0 for no limit; hitting one stops the run with every step before it
    (``Trace.stopped_by`` is ``"memory"``, ``"output"``, ``"cpu"`` or ``"processes"``).
    It cannot see or change this interpreter's variables. ``stdin`` is what ``input()``
    reads (a string, or lines). ``call`` is appended as the program's last line (``call="f(3)"``:
    trace the definitions, then that call). ``filename`` names the program in messages and
    on the page.

    Raises :class:`algoscope.SyntaxError` when the code does not parse,
    :class:`algoscope.InterpreterError` when there is no usable interpreter, and
    :class:`algoscope.AlgoscopeError` for anything else that leaves nothing to show. A
    program that raises or runs out of a budget is not an exception: see ``Trace.error``,
    ``Trace.truncated`` and ``Trace.stopped_by``.
    """
    if not isinstance(code, str):
        raise UsageError(f"code must be a str, not {type(code).__name__}", argument="code")
    lang = _LANGUAGES.get(str(language).lower())
    if lang is None:
        raise UsageError(
            f"unknown language `{language}`: expected python, javascript or typescript",
            argument="language",
        )
    if call is not None:
        if code and not code.endswith("\n"):
            code += "\n"
        code += call.rstrip("\n") + "\n"
    _no_child_process()
    name = filename if filename is not None else f"<{lang}>"
    try:
        native = _native.trace_source(
            code,
            lang,
            name,
            stdin=_stdin_text(stdin),
            python=_default_python(python),
            node=None if node is None else os.fspath(node),
            **_limits(max_steps, timeout_ms, max_memory_mb, max_output_kb, max_cpu_ms, max_processes),
        )
    except NativeError as error:
        raise translate(error, code) from None
    title = filename if filename is not None else f"program.{_EXTENSION[lang]}"
    return Trace(native, title=title)


def trace_file(
    path: PathLike,
    *,
    stdin: Union[None, str, Iterable[str]] = None,
    max_steps: Optional[int] = None,
    timeout_ms: Optional[int] = None,
    python: Optional[PathLike] = None,
    node: Optional[PathLike] = None,
    max_memory_mb: Optional[int] = None,
    max_output_kb: Optional[int] = None,
    max_cpu_ms: Optional[int] = None,
    max_processes: Optional[int] = None,
) -> "Trace":
    """Traces the program file at ``path`` as :func:`trace` does, its language from the
    extension (``.py``; ``.js``, ``.mjs``, ``.cjs``; ``.ts``, ``.mts``, ``.cts``) and its
    folder first on the module search path, as ``algoscope trace FILE`` does."""
    _no_child_process()
    path = os.fspath(path)
    try:
        native = _native.trace_file(
            path,
            stdin=_stdin_text(stdin),
            python=_default_python(python),
            node=None if node is None else os.fspath(node),
            **_limits(max_steps, timeout_ms, max_memory_mb, max_output_kb, max_cpu_ms, max_processes),
        )
    except NativeError as error:
        source = None
        try:
            with open(path, encoding="utf-8") as f:
                source = f.read()
        except (OSError, UnicodeDecodeError):
            pass
        raise translate(error, source) from None
    return Trace(native, title=os.path.basename(path))


def trace_call(fn: Any, *args: Any, **kwargs: Any) -> "Trace":
    """Traces one call of the Python function ``fn``: its source (``inspect.getsource``),
    then ``result = fn(*args, **kwargs)``, in a child process as :func:`trace` does.

    The arguments are written into the program by ``repr``, so they must be literals
    (numbers, strings, lists, dicts, tuples, sets, ``None``...). Only ``fn``'s own source
    is traced: helpers and imports it uses must be in it (or trace a whole program with
    :func:`trace`). Keyword arguments of :func:`trace` are not accepted here; use
    ``trace(source, call=...)`` for budgets or input.
    """
    import ast
    import inspect
    import textwrap

    name = getattr(fn, "__name__", None)
    if not callable(fn) or not name or not name.isidentifier():
        raise UsageError(f"{fn!r} is not a named function", argument="fn")
    try:
        source = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError) as error:
        raise UsageError(f"no source for {name}: {error}", argument="fn") from None
    parts: List[str] = []
    for i, value in enumerate(list(args) + list(kwargs.values())):
        text = repr(value)
        try:
            ast.literal_eval(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise UsageError(
                f"argument {i + 1} ({text[:40]}) has no literal repr to write into the program",
                argument="args",
            ) from None
        parts.append(text)
    names = [f"{k}=" for k in kwargs]
    rendered = parts[: len(args)] + [k + v for k, v in zip(names, parts[len(args) :])]
    call = f"result = {name}({', '.join(rendered)})"
    filename = f"{name}.py"
    return trace(source, call=call, filename=filename)


class Trace:
    """One recorded run: its steps, output and error, and its pictures.

    A step argument (``svg(step)``, ``save_svg``) is numbered as the stepper page, the
    command line and the Node and wasm packages number it: from 1, negative from the end
    (``-1`` is the last step); ``trace.steps`` is a list, so step ``n`` is
    ``trace.steps[n - 1]``. In a notebook a ``Trace`` displays as
    the stepper page (``_repr_mimebundle_``: an ``<iframe srcdoc>`` that needs no kernel,
    no server and no network), with the last step's SVG and ``<Trace python 42 steps>`` as
    the other representations.
    """

    __slots__ = ("_native", "_title", "_steps")

    def __init__(self, native: Any, *, title: str = "trace") -> None:
        self._native = native
        self._title = title
        self._steps: Optional[List[Dict[str, Any]]] = None

    # --- data -------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._native)

    def __repr__(self) -> str:
        n = len(self)
        return f"<Trace {self.language} {n} step{'' if n == 1 else 's'}>"

    @property
    def language(self) -> str:
        """``python``, ``javascript`` or ``typescript``."""
        return self._native.language

    @property
    def title(self) -> str:
        """The name shown on the page (the file name, or ``program.py``)."""
        return self._title

    @property
    def source(self) -> str:
        """The program text exactly as run."""
        return self._native.source

    @property
    def stdout(self) -> str:
        """Everything the program printed."""
        return self._native.stdout

    @property
    def error(self) -> Optional[Dict[str, Any]]:
        """The uncaught error that ended the program (``{"type", "message", "line"}``), or
        ``None``."""
        text = self._native.error_json()
        return None if text is None else json.loads(text)

    @property
    def truncated(self) -> bool:
        """Whether a budget cut the run short (see ``stopped_by``)."""
        return self._native.truncated

    @property
    def stopped_by(self) -> Optional[str]:
        """The budget that stopped a truncated run (``"steps"``, ``"time"``, ``"memory"``,
        ``"output"``, ``"cpu"``, ``"processes"``), else ``None``."""
        return self._native.stopped_by

    def complexity(self) -> Optional[Dict[str, Any]]:
        """The program's Big-O estimate (as :func:`algoscope.bigo`) checked against this run:
        each function's and the whole run's ``check`` (``verdict``, ``message``) compares the
        loop counts the run recorded with the estimate. The stepper page's chip shows the same;
        ``algoscope bigo PROGRAM --check --json`` prints it. ``None`` when the source does not
        parse."""
        text = self._native.complexity_json()
        return None if text is None else json.loads(text)

    @property
    def notes(self) -> List[str]:
        """How the run ended, in words, as ``algoscope trace`` says it on standard error
        (``the program raised ZeroDivisionError at line 3 (recorded in the trace)``,
        ``stopped by the step budget after 120 steps``); empty when it ended normally."""
        return self._native.notes

    @property
    def steps(self) -> List[Dict[str, Any]]:
        """Every step as plain data (the trace format's JSON, full heaps): ``line``,
        ``event``, ``stack``, ``heap``, ``loops``, ..."""
        if self._steps is None:
            self._steps = json.loads(self._native.to_json(expanded=True))["steps"]
        return self._steps

    @property
    def hint_warnings(self) -> List[str]:
        """The ``# viz:`` hints that do not parse or name nothing any step shows."""
        return self._native.hint_warnings()

    def loop_spans(self) -> List[Tuple[int, int]]:
        """Where loops run: ``(first, last)`` steps, counted from 1, inclusive."""
        return self._native.loop_spans()

    def to_json(self, *, expanded: bool = False, pretty: bool = False) -> str:
        """The trace as JSON, as ``algoscope trace`` writes it: heaps as deltas, or every
        step's full heap with ``expanded=True``."""
        return self._native.to_json(expanded=expanded, pretty=pretty)

    @classmethod
    def from_json(cls, text: Union[str, bytes], *, title: str = "trace") -> "Trace":
        """Reads and checks a trace (limits, schema, cross-references): JSON text, or a trace
        file's bytes (JSON, or gzip-compressed JSON as ``algoscope trace -o t.json.gz``
        writes). A bad trace raises :class:`algoscope.InvalidTraceError` (a ``ValueError``)
        naming the JSON path of the first bad value."""
        try:
            if isinstance(text, (bytes, bytearray, memoryview)):
                native = _native.validate_bytes(bytes(text))
            else:
                native = _native.validate(text)
        except NativeError as error:
            raise translate(error) from None
        return cls(native, title=title)

    # --- pictures ---------------------------------------------------------------------

    @staticmethod
    def _check_step(step: int) -> int:
        if isinstance(step, bool) or not isinstance(step, int):
            raise UsageError(f"step must be an int, not {step!r}", argument="step")
        return step

    def svg(
        self,
        step: int = -1,
        *,
        view: str = "memory",
        nested: bool = False,
        sizes: Optional[str] = None,
        loop_rows: Optional[int] = None,
    ) -> str:
        """Step ``step``'s picture as an SVG document, the same bytes as ``algoscope render
        --step step`` (``1`` is the first step, ``-1`` the last; a step that is not in the
        trace raises :class:`algoscope.StepError`): ``view="memory"`` (frames, heap boxes, arrows; ``nested`` draws
        singly referenced objects inside their holder) or ``view="loops"`` (the history of
        the loop running at the step, ``loop_rows`` passes at most). ``sizes``: ``python``,
        ``textbook`` or ``v8`` memory sizes."""
        given = self._check_step(step)
        # Past the native i64 either way: the same error as for any step past either end.
        step = max(-(2**63), min(given, 2**63 - 1))
        try:
            if view == "memory":
                return self._native.memory_svg(step, nested=nested, sizes=sizes)
            if view == "loops":
                return self._native.loop_svg(step, max_rows=loop_rows, sizes=sizes)
        except NativeError as error:
            failure = translate(error)
            if isinstance(failure, StepError) and step != given:
                text = str(failure).replace(f"step {step} ", f"step {given} ", 1)
                failure = StepError(text, step=given, count=failure.count)
            raise failure from None
        raise UsageError(f"view must be 'memory' or 'loops', not {view!r}", argument="view")

    def html(
        self,
        *,
        title: Optional[str] = None,
        nested: bool = False,
        sizes: Optional[str] = None,
        loop_rows: Optional[int] = None,
    ) -> str:
        """The self-contained stepper page (one HTML document: no network, opens from
        ``file://``), as ``algoscope html`` writes it."""
        try:
            return self._native.page(
                self._title if title is None else title,
                nested=nested,
                sizes=sizes,
                loop_rows=loop_rows,
            )
        except NativeError as error:
            raise translate(error) from None

    def save_html(self, path: PathLike, **options: Any) -> str:
        """Writes :meth:`html` (same options) to ``path``; returns the path."""
        path = os.fspath(path)
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.html(**options))
        return path

    def save_svg(self, path: PathLike, step: int = -1, **options: Any) -> str:
        """Writes :meth:`svg` (same options) to ``path``; returns the path."""
        path = os.fspath(path)
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg(step, **options))
        return path

    # --- notebook display -------------------------------------------------------------

    def stepper(self, **options: Any) -> "Stepper":
        """The notebook display with options: ``nested``, ``sizes``, ``title``,
        ``height`` (CSS, default ``"640px"``)."""
        return Stepper(self, **options)

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> Dict[str, str]:
        return Stepper(self)._repr_mimebundle_(include, exclude)

    def _display_(self) -> "Stepper":  # marimo
        return Stepper(self)

    def _mime_(self) -> Tuple[str, str]:  # marimo, older
        return Stepper(self)._mime_()


class Stepper:
    """How a :class:`Trace` shows in a notebook: the stepper page inside an ``<iframe
    srcdoc>`` (its own document, so two traces never clash and the page's own security
    policy applies), the last step's SVG, and ``repr(trace)``."""

    def __init__(
        self,
        trace: Trace,
        *,
        nested: bool = False,
        sizes: Optional[str] = None,
        title: Optional[str] = None,
        height: str = "640px",
    ) -> None:
        self.trace = trace
        self.nested = nested
        self.sizes = sizes
        self.title = title
        self.height = height

    def iframe(self) -> str:
        """The ``<iframe srcdoc>`` holding the stepper page."""
        import html as _html

        page = self.trace.html(title=self.title, nested=self.nested, sizes=self.sizes)
        title = self.title if self.title is not None else self.trace.title
        return (
            '<iframe class="algoscope-stepper" sandbox="allow-scripts" '
            f'title="{_html.escape(title, quote=True)} · algoscope" '
            f'style="width: 100%; height: {_html.escape(self.height, quote=True)}; '
            'border: 1px solid #ddd; resize: vertical;" '
            f'srcdoc="{_html.escape(page, quote=True)}"></iframe>'
        )

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> Dict[str, str]:
        def wanted(mime: str) -> bool:
            if include and mime not in include:
                return False
            return not (exclude and mime in exclude)

        bundle: Dict[str, str] = {"text/plain": repr(self.trace)}
        if wanted("text/html"):
            bundle["text/html"] = self.iframe()
        if wanted("image/svg+xml") and len(self.trace) > 0:
            bundle["image/svg+xml"] = self.trace.svg(-1, nested=self.nested, sizes=self.sizes)
        return bundle

    def _repr_html_(self) -> str:
        return self.iframe()

    def _mime_(self) -> Tuple[str, str]:  # marimo
        return ("text/html", self.iframe())

    def __repr__(self) -> str:
        return repr(self.trace)
