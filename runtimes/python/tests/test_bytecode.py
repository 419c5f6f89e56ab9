"""The direct instruction decoder (bytecode.py) against ``dis``: the same instructions, with
the same fields purity.py reads, on the tests' and examples' programs and on stdlib modules
(which use far more opcodes: ``EXTENDED_ARG``, ``with``, ``match``, async code, cells)."""

import collections
import dis
import glob
import json
import os
import sys
import types
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path.insert(0, os.path.dirname(HERE))

from algoscope_tracer import bytecode  # noqa: E402


def _codes(code):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


def _sources():
    paths = glob.glob(os.path.join(HERE, "programs", "*.py"))
    paths += glob.glob(os.path.join(ROOT, "bench", "python", "*.py"))
    paths += glob.glob(os.path.join(ROOT, "examples", "python", "*.py"))
    for module in (dis, collections, json, unittest):
        paths.append(module.__file__)
    import asyncio.tasks
    import email.message

    paths += [asyncio.tasks.__file__, email.message.__file__]
    return paths


def _line(ins):
    return ins.positions.lineno if ins.positions is not None else None


@unittest.skipUnless(bytecode._DIRECT, "the direct decoder is used on CPython 3.11 to 3.13 only")
class DirectDecoderTest(unittest.TestCase):
    def test_same_instructions_as_dis(self):
        count = 0
        for path in _sources():
            with open(path, encoding="utf-8-sig") as handle:
                code = compile(handle.read(), path, "exec", dont_inherit=True)
            for each in _codes(code):
                mine, lines = bytecode.instructions(each)
                reference = list(dis.get_instructions(each))
                self.assertEqual(len(mine), len(reference), path)
                self.assertEqual(len(lines), len(mine), path)
                for ins, ref, line in zip(mine, reference, lines):
                    where = "%s %s at %d" % (path, ref.opname, ref.offset)
                    self.assertEqual(
                        (ins.opname, ins.opcode, ins.arg, ins.offset), (ref.opname, ref.opcode, ref.arg, ref.offset), where
                    )
                    self.assertEqual(line, _line(ref), where)
                    if ref.argval is not dis.UNKNOWN and ref.opname != "FORMAT_VALUE":
                        self.assertIs(type(ins.argval), type(ref.argval), where)
                        if ins.argval == ins.argval:  # not a NaN constant
                            self.assertEqual(ins.argval, ref.argval, where)
                    if ref.opname == "BINARY_OP":
                        self.assertEqual(ins.argrepr, ref.argrepr, where)
                    count += 1
        self.assertGreater(count, 10000)

    def test_extended_arguments_and_far_jumps(self):
        # More than 256 names and a loop body longer than 512 bytes need EXTENDED_ARG.
        body = "\n".join("    v%d = i + %d" % (n, n) for n in range(300))
        source = "for i in range(3):\n%s\n    if i > 1:\n        break\n" % body
        code = compile(source, "<program>", "exec", dont_inherit=True)
        mine, _ = bytecode.instructions(code)
        reference = list(dis.get_instructions(code))
        self.assertIn("EXTENDED_ARG", [ins.opname for ins in reference])
        self.assertEqual([(i.opname, i.arg, i.argval) for i in mine], [(r.opname, r.arg, r.argval) for r in reference])


if __name__ == "__main__":
    unittest.main()
