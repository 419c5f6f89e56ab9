"""Measure counts loop passes, calls and lines the way the analysis names them."""

import json
import os
import tempfile
import unittest

from algoscope_tracer import measure


def run(source, stdin=None):
    with tempfile.TemporaryDirectory() as d:
        program = os.path.join(d, "p.py")
        out = os.path.join(d, "out.json")
        with open(program, "w", encoding="utf-8") as f:
            f.write(source)
        args = [program, out]
        if stdin is not None:
            path = os.path.join(d, "in.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write(stdin)
            args.append(path)
        measure.main(*args)
        with open(out, encoding="utf-8") as f:
            return json.load(f)


class MeasureTest(unittest.TestCase):
    def test_counts(self):
        m = run(
            "from __future__ import annotations\n"
            "def f(n):\n"
            "    t = 0\n"
            "    for i in range(n):\n"
            "        j = 0\n"
            "        while j < i: j += 1\n"
            "        t += j\n"
            "    return t\n"
            "class C:\n"
            "    def m(self):\n"
            "        return [f(k) for k in range(3)]\n"
            "C().m()\n"
        )
        self.assertTrue(m["finished"])
        self.assertIsNone(m["error"])
        self.assertEqual(m["calls"], {"f": 3, "m": 1})
        self.assertEqual(m["loops"], {"L4": 3, "L6": 1})
        self.assertEqual(m["lines"]["12"], 1)

    def test_two_loops_on_one_line_and_errors(self):
        m = run("for a in range(2): pass\nfor b in range(3):\n    for c in range(2): pass\nraise ValueError('x')\n")
        self.assertEqual(m["loops"], {"L1": 2, "L2": 3, "L3": 6})
        self.assertEqual(m["error"], "ValueError: x")

    def test_stdin(self):
        m = run("n = int(input())\nfor _ in range(n): pass\n", stdin="7\n")
        self.assertEqual(m["loops"], {"L2": 7})


if __name__ == "__main__":
    unittest.main()
