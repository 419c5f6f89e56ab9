"""Which stretches of bytecode cannot change any heap object, so a step after them needs no
heap re-read.

Between a line event and the next event of the same frame, the interpreter runs the
instructions from the event's position up to the next line start (or a return). If none of
them can mutate an object (no calls, no stores into attributes, items or cells, no imports,
no ``with``), the heap is exactly as the previous step saw it: only the running frame's
locals can differ. Program code run implicitly (a property, ``__eq__``, ``__iter__``) is its
own frame and so its own events, which make the stretch count as impure anyway.

Two cases need a look at run time, which :class:`Stretch` carries:

- an augmented assignment (``x += 1``) mutates ``x`` in place when ``x`` holds a list, set or
  other mutable object: the stretch is pure only if every such name holds an immutable
  primitive afterwards;
- a plain subscript read (``d[k]``) inserts a key into a ``defaultdict``: such stretches are
  impure once the program has one.

On Python 3.11 a stretch may also be *partly* pure: it stores into an attribute or item of
an object it names (``node.next = prev``, ``arr[j + 1] = x``, ``dp[i][j] = v``) or calls a
method of a built-in container (``items.append(x)``) or a built-in function (``len``,
``print``). The stretch then lists the expressions of the objects it may change; the tracer
evaluates them after the stretch (plain reads of locals, instance ``__dict__`` entries and
built-in containers' items, never the program's code) and re-reads only those objects. The
check fails closed: anything it cannot resolve re-reads the whole heap.

Unknown instructions count as impure, so a newer Python is only slower, never wrong.
"""

import bisect
import dis
import sys

from .bytecode import instructions

_SAFE = frozenset(
    """
    NOP RESUME CACHE EXTENDED_ARG POP_TOP PUSH_NULL COPY SWAP ROT_TWO ROT_THREE ROT_FOUR ROT_N
    DUP_TOP DUP_TOP_TWO END_FOR NOT_TAKEN POP_ITER
    LOAD_CONST LOAD_SMALL_INT LOAD_FAST LOAD_FAST_CHECK LOAD_FAST_AND_CLEAR LOAD_FAST_LOAD_FAST
    LOAD_FAST_BORROW LOAD_FAST_BORROW_LOAD_FAST_BORROW STORE_FAST STORE_FAST_LOAD_FAST
    STORE_FAST_STORE_FAST STORE_FAST_MAYBE_NULL DELETE_FAST LOAD_NAME STORE_NAME DELETE_NAME
    LOAD_GLOBAL LOAD_DEREF LOAD_CLOSURE LOAD_CLASSDEREF LOAD_FROM_DICT_OR_DEREF
    LOAD_FROM_DICT_OR_GLOBALS MAKE_CELL COPY_FREE_VARS LOAD_ATTR LOAD_METHOD
    COMPARE_OP IS_OP CONTAINS_OP TO_BOOL UNARY_NEGATIVE UNARY_NOT UNARY_INVERT UNARY_POSITIVE
    BINARY_ADD BINARY_SUBTRACT BINARY_MULTIPLY BINARY_TRUE_DIVIDE BINARY_FLOOR_DIVIDE
    BINARY_MODULO BINARY_POWER BINARY_LSHIFT BINARY_RSHIFT BINARY_AND BINARY_OR BINARY_XOR
    BINARY_MATRIX_MULTIPLY BINARY_SLICE
    BUILD_TUPLE BUILD_LIST BUILD_SET BUILD_MAP BUILD_CONST_KEY_MAP BUILD_STRING BUILD_SLICE
    LIST_TO_TUPLE LIST_EXTEND SET_UPDATE DICT_UPDATE DICT_MERGE LIST_APPEND SET_ADD MAP_ADD
    FORMAT_VALUE FORMAT_SIMPLE FORMAT_WITH_SPEC CONVERT_VALUE
    POP_JUMP_IF_FALSE POP_JUMP_IF_TRUE POP_JUMP_IF_NONE POP_JUMP_IF_NOT_NONE
    POP_JUMP_FORWARD_IF_FALSE POP_JUMP_FORWARD_IF_TRUE POP_JUMP_FORWARD_IF_NONE
    POP_JUMP_FORWARD_IF_NOT_NONE POP_JUMP_BACKWARD_IF_FALSE POP_JUMP_BACKWARD_IF_TRUE
    POP_JUMP_BACKWARD_IF_NONE POP_JUMP_BACKWARD_IF_NOT_NONE JUMP_FORWARD JUMP_BACKWARD
    JUMP_BACKWARD_NO_INTERRUPT JUMP_ABSOLUTE JUMP_IF_FALSE_OR_POP JUMP_IF_TRUE_OR_POP JUMP
    JUMP_NO_INTERRUPT GET_ITER FOR_ITER UNPACK_SEQUENCE UNPACK_EX RETURN_VALUE RETURN_CONST
    MAKE_FUNCTION SET_FUNCTION_ATTRIBUTE
    """.split()
)

