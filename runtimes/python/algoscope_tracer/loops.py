"""Loop passes, counted from the line events of each frame.

A loop is entered when its frame reaches the loop's header while the loop is not running
there (a new *instance*, pass 0); a pass starts each time execution moves from the header into
the body; the loop is left when a line outside ``[header, body end]`` runs. Python re-checks
the header once more before a loop ends, and that check is not a pass; ``continue`` and
``break`` need no special case. State lives per frame, so recursion and generators keep their
own counts.

Loops come from the static analysis (``LoopInfo``: ``id``, ``kind``, ``line``, ``bodyStart``,
``bodyEnd``, ``header``); without one, :func:`find_loops` finds them with ``ast``.
"""

import ast

from .values import frame_vars

#: Names ``len()`` may be applied to when working out a ``range(...)`` header: exact built-in
#: types whose length never runs program code.
_SIZED = (list, tuple, str, dict, set, frozenset, range, bytes, bytearray)

_COMPREHENSIONS = ("<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>")


class Loop:
    """One loop statement or comprehension from the analysis."""

    __slots__ = ("id", "kind", "line", "body_start", "body_end", "iterable")

    def __init__(self, info):
        self.id = info["id"]
        self.kind = info["kind"]
        self.line = int(info["line"])
        self.body_start = int(info["bodyStart"])
        self.body_end = int(info["bodyEnd"])
        self.iterable = _iterable(info.get("header", "")) if self.kind == "for" else None


class Instance:
    """One run of a loop in one frame."""

    __slots__ = ("loop", "instance", "iteration", "at_header", "call", "sampling")

    def __init__(self, loop, instance, call, sampling):
        self.loop = loop
        self.instance = instance
        self.iteration = 0
        self.at_header = True
        self.call = call
        self.sampling = sampling


class CodeLoops:
    """The loops of one code object: header lines and body ranges."""

    __slots__ = ("headers", "comprehension")

    def __init__(self, loops, code):
        lines = _code_lines(code)
        self.headers = {}
        self.comprehension = None
        if code.co_name in _COMPREHENSIONS:
            for loop in loops:
                if loop.kind == "comprehension" and loop.line in lines:
                    self.comprehension = loop
                    break
            return
        for loop in loops:
            if loop.kind == "comprehension" or loop.line not in lines:
                continue
            for line in range(loop.line, max(loop.line, loop.body_start - 1) + 1):
                self.headers.setdefault(line, loop)

    @property
    def empty(self):
        return not self.headers and self.comprehension is None


def _code_lines(code):
    if hasattr(code, "co_lines"):
        return {line for _, _, line in code.co_lines() if line is not None}
    import dis

    return {line for _, line in dis.findlinestarts(code)}


class FrameLoops:
    """Active loop instances of one frame, innermost last."""

    __slots__ = ("table", "active", "runs", "unkept", "changes")

    def __init__(self, table):
        self.table = table
        self.active = []
        self.runs = {}
        #: How many of this frame's active loops are in a pass that is not recorded.
        self.unkept = 0
        #: Counts changes of what :meth:`contexts` gives (a loop started, ended or passed).
        self.changes = 0

    def line(self, line, frame, sampler):
        """Updates the loop state for a line event at ``line``."""
        table = self.table
        active = self.active
        if table.comprehension is not None:
            self._comprehension_line(frame, sampler)
            return
        while active:
            loop = active[-1].loop
            if loop.line <= line <= loop.body_end:
                break
            self.changes += 1
            sampling = active.pop().sampling
            if not sampling.kept:
                self.unkept -= 1
            if sampler.holder is sampling:
                sampler.end_loop(sampling)
        header = table.headers.get(line)
        if header is not None and active and active[-1].loop is header:
            active[-1].at_header = True
            return
        if active:
            top = active[-1]
            if top.at_header and top.loop.body_start <= line <= top.loop.body_end:
                # Also when the body's first line is a nested loop's header.
                top.at_header = False
                self._next_pass(top, sampler)
        if header is not None:
            self._start(header, frame, sampler)

    def _start(self, loop, frame, sampler):
        self.changes += 1
        count = self.runs.get(loop.id, 0) + 1
        self.runs[loop.id] = count
        call, length = _header_values(loop, frame)
        self.active.append(Instance(loop, count, call, sampler.start_loop(length)))

    def _next_pass(self, inst, sampler):
        self.changes += 1
        inst.iteration += 1
        was_kept = inst.sampling.kept
        kept = sampler.start_pass(inst.sampling, inst.iteration)
        if was_kept and not kept:
            self.unkept += 1
        elif kept and not was_kept:
            self.unkept -= 1

    def _comprehension_line(self, frame, sampler):
        if not self.active:
            self._start(self.table.comprehension, frame, sampler)
            return
        self._next_pass(self.active[-1], sampler)

    def end(self, sampler):
        """The frame ended: so did its loops (their held passes go out)."""
        for inst in self.active:
            sampler.end_loop(inst.sampling)

    def contexts(self, fid, out):
        """Appends ``[frame, loop, instance, iteration(, call)]`` for each active loop."""
        for inst in self.active:
            if inst.call is None:
                out.append([fid, inst.loop.id, inst.instance, inst.iteration])
            else:
                out.append([fid, inst.loop.id, inst.instance, inst.iteration, inst.call])


