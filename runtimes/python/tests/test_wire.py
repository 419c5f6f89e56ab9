"""The record encoder writes exactly what ``json.dumps`` writes, fast path or not."""

import json
import random
import unittest

from algoscope_tracer import trace_to_records
from algoscope_tracer.wire import record_encoder


def dumps(record):
    return json.dumps(record, separators=(",", ":"), ensure_ascii=True)


#: Strings that need escaping (or look as if they might): quotes, backslashes, control
#: characters, line separators, non-ASCII, astral characters, lone surrogates.
NASTY = [
    "",
    "f1",
    'f"1',
    "f\\1",
    "f\n1",
    "\x00\x1f\x7f",
    "\t\r\b\f",
    "caf\u00e9",
    "\u2028\u2029",
    "\U0001f600",
    "\ud800",
    "\udfff x \ud83d",
    "</script>",
    "'quoted'",
    "ln",
]

#: Values of every kind a record holds, and some it never does.
SCALARS = [0, 1, -1, 7, 2**63, -(2**70), 10**30, True, False, None, 1.5, -0.0, 1e300, "o12", "x"]


def value(rng, depth=0):
    """A random wire value: scalars, strings, ``["str", text]``, ``["float", text]``, lists,
    tuples and (nested) dicts."""
    roll = rng.random()
    if depth > 2 or roll < 0.4:
        return rng.choice(SCALARS)
    if roll < 0.55:
        return rng.choice(NASTY)
    if roll < 0.65:
        return ["str", rng.choice(NASTY)]
    if roll < 0.7:
        return ["float", repr(rng.choice([0.1, 1e-300, float("inf")]))]
    if roll < 0.85:
        items = [value(rng, depth + 1) for _ in range(rng.randrange(4))]
        return tuple(items) if rng.random() < 0.3 else items
    return {rng.choice(NASTY): value(rng, depth + 1) for _ in range(rng.randrange(4))}


def line_number(rng):
    """An int as the tracer writes it, or something that only looks like one."""
    return rng.choice([1, 12, 100000, 2**64, True, False, 3.0, "7", None])


def frame_update(rng):
    """A frame update of one of the shapes the tracer makes, or a near miss of one."""
    fid = rng.choice(["f1", "f22"] + NASTY)
    shape = rng.choice(["at", "at", "changed", "entered", "vars", "odd"])
    if shape == "at":
        update = {"i": fid, "ln": line_number(rng)}
    elif shape == "changed":
        update = {"i": fid, "ln": line_number(rng), "ls": pairs(rng)}
    elif shape == "entered":
        update = {"i": fid, "fn": rng.choice(NASTY), "ln": line_number(rng), "lv": pairs(rng)}
    elif shape == "vars":
        update = {"i": fid, rng.choice(["lv", "ls"]): pairs(rng)}
    else:
        update = {rng.choice(["ln", "i", "ls", "x"]): value(rng), rng.choice(["i", "ln", "st"]): value(rng)}
        if rng.random() < 0.5:
            update["ls"] = pairs(rng)
    if rng.random() < 0.1:
        update = dict(reversed(list(update.items())))  # the same keys in another order
    return update


def pairs(rng):
    """``[[name, value]…]`` (lists, or tuples as ``_pairs`` makes them), or not quite that."""
    made = [[rng.choice(["i", "n"] + NASTY), value(rng)] for _ in range(rng.randrange(4))]
    if rng.random() < 0.3:
        made = [tuple(pair) for pair in made]
    if rng.random() < 0.05:
        return value(rng)
    return made


def record(rng):
    """A step record of one of the tracer's shapes (keys in its order), or a near miss."""
    roll = rng.random()
    if roll < 0.5:
        rec = {"l": line_number(rng), "f": [frame_update(rng) for _ in range(rng.choice([1, 1, 1, 0, 2]))]}
    elif roll < 0.6:
        rec = {"l": line_number(rng), "f": frame_update(rng)}  # not a list
    elif roll < 0.7:
        rec = {"e": rng.choice(["call", "return", "exception"] + NASTY), "l": line_number(rng), "r": value(rng)}
    elif roll < 0.8:
        rec = {"e": "call", "l": line_number(rng), "fp": rng.choice([0, 1, True]), "fa": [rng.choice(NASTY)], "f": [frame_update(rng)]}
    else:
        rec = {key: value(rng) for key in rng.sample(["l", "f", "h", "ha", "hr", "lp", "r", "e", "o", "sk"], rng.randrange(1, 5))}
    for key in ("ha", "h", "lp"):
        if rng.random() < 0.1:
            rec[key] = value(rng)
    if rng.random() < 0.1:
        rec = dict(reversed(list(rec.items())))
    return rec


class RecordEncoderTest(unittest.TestCase):
    def setUp(self):
        self.encode = record_encoder()

    def test_generated_records_of_every_shape(self):
        rng = random.Random(20261201)
        fast = 0
        for _ in range(20000):
            rec = record(rng)
            self.assertEqual(self.encode(rec), dumps(rec), rec)
            fast += list(rec) == ["l", "f"]
        self.assertGreater(fast, 5000)

    def test_the_commonest_steps(self):
        for fid in NASTY:
            for line in (1, 0, -3, 2**80, True, False, None, 2.0, "5"):
                for rec in (
                    {"l": line, "f": [{"i": fid, "ln": 4}]},
                    {"l": 4, "f": [{"i": fid, "ln": line}]},
                    {"l": 4, "f": [{"i": fid, "ln": line, "ls": [["x", line], ("y", fid)]}]},
                    {"f": [{"i": fid, "ln": 4}], "l": line},
                    {"l": 4, "f": [{"ln": line, "i": fid}]},
                    {"l": 4, "f": [{"i": fid, "ls": [], "ln": line}]},
                    {"l": 4, "f": ({"i": fid, "ln": line},)},
                    {"l": 4, "f": [["i", "ln"]]},
                    {"l": 4, "f": [("i", "ln")]},
                    {"l": 4, "f": ["il"]},
                ):
                    self.assertEqual(self.encode(rec), dumps(rec), rec)

    def test_keys_that_are_not_strings(self):
        for rec in ({1: 2, "f": []}, {"l": 1, 2: 3}, {"l": 1, "f": [{1: "i", "ln": 2}]}, {True: 1, None: 2}, {1.5: 1, "l": 2}):
            self.assertEqual(self.encode(rec), dumps(rec), rec)

    def test_not_a_record(self):
        for value in ([], [1, "l"], "lf", 5, None, ("l", "f")):
            self.assertEqual(self.encode(value), dumps(value))

    def test_traced_programs_round_trip(self):
        # Every line the tracer writes, read back and written again, is the same text.
        source = (
            "class Node:\n"
            "    def __init__(self, value, link=None):\n"
            "        self.value = value\n"
            "        self.link = link\n"
            "head = None\n"
            "for i in range(6):\n"
            "    head = Node('caf\\u00e9 \"%d\"\\n' % i, head)\n"
            "total = 0\n"
            "node = head\n"
            "while node is not None:\n"
            "    total += len(node.value)\n"
            "    node = node.link\n"
            "print(total, [1.5, True, None, 2**70])\n"
        )
        lines = trace_to_records(source)
        self.assertGreater(len(lines), 30)
        for line in lines:
            self.assertEqual(self.encode(json.loads(line)), line)


if __name__ == "__main__":
    unittest.main()