_STOPS = frozenset(("RETURN_VALUE", "RETURN_CONST", "RAISE_VARARGS", "RERAISE"))
_UNCONDITIONAL = frozenset(
    ("JUMP_FORWARD", "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT", "JUMP_ABSOLUTE", "JUMP", "JUMP_NO_INTERRUPT")
)
_JUMPS = frozenset(dis.hasjrel) | frozenset(dis.hasjabs)
_LOCAL_STORES = frozenset(("STORE_FAST", "STORE_NAME"))
#: Instructions that may assign or delete a variable (not an attribute or item).
_VARIABLE_OPS = frozenset(
    name
    for name in dis.opname
    if name.startswith(("STORE_", "DELETE_", "LOAD_FAST_AND_CLEAR"))
    and name not in ("STORE_ATTR", "STORE_SUBSCR", "STORE_SLICE", "DELETE_ATTR", "DELETE_SUBSCR")
)


class Stretch:
    """What running from one position up to the next event can do."""

    __slots__ = ("pure", "inplace", "subscript", "mutated", "builtins", "methods", "globals", "plain", "stores")

    def __init__(self, pure, inplace, subscript, mutated=(), builtins=(), methods=(), globals_=False, stores=None):
        #: No instruction can mutate a heap object other than those in ``mutated`` (given the
        #: run-time checks below).
        self.pure = pure
        #: Names assigned with an augmented assignment; pure only if they hold primitives.
        self.inplace = inplace
        #: A subscript is read (impure once a ``defaultdict`` exists).
        self.subscript = subscript
        #: Expressions (see :func:`resolve`) of objects that may be changed in place.
        self.mutated = mutated
        #: Names of built-in functions called; each must still be the built-in.
        self.builtins = builtins
        #: ``(receiver expression, method name)`` of calls that must be built-in methods.
        self.methods = methods
        #: A ``global`` name is assigned or deleted (the module frame's variables change).
        self.globals = globals_
        #: Names of the frame's variables it may assign or delete (a frozenset), or None when
        #: not known (then any may have changed).
        self.stores = stores
        #: Pure with nothing to check at run time: the heap is as it was.
        self.plain = pure and not (inplace or subscript or mutated or builtins or methods or globals_)


IMPURE = Stretch(False, (), False)

#: Built-in functions that change no object they are given (program code they run, such as
#: ``__str__`` or a ``key=`` function, is its own frame with its own events).
PURE_BUILTINS = frozenset(
    """
    abs all any ascii bin bool chr dict divmod enumerate filter float format frozenset hash hex
    id int isinstance issubclass iter len list map max min oct ord pow print range repr reversed
    round set sorted str sum tuple type zip
    """.split()
)

#: Built-in container types whose methods only change the container itself.
CONTAINERS = {}
for _t in (list, dict, set):
    CONTAINERS[_t] = frozenset(name for name in dir(_t) if not name.startswith("_"))
try:
    import collections as _collections

    CONTAINERS[_collections.deque] = frozenset(n for n in dir(_collections.deque) if not n.startswith("_"))
except ImportError:  # pragma: no cover - collections is always there
    pass

_FINE = sys.version_info[:2] == (3, 11)


