"""A code object's instructions for purity.py, read once per code object at its first call.

``dis.get_instructions`` builds a named tuple per instruction with text forms, jump labels and
positions nobody here reads; on CPython 3.11 that costs a program's first steps more than
their recording (about 4 µs per instruction). On 3.11, whose bytecode layout purity.py's fine
analysis is written for, the instructions are decoded here directly: the same offsets, names,
arguments and argument values (names, constants, jump targets, the operator text of
``BINARY_OP``) as ``dis`` gives, and the line of each. Other versions use ``dis`` itself.
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
        return _decode_311(code)
    found = list(dis.get_instructions(code))
    return found, [_line(ins) for ins in found]


def _line(ins):
    positions = getattr(ins, "positions", None)
    if positions is not None:
        return positions.lineno
    return ins.starts_line if isinstance(ins.starts_line, int) and ins.starts_line is not True else None


# -- CPython 3.11 -----------------------------------------------------------------------------

_DIRECT = (
    sys.implementation.name == "cpython"
    and sys.version_info[:2] == (3, 11)
    and hasattr(dis, "_inline_cache_entries")
    and hasattr(dis, "_nb_ops")
)

if _DIRECT:
    _CACHES = dis._inline_cache_entries
    _NB_OPS = [text for _, text in dis._nb_ops]
    _OPNAMES = dis._all_opname if hasattr(dis, "_all_opname") else opcode.opname
    _EXTENDED_ARG = opcode.opmap["EXTENDED_ARG"]
    _LOAD_CONST = opcode.opmap["LOAD_CONST"]
    _LOAD_GLOBAL = opcode.opmap["LOAD_GLOBAL"]
    _BINARY_OP = opcode.opmap["BINARY_OP"]
    _HAVE_ARGUMENT = opcode.HAVE_ARGUMENT
    # How each opcode's argument is read: a kind per opcode.
    _PLAIN, _CONST, _NAME, _GLOBAL, _ABSOLUTE, _FORWARD, _BACKWARD, _LOCAL, _COMPARE, _OPERATOR = range(10)
    _KINDS = [_PLAIN] * 256
    for _op in opcode.hasconst:
        _KINDS[_op] = _CONST
    for _op in opcode.hasname:
        _KINDS[_op] = _NAME
    _KINDS[_LOAD_GLOBAL] = _GLOBAL
    for _op in opcode.hasjabs:
        _KINDS[_op] = _ABSOLUTE
    for _op in opcode.hasjrel:
        _KINDS[_op] = _BACKWARD if "JUMP_BACKWARD" in opcode.opname[_op] else _FORWARD
    for _op in set(opcode.haslocal) | set(opcode.hasfree):
        _KINDS[_op] = _LOCAL
    for _op in opcode.hascompare:
        _KINDS[_op] = _COMPARE
    _KINDS[_BINARY_OP] = _OPERATOR


def _decode_311(code):
    raw = code.co_code
    consts = code.co_consts
    names = code.co_names
    local_name = code._varname_from_oparg
    found = []
    lines = []
    kinds = _KINDS
    opnames = _OPNAMES
    caches = _CACHES
    extended = 0
    offset = 0
    end = len(raw)
    while offset < end:
        op = raw[offset]
        argrepr = ""
        if op >= _HAVE_ARGUMENT:
            arg = raw[offset + 1] | extended
            extended = arg << 8 if op == _EXTENDED_ARG else 0
            kind = kinds[op]
            if kind == _PLAIN:
                argval = arg
            elif kind == _LOCAL:
                argval = local_name(arg)
            elif kind == _NAME:
                argval = names[arg]
            elif kind == _GLOBAL:
                argval = names[arg >> 1]
            elif kind == _CONST:
                argval = consts[arg] if op == _LOAD_CONST else arg
            elif kind == _FORWARD:
                argval = offset + 2 + arg * 2
            elif kind == _BACKWARD:
                argval = offset + 2 - arg * 2
            elif kind == _ABSOLUTE:
                argval = arg * 2
            elif kind == _COMPARE:
                argval = opcode.cmp_op[arg]
            else:
                argval = arg
                argrepr = _NB_OPS[arg]
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
