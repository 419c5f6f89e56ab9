"""A code object's instructions for purity.py, read once per code object at its first call.

``dis.get_instructions`` builds a named tuple per instruction with text forms, jump labels and
positions nobody here reads; on CPython 3.11 that costs a program's first steps more than
their recording (about 4 µs per instruction; more on 3.12 and 3.13). On CPython 3.11 to 3.13,
whose bytecode purity.py's fine analysis knows, the instructions are decoded here directly:
the same offsets, names, arguments and argument values (names, constants, jump targets, the
operator text of ``BINARY_OP``) as ``dis`` gives, and the line of each. Other versions use
``dis`` itself.
"""

import collections
import dis
import opcode
import sys


#: One instruction, with the fields of ``dis.Instruction`` that purity.py reads: ``opname``,
#: ``opcode``, ``arg`` (``EXTENDED_ARG`` prefixes folded in; None for an opcode without one),
#: ``argval`` (a name, a constant, a jump target's offset; else ``arg``), ``argrepr`` (the
#: operator of a ``BINARY_OP``, such as ``"+="``; else ``""``) and ``offset`` (bytes into
#: ``co_code``).
Op = collections.namedtuple("Op", "opname opcode arg argval argrepr offset")
_new_op = tuple.__new__


def instructions(code):
    """``(instructions, lines)`` of ``code``: the instructions in order (inline caches left
    out, as ``dis`` leaves them out) and the source line of each (None where it has none)."""
    if _DIRECT:
        return _decode(code)
    found = list(dis.get_instructions(code))
    return found, [_line(ins) for ins in found]


def _line(ins):
    positions = getattr(ins, "positions", None)
    if positions is not None:
        return positions.lineno
    return ins.starts_line if isinstance(ins.starts_line, int) and ins.starts_line is not True else None


# -- CPython 3.11 to 3.13 ---------------------------------------------------------------------

_VERSION = sys.version_info[:2]
_DIRECT = (
    sys.implementation.name == "cpython"
    and (3, 11) <= _VERSION <= (3, 13)
    and hasattr(dis, "_inline_cache_entries")
    and hasattr(dis, "_nb_ops")
)

if _DIRECT:
    _OPNAMES = dis._all_opname if hasattr(dis, "_all_opname") else opcode.opname
    _CACHES = dis._inline_cache_entries
    if isinstance(_CACHES, dict):  # 3.13: by name
        _CACHES = [_CACHES.get(_OPNAMES[_op], 0) for _op in range(256)]
    _NB_OPS = [text for _, text in dis._nb_ops]
    _EXTENDED_ARG = opcode.opmap["EXTENDED_ARG"]
    _LOAD_CONST = opcode.opmap["LOAD_CONST"]
    _BINARY_OP = opcode.opmap["BINARY_OP"]
    #: Whether each opcode has an argument (3.13 has one without at ``HAVE_ARGUMENT`` itself).
    _HAS_ARG = [_op >= opcode.HAVE_ARGUMENT for _op in range(256)]
    if hasattr(opcode, "hasarg"):
        _HAS_ARG = [_op in opcode.hasarg for _op in range(256)]
    #: ``COMPARE_OP``'s argument: the operator's index shifted left by this (flags below it).
    _COMPARE_SHIFT = {(3, 11): 0, (3, 12): 4}.get(_VERSION, 5)
    # How each opcode's argument is read: a kind per opcode.
    _PLAIN, _CONST, _NAME, _HALF, _QUARTER, _ABSOLUTE, _FORWARD, _BACKWARD, _LOCAL, _PAIR, _COMPARE, _OPERATOR, _CONVERSION = range(13)
    _KINDS = [_PLAIN] * 256

    def _real(ops):
        """Opcodes that can be in ``co_code`` (from 3.12 the lists also hold pseudo-ops)."""
        return [op for op in ops if op < 256]

    for _op in _real(opcode.hasconst):
        # 3.11's dis resolves only LOAD_CONST's (not KW_NAMES'); later ones each of them.
        _KINDS[_op] = _CONST if _VERSION >= (3, 12) or _op == _LOAD_CONST else _PLAIN
    for _op in _real(opcode.hasname):
        _KINDS[_op] = _NAME
    # Names whose index is shifted left past flags: LOAD_GLOBAL's NULL (and from 3.12
    # LOAD_ATTR's method) bit; LOAD_SUPER_ATTR's two.
    for _name, _kind in (("LOAD_GLOBAL", _HALF), ("LOAD_ATTR", _HALF), ("LOAD_SUPER_ATTR", _QUARTER)):
        if _name in opcode.opmap and (_name != "LOAD_ATTR" or _VERSION >= (3, 12)):
            _KINDS[opcode.opmap[_name]] = _kind
    for _op in _real(opcode.hasjabs):
        _KINDS[_op] = _ABSOLUTE
    for _op in _real(opcode.hasjrel):
        _KINDS[_op] = _BACKWARD if "JUMP_BACKWARD" in opcode.opname[_op] else _FORWARD
    #: What a relative jump counts from: its next instruction, after its inline caches from 3.12.
    _JUMP_BASE = [2 + (2 * _CACHES[_op] if _VERSION >= (3, 12) else 0) for _op in range(256)]
    for _op in _real(set(opcode.haslocal) | set(opcode.hasfree)):
        _KINDS[_op] = _LOCAL
    for _name in ("LOAD_FAST_LOAD_FAST", "STORE_FAST_LOAD_FAST", "STORE_FAST_STORE_FAST"):
        if _name in opcode.opmap:  # 3.13: two local indices of 4 bits each
            _KINDS[opcode.opmap[_name]] = _PAIR
    for _op in _real(opcode.hascompare):
        _KINDS[_op] = _COMPARE
    _KINDS[_BINARY_OP] = _OPERATOR
    if "CONVERT_VALUE" in opcode.opmap:
        _KINDS[opcode.opmap["CONVERT_VALUE"]] = _CONVERSION