class CodePurity:
    """The stretches of one code object, worked out on demand and cached by position."""

    __slots__ = ("instructions", "lines", "index", "offsets", "starts", "stretches", "by_position", "callables", "calls")

    def __init__(self, code):
        #: The instructions, and the source line of each (None for those without one).
        self.instructions, self.lines = instructions(code)
        self.offsets = [ins.offset for ins in self.instructions]
        self.index = {offset: i for i, offset in enumerate(self.offsets)}
        #: Byte position → the offset of the instruction holding it (:meth:`containing`).
        self.starts = {}
        self.stretches = {}
        #: ``f_lasti`` as given (or ``(f_lasti, stop)``) → its stretch, as :meth:`stretch` gave it.
        self.by_position = {}
        #: ``CALL`` offset → ``(callable, self-or-callable)`` expressions, as far as known.
        self.callables = {}
        #: ``(f_lasti, f_lasti of the paused call)`` → what :meth:`call_site` gives.
        self.calls = {}

    def containing(self, lasti):
        """The offset of the instruction ``lasti`` points into (a paused ``CALL``'s ``f_lasti``
        points at its last inline cache entry)."""
        found = self.starts.get(lasti)
        if found is None:
            if lasti in self.index:
                found = lasti
            else:
                i = bisect.bisect_right(self.offsets, lasti) - 1
                found = self.offsets[i] if i >= 0 else lasti
            self.starts[lasti] = found
        return found

    def stretch(self, offset, stop=None):
        """The :class:`Stretch` starting at byte ``offset`` (an event's ``f_lasti``), up to
        the next line, or up to (not including) the instruction at ``stop``."""
        key = offset if stop is None else (offset, stop)
        found = self.by_position.get(key)
        if found is None:
            found = self.by_position[key] = self._stretch(offset, stop)
        return found

    def _stretch(self, offset, stop):
        offset = self.containing(offset)
        if stop is not None:
            stop = self.containing(stop)
        key = offset if stop is None else (offset, stop)
        found = self.stretches.get(key)
        if found is None:
            found = self.stretches[key] = self._explore(offset, stop)
        return found

    def call_site(self, offset, call_at):
        """``(stretch, call, after)`` for a call paused at ``call_at`` (a frame's ``f_lasti``)
        in the stretch from ``offset``: ``stretch(offset, call_at)``, the offset of the call
        instruction (for :attr:`callables`, which later stretches may still fill) and
        ``after(call_at)``, worked out once per pair (a call event's one lookup)."""
        key = (offset, call_at)
        found = self.calls.get(key)
        if found is None:
            found = self.calls[key] = (self.stretch(offset, call_at), self.containing(call_at), self.after(call_at))
        return found

    def after(self, offset):
        """The offset of the instruction after the one at ``offset``, or None."""
        i = self.index.get(self.containing(offset))
        if i is None or i + 1 >= len(self.instructions):
            return None
        return self.instructions[i + 1].offset

    def _explore(self, offset, stop=None):
        start = self.index.get(offset)
        if start is None:
            return IMPURE
        instructions = self.instructions
        lines = self.lines
        line = lines[start]
        inplace = []
        subscript = False
        mutated = []
        builtins = []
        methods = []
        stored = set()
        assigned = set()
        globals_ = False
        seen = set()
        todo = [(start, [])]
        while todo:
            i, stack = todo.pop()
            while 0 <= i < len(instructions) and i not in seen:
                ins = instructions[i]
                here = lines[i]
                if i != start and here is not None and here != line:
                    break
                name = ins.opname
                if ins.offset == stop:
                    if _FINE and name == "CALL" and len(stack) >= (ins.arg or 0) + 2:
                        argc = ins.arg or 0
                        self.callables[stop] = (stack[-argc - 2], stack[-argc - 1])
                    break
                seen.add(i)
                if name == "BINARY_OP" and ins.argrepr.endswith("=") or name.startswith("INPLACE_"):
                    following = instructions[i + 1] if i + 1 < len(instructions) else None
                    if following is not None and following.opname in _LOCAL_STORES:
                        inplace.append(following.argval)
                    elif not (_FINE and _attribute_update(instructions, i)):
                        return IMPURE
                elif name in ("BINARY_SUBSCR", "BINARY_OP") or name.startswith("BINARY_SUBSCR"):
                    subscript = subscript or name != "BINARY_OP"
                elif name not in _SAFE:
                    if not _FINE:
                        return IMPURE
                    effect = _fine_effect(ins, stack, mutated, builtins, methods)
                    if effect is None:
                        return IMPURE
                if _FINE:
                    if name in ("STORE_FAST", "STORE_NAME", "STORE_GLOBAL", "DELETE_FAST"):
                        stored.add(ins.argval)
                    if assigned is not None and name in _VARIABLE_OPS:
                        if type(ins.argval) is str:
                            assigned.add(ins.argval)
                        else:
                            assigned = None
                    if name in ("STORE_GLOBAL", "DELETE_GLOBAL"):
                        globals_ = True
                    stack = _simulate(ins, stack)
                if name in _STOPS:
                    break
                if ins.opcode in _JUMPS:
                    target = self.index.get(ins.argval)
                    if target is None:
                        return IMPURE
                    todo.append((target, list(stack)))
                    if name in _UNCONDITIONAL:
                        break
                i += 1
        if mutated or methods:
            names = set()
            for expr in mutated:
                _names(expr, names)
            for expr, _ in methods:
                _names(expr, names)
            if names & stored:
                return IMPURE
        stores = frozenset(assigned) if _FINE and assigned is not None else None
        return Stretch(True, tuple(inplace), subscript, tuple(mutated), tuple(builtins), tuple(methods), globals_, stores)