# -- range(...) headers ---------------------------------------------------------------------


def _iterable(header):
    """What a ``for`` header iterates, if the tracer can size it as the loop starts:
    ``("range", [arg expressions])`` or ``("name", name)`` (``for x in xs``,
    ``for i, x in enumerate(xs)``); None otherwise."""
    text = header.strip()
    if not text.startswith("for ") and not text.startswith("async for "):
        return None
    try:
        tree = ast.parse(text.rstrip(":") + ": pass")
    except SyntaxError:
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, (ast.For, ast.AsyncFor)):
        return None
    it = node.iter
    if isinstance(it, ast.Name):
        return ("name", it.id)
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name)) or it.keywords:
        return None
    if it.func.id == "enumerate" and len(it.args) == 1 and isinstance(it.args[0], ast.Name):
        return ("name", it.args[0].id)
    if it.func.id != "range" or not 1 <= len(it.args) <= 3:
        return None
    if not all(_simple(arg) for arg in it.args):
        return None
    return ("range", it.args)


_BINOPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
}


def _simple(node):
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    if isinstance(node, ast.Name):
        return True
    if isinstance(node, ast.BinOp):
        return type(node.op) in _BINOPS and _simple(node.left) and _simple(node.right)
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.op, ast.USub) and _simple(node.operand)
    if isinstance(node, ast.Call):
        return (
            isinstance(node.func, ast.Name)
            and node.func.id == "len"
            and len(node.args) == 1
            and not node.keywords
            and isinstance(node.args[0], ast.Name)
        )
    return False


class _Unknown(Exception):
    pass


def _eval(node, scope):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        value = scope(node.id)
        if type(value) is not int:
            raise _Unknown
        return value
    if isinstance(node, ast.BinOp):
        left, right = _eval(node.left, scope), _eval(node.right, scope)
        if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and right == 0:
            raise _Unknown
        return _BINOPS[type(node.op)](left, right)
    if isinstance(node, ast.UnaryOp):
        return -_eval(node.operand, scope)
    value = scope(node.args[0].id)
    if type(value) not in _SIZED:
        raise _Unknown
    return len(value)


def _header_values(loop, frame):
    """``(call, length)`` of a ``for`` loop as it starts: ``call`` is ``range(start, stop[,
    step])`` for a counting loop, ``length`` its number of passes when known; Nones otherwise.
    Reads only whole numbers and lengths of built-in containers: no program code runs."""
    iterable = loop.iterable
    if iterable is None:
        return None, None
    local_vars = frame_vars(frame)
    global_vars = frame.f_globals

    def scope(name):
        if name in local_vars:
            return local_vars[name]
        if name in global_vars:
            return global_vars[name]
        raise _Unknown

    if iterable[0] == "name":
        try:
            value = scope(iterable[1])
        except _Unknown:
            return None, None
        return None, (len(value) if type(value) in _SIZED else None)
    try:
        values = [_eval(arg, scope) for arg in iterable[1]]
    except (_Unknown, ArithmeticError, RecursionError):
        return None, None
    if any(abs(v) > 10**18 for v in values):
        return None, None
    if len(values) == 1:
        values.insert(0, 0)
    try:
        length = len(range(*values))
    except (ValueError, OverflowError):
        return None, None
    return "range(%s)" % ", ".join(str(v) for v in values), length


# -- a loop finder for running the tracer on its own ----------------------------------------


def find_loops(source):
    """Loops of ``source`` in the analysis's shape, for runs given no analysis."""
    if source.startswith("\ufeff"):
        source = source[1:]
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines = source.splitlines()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            body_start = node.body[0].lineno
            body_end = max(getattr(n, "end_lineno", n.lineno) or n.lineno for n in node.body)
            header = lines[node.lineno - 1].strip()
            if header.endswith(":"):
                header = header[:-1].rstrip()
            kind = "while" if isinstance(node, ast.While) else "for"
            found.append((node.lineno, kind, body_start, body_end, header))
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            found.append((node.lineno, "comprehension", node.lineno, node.end_lineno or node.lineno, ""))
    found.sort()
    loops, per_line = [], {}
    for line, kind, start, end, header in found:
        n = per_line.get(line, 0) + 1
        per_line[line] = n
        loop_id = "L%d" % line if n == 1 else "L%d.%d" % (line, n)
        loops.append({"id": loop_id, "kind": kind, "line": line, "bodyStart": start, "bodyEnd": end, "header": header})
    return loops
