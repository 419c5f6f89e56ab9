"""The exception classes, all under :class:`AlgoscopeError`, and the translation of the
native module's one error into them."""

from __future__ import annotations

import builtins
import json
from typing import Any, List, Optional, Tuple

from . import _native

__all__ = [
    "AlgoscopeError",
    "SyntaxError",
    "InvalidTraceError",
    "InterpreterError",
    "StepError",
    "NoLoopError",
    "UsageError",
]


class AlgoscopeError(Exception):
    """Anything algoscope cannot do. A program that raises, or runs out of a step or time
    budget, is *not* an error: its trace says so (``error``, ``truncated``,
    ``stopped_by``)."""


class SyntaxError(AlgoscopeError, builtins.SyntaxError):  # noqa: A001 - on purpose
    """The program does not parse; nothing ran. Also a Python :class:`SyntaxError`.

    ``line`` and ``column`` (1-based; the column in characters) and ``message`` describe the
    first error; ``errors`` lists every one as ``(line, column, message)``."""

    line: int
    column: int
    message: str
    errors: List[Tuple[int, int, str]]

    def __init__(
        self,
        text: str,
        *,
        line: int,
        column: int,
        message: str,
        errors: List[Tuple[int, int, str]],
        filename: str,
        source_line: Optional[str] = None,
    ) -> None:
        builtins.SyntaxError.__init__(self, message, (filename, line, column, source_line))
        self.line = line
        self.column = column
        self.message = message
        self.errors = errors
        self._text = text

    def __str__(self) -> str:
        return self._text


class InvalidTraceError(AlgoscopeError, ValueError):
    """A trace (``Trace.from_json``) is not valid. ``path`` is the JSON path of the first bad
    value (``steps[3].line``), or ``None`` when the text is not JSON at all, and then
    ``line`` and ``column`` say where."""

    def __init__(
        self,
        text: str,
        *,
        path: Optional[str],
        line: Optional[int] = None,
        column: Optional[int] = None,
    ) -> None:
        super().__init__(text)
        self.path = path
        self.line = line
        self.column = column


class InterpreterError(AlgoscopeError):
    """No usable interpreter for the program's language: Python 3.9+ (``python=``) or
    Node.js 18+ for JavaScript and TypeScript (``node=``). ``language`` says which."""

    def __init__(self, text: str, *, language: str) -> None:
        super().__init__(text)
        self.language = language


class StepError(AlgoscopeError, IndexError):
    """No such step: steps count from 1 (negative from the end, ``-1`` the last), so ``0``
    and numbers past either end raise it; so does any step of a trace with no steps."""

    def __init__(self, text: str, *, step: Optional[int], count: int) -> None:
        super().__init__(text)
        self.step = step
        self.count = count


class NoLoopError(AlgoscopeError):
    """``view="loops"`` at a step where no loop runs. ``spans`` are the ``(first, last)``
    steps where loops do run, counted from 1 as the page counts."""

    def __init__(self, text: str, *, step: int, spans: List[Tuple[int, int]]) -> None:
        super().__init__(text)
        self.step = step
        self.spans = spans


class UsageError(AlgoscopeError, ValueError):
    """A bad argument (``sizes="big"``, ``language="ruby"``); ``argument`` names it."""

    def __init__(self, text: str, *, argument: str) -> None:
        super().__init__(text)
        self.argument = argument


def translate(error: Exception, source: Optional[str] = None) -> AlgoscopeError:
    """The class for a ``_native.NativeError``; ``source`` gives a syntax error its line."""
    kind, text, details_json = error.args
    details: Any = json.loads(details_json)
    if kind == "syntax":
        errors = [(e["line"], e["column"], e["message"]) for e in details["errors"]]
        line, column, message = errors[0]
        source_line = None
        if source is not None:
            lines = source.splitlines()
            if 0 < line <= len(lines):
                source_line = lines[line - 1]
        return SyntaxError(
            text,
            line=line,
            column=column,
            message=message,
            errors=errors,
            filename=details["filename"],
            source_line=source_line,
        )
    if kind == "invalid":
        return InvalidTraceError(
            text, path=details["path"], line=details["line"], column=details["column"]
        )
    if kind == "interpreter":
        return InterpreterError(text, language=details["language"])
    if kind == "step":
        return StepError(text, step=details["step"], count=details["count"])
    if kind == "no_loop":
        spans = [(a, b) for a, b in details["spans"]]
        return NoLoopError(text, step=details["step"], spans=spans)
    if kind == "usage":
        return UsageError(text, argument=details["argument"])
    return AlgoscopeError(text)


NativeError = _native.NativeError