# -- Python 3.11: objects a stretch changes ----------------------------------------------------

_UNKNOWN = ("?",)
_NULL = ("null",)


def _attribute_update(instructions, i):
    """``x.a += v`` as ``LOAD x; COPY 1; LOAD_ATTR a; …; BINARY_OP +=; SWAP 2; STORE_ATTR a``:
    the store that follows records the change, and the attribute's new value is checked."""
    following = instructions[i + 1] if i + 1 < len(instructions) else None
    after = instructions[i + 2] if i + 2 < len(instructions) else None
    return (
        following is not None
        and following.opname == "SWAP"
        and following.argval == 2
        and after is not None
        and after.opname in ("STORE_ATTR", "STORE_SUBSCR")
    )


def _fine_effect(ins, stack, mutated, builtins, methods):
    """Records what an instruction outside the safe set changes; None if it cannot tell."""
    name = ins.opname
    if name == "STORE_ATTR" or name == "DELETE_ATTR":
        target = stack[-1] if stack else _UNKNOWN
    elif name == "STORE_SUBSCR" or name == "DELETE_SUBSCR":
        target = stack[-2] if len(stack) >= 2 else _UNKNOWN
    elif name in ("PRECALL", "KW_NAMES", "STORE_GLOBAL", "DELETE_GLOBAL"):
        return True
    elif name == "CALL":
        argc = ins.arg or 0
        if len(stack) < argc + 2:
            return None
        first, second = stack[-argc - 2], stack[-argc - 1]
        if first[0] == "method":
            methods.append((first[1], first[2]))
            mutated.append(first[1])
            return True
        if first == _NULL and second[0] == "global" and second[1] in PURE_BUILTINS:
            builtins.append(second[1])
            return True
        return None
    else:
        return None
    if target[0] not in ("local", "global", "attr", "item"):
        return None
    mutated.append(target)
    if name == "STORE_ATTR":
        mutated.append(("attr", target, ins.argval))
    elif name == "STORE_SUBSCR" and stack:
        mutated.append(("item", target, stack[-1]))
    return True


#: How many stack entries an instruction takes (for :func:`_simulate`); those in
#: ``_POPS_ARG`` take their argument's count; ``FORMAT_VALUE``'s is worked out.
_POPS = {
    "STORE_ATTR": 2, "STORE_SUBSCR": 3, "DELETE_SUBSCR": 2, "DELETE_ATTR": 1,
    "COMPARE_OP": 2, "IS_OP": 2, "CONTAINS_OP": 2,
    "STORE_FAST": 1, "STORE_NAME": 1, "STORE_GLOBAL": 1, "POP_TOP": 1,
    "UNARY_NEGATIVE": 1, "UNARY_NOT": 1, "UNARY_INVERT": 1, "GET_ITER": 1,
    "UNPACK_SEQUENCE": 1, "RETURN_VALUE": 1,
    "POP_JUMP_FORWARD_IF_FALSE": 1, "POP_JUMP_FORWARD_IF_TRUE": 1,
    "POP_JUMP_BACKWARD_IF_FALSE": 1, "POP_JUMP_BACKWARD_IF_TRUE": 1,
    "POP_JUMP_FORWARD_IF_NONE": 1, "POP_JUMP_FORWARD_IF_NOT_NONE": 1,
    "POP_JUMP_BACKWARD_IF_NONE": 1, "POP_JUMP_BACKWARD_IF_NOT_NONE": 1,
    "JUMP_FORWARD": 0, "JUMP_BACKWARD": 0, "FOR_ITER": 0,
}  # fmt: skip
_POPS_ARG = frozenset(("BUILD_TUPLE", "BUILD_LIST", "BUILD_SET", "BUILD_STRING"))