def _decode(code):
    raw = code.co_code
    consts = code.co_consts
    names = code.co_names
    local_name = code._varname_from_oparg
    found = []
    lines = []
    kinds = _KINDS
    opnames = _OPNAMES
    caches = _CACHES
    jump_base = _JUMP_BASE
    has_arg = _HAS_ARG
    extended = 0
    offset = 0
    end = len(raw)
    while offset < end:
        op = raw[offset]
        argrepr = ""
        if has_arg[op]:
            arg = raw[offset + 1] | extended
            extended = arg << 8 if op == _EXTENDED_ARG else 0
            kind = kinds[op]
            if kind == _PLAIN:
                argval = arg
            elif kind == _LOCAL:
                argval = local_name(arg)
            elif kind == _NAME:
                argval = names[arg]
            elif kind == _HALF:
                argval = names[arg >> 1]
            elif kind == _CONST:
                argval = consts[arg]
            elif kind == _FORWARD:
                argval = offset + jump_base[op] + arg * 2
            elif kind == _BACKWARD:
                argval = offset + jump_base[op] - arg * 2
            elif kind == _ABSOLUTE:
                argval = arg * 2
            elif kind == _COMPARE:
                argval = opcode.cmp_op[arg >> _COMPARE_SHIFT]
            elif kind == _OPERATOR:
                argval = arg
                argrepr = _NB_OPS[arg]
            elif kind == _PAIR:
                argval = (local_name(arg >> 4), local_name(arg & 15))
            elif kind == _QUARTER:
                argval = names[arg >> 2]
            else:
                argval = (None, str, repr, ascii)[arg]  # CONVERT_VALUE, as dis gives it
        else:
            arg = argval = None
            extended = 0
        found.append(_new_op(Op, (opnames[op], op, arg, argval, argrepr, offset)))
        offset += 2 + 2 * caches[op]
    return found, _lines_at(code, [ins[5] for ins in found])


def _lines_at(code, offsets):
    """The line of the instruction at each of ``offsets`` (in increasing order), from the
    line table's ranges (``co_lines``: what ``co_positions`` gives, one range per run)."""
    lines = []
    ranges = code.co_lines()
    start, stop, line = -1, -1, None
    for offset in offsets:
        while offset >= stop:
            start, stop, line = next(ranges, (stop, 1 << 62, None))
        lines.append(line if offset >= start else None)
    return lines
