"""The program's standard streams, ``print`` and ``input`` while it is traced.

Output goes to an in-memory UTF-8 stream with the same rules as a real non-interactive
stdout (strict encoding, no newline translation), so the program behaves and prints exactly
as it would under plain ``python3``. ``print`` is the real one behind a thin wrapper that
remembers what was printed and from which line, so the next step can point at the printed
objects. ``input()`` reads the given standard input line by line. Past the output limit
(``maxOutputBytes``) what does not fit is dropped and the tracer stops the run.
"""

import builtins
import io
import sys
import types

#: What ``input()`` says when the given standard input has no line left.
DEFAULT_INPUT_HINT = "input() found no more input: give the program's standard input with --stdin FILE"


class _KeptBytes(io.BytesIO):
    """The bytes behind the program's stdout: closing it (``sys.stdout.close()``) only marks it
    closed, so the program's later writes fail as they would under plain ``python3`` while the
    tracer can still read everything printed before."""

    def __init__(self, limit=None, on_full=None):
        super().__init__()
        self._program_closed = False
        #: Something was written since :meth:`ProgramIO.new_text` last looked (so most steps
        #: need not ask where the stream is).
        self.written = False
        #: Most bytes kept (None: no limit); ``on_full()`` is called by the write that passes
        #: it, after what fits was kept; later writes are dropped.
        self.limit = limit
        self.on_full = on_full
        self.full = False

    def write(self, data):
        if self.limit is None:
            self.written = True
            return super().write(data)
        if self.full:
            return len(data)
        room = self.limit - self.tell()
        if len(data) <= room:
            self.written = True
            return super().write(data)
        data = bytes(data)
        cut = max(room, 0)
        while 0 < cut < len(data) and (data[cut] & 0xC0) == 0x80:  # not inside a character
            cut -= 1
        self.written = True
        super().write(data[:cut])
        self.full = True
        if self.on_full is not None:
            self.on_full()
        return len(data)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def close(self):
        self._program_closed = True

    @property
    def closed(self):
        return self._program_closed


class ProgramIO:
    """Captured stdout, the given stdin, and the program's own ``print``/``input``."""

    def __init__(self, stdin_text, input_hint=DEFAULT_INPUT_HINT, max_output_bytes=None, on_full=None):
        self.buffer = _KeptBytes(max_output_bytes, on_full)
        self.stdout = io.TextIOWrapper(self.buffer, encoding="utf-8", errors="strict", newline="\n", write_through=True)
        self.stdin = io.StringIO(stdin_text or "")
        self.input_hint = input_hint
        self.read_pos = 0
        self.length = 0
        self.printed = []
        self.print_line = None
        self.line_of_caller = None
        self._saved = None
        self.builtins_module = None

    # -- what the program sees ---------------------------------------------------------------

    def builtins_for_program(self):
        """The program's own ``builtins``: a copy with this run's ``print`` and ``input``, the
        ``__dict__`` of a module that ``install`` puts in ``sys.modules`` for the run, so that
        ``import builtins; builtins.len = f`` changes what the program sees (as in CPython)
        and never what the tracer calls."""
        module = types.ModuleType("builtins")
        names = module.__dict__
        names.update(builtins.__dict__)
        real_print = builtins.print
        remember = self._remember

        def print(*args, **kwargs):  # noqa: A001 - the program's own print
            target = kwargs.get("file")
            if target is None or target is sys.stdout:
                remember(args)
            return real_print(*args, **kwargs)

        def input(prompt=""):  # noqa: A001 - the program's own input
            out = sys.stdout
            if prompt != "":
                out.write(str(prompt))
                out.flush()
            line = sys.stdin.readline()
            if not line:
                raise EOFError(self.input_hint)
            return line[:-1] if line.endswith("\n") else line

        names["print"] = print
        names["input"] = input
        self.builtins_module = module
        return names

    def _remember(self, args):
        self.printed.extend(args)
        find = self.line_of_caller
        if find is not None:
            self.print_line = find(sys._getframe(2))

    # -- switching streams -------------------------------------------------------------------

    def install(self):
        self._saved = (sys.stdout, sys.stdin, sys.__stdout__, sys.__stdin__, sys.modules["builtins"])
        sys.stdout = sys.__stdout__ = self.stdout
        sys.stdin = sys.__stdin__ = self.stdin
        if self.builtins_module is not None:
            sys.modules["builtins"] = self.builtins_module

    def restore(self):
        if self._saved is not None:
            try:
                self.stdout.flush()
            except Exception:
                pass
            sys.stdout, sys.stdin, sys.__stdout__, sys.__stdin__, sys.modules["builtins"] = self._saved
            self._saved = None

    # -- reading what was printed ------------------------------------------------------------

    def new_text(self):
        """Text printed since the last call (``""`` when nothing was)."""
        if not self.buffer.written:
            return ""
        self.buffer.written = False
        end = self.buffer.tell()
        if end == self.read_pos:
            return ""
        with self.buffer.getbuffer() as view:
            data = bytes(view[self.read_pos : end])
        self.read_pos = end
        text = data.decode("utf-8", "replace")
        self.length += len(text)
        return text

    def take_printed(self):
        """``(line, objects)`` printed since the last call, or None."""
        if self.print_line is None and not self.printed:
            return None
        result = (self.print_line, self.printed)
        self.printed = []
        self.print_line = None
        return result