def _simulate(ins, stack):
    """The symbolic stack after ``ins``: each entry says where the value came from."""
    name = ins.opname
    arg = ins.arg
    if name in ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF"):
        return stack + [("local", ins.argval)]
    if name == "LOAD_NAME":
        return stack + [("global", ins.argval)]
    if name == "LOAD_GLOBAL":
        pushed = [("global", ins.argval)]
        return stack + ([_NULL] + pushed if arg & 1 else pushed)
    if name == "LOAD_CONST":
        return stack + [("const", ins.argval)]
    if name == "PUSH_NULL":
        return stack + [_NULL]
    if name == "LOAD_ATTR":
        return stack[:-1] + [("attr", stack[-1], ins.argval)] if stack else [_UNKNOWN]
    if name == "LOAD_METHOD":
        receiver = stack[-1] if stack else _UNKNOWN
        return stack[:-1] + [("method", receiver, ins.argval), receiver]
    if name == "BINARY_SUBSCR":
        if len(stack) < 2:
            return [_UNKNOWN]
        return stack[:-2] + [("item", stack[-2], stack[-1])]
    if name == "BINARY_OP":
        if len(stack) < 2:
            return [_UNKNOWN]
        op = ins.argrepr if ins.argrepr in ("+", "-", "*", "//", "%") else "?"
        return stack[:-2] + [("binop", op, stack[-2], stack[-1])]
    if name == "COPY":
        return stack + [stack[-arg]] if len(stack) >= arg else stack + [_UNKNOWN]
    if name == "SWAP":
        if len(stack) >= arg:
            stack = list(stack)
            stack[-1], stack[-arg] = stack[-arg], stack[-1]
        return stack
    if name in ("NOP", "RESUME", "CACHE", "PRECALL", "KW_NAMES", "EXTENDED_ARG"):
        return stack
    if name == "CALL":
        count = (arg or 0) + 2
        return stack[: len(stack) - count] + [_UNKNOWN] if len(stack) >= count else [_UNKNOWN]
    try:
        effect = dis.stack_effect(ins.opcode, arg) if ins.opcode >= dis.HAVE_ARGUMENT else dis.stack_effect(ins.opcode)
    except ValueError:
        return [_UNKNOWN]
    if name in _POPS_ARG:
        pops = arg
    elif name == "FORMAT_VALUE":
        pops = 2 if (arg or 0) & 4 else 1
    else:
        pops = _POPS.get(name)
    if pops is None or len(stack) < pops:
        return [_UNKNOWN] * max(0, len(stack) + effect) if len(stack) + effect >= 0 else []
    return stack[: len(stack) - pops] + [_UNKNOWN] * (pops + effect)


def _names(expr, out):
    kind = expr[0]
    if kind in ("local", "global"):
        out.add(expr[1])
    elif kind in ("attr", "method"):
        _names(expr[1], out)
    elif kind == "item":
        _names(expr[1], out)
        _names(expr[2], out)
    elif kind == "binop":
        _names(expr[2], out)
        _names(expr[3], out)


class Unresolved(Exception):
    """An expression of :func:`resolve` that cannot be read without running program code."""


_BINOPS = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "//": lambda a, b: a // b,
    "%": lambda a, b: a % b,
}


def resolve(expr, local_vars, global_vars, dict_of):
    """The object ``expr`` names now: locals, globals, instance ``__dict__`` entries (through
    ``dict_of(obj)``, never ``getattr``) and items of exact built-in containers by whole-number
    or text index. Raises :class:`Unresolved` for anything else."""
    kind = expr[0]
    if kind == "local":
        if expr[1] in local_vars:
            return local_vars[expr[1]]
        raise Unresolved
    if kind == "global":
        if expr[1] in global_vars:
            return global_vars[expr[1]]
        raise Unresolved
    if kind == "const":
        return expr[1]
    if kind == "attr":
        d = dict_of(resolve(expr[1], local_vars, global_vars, dict_of))
        if d is None or expr[2] not in d:
            raise Unresolved
        return d[expr[2]]
    if kind == "item":
        container = resolve(expr[1], local_vars, global_vars, dict_of)
        index = resolve(expr[2], local_vars, global_vars, dict_of)
        t = type(container)
        try:
            if (t is list or t is tuple) and type(index) is int:
                return t.__getitem__(container, index)
            if t is dict and type(index) in (int, str):
                return dict.__getitem__(container, index)
        except (IndexError, KeyError):
            pass
        raise Unresolved
    if kind == "binop":
        op = _BINOPS.get(expr[1])
        a = resolve(expr[2], local_vars, global_vars, dict_of)
        b = resolve(expr[3], local_vars, global_vars, dict_of)
        if op is None or type(a) is not int or type(b) is not int:
            raise Unresolved
        try:
            return op(a, b)
        except ArithmeticError:
            raise Unresolved
    raise Unresolved
