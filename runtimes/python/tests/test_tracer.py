"""Tests of the tracer on its own (no Rust): values, loops, sampling and whole runs.

Run with ``python3 -m unittest discover -s runtimes/python/tests`` (or pytest).
"""

import glob
import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from algoscope_tracer import Options, trace_to_records  # noqa: E402
from algoscope_tracer.loops import find_loops  # noqa: E402
from algoscope_tracer.sampling import is_round  # noqa: E402
from algoscope_tracer.values import Heap  # noqa: E402


def run(source, **options):
    """Records of a run as parsed JSON, with loops found by ``ast``."""
    options.setdefault("loops", find_loops(source))
    return [json.loads(line) for line in trace_to_records(source, Options(**options))]


def program(name):
    with open(os.path.join(HERE, "programs", name), encoding="utf-8") as handle:
        return handle.read()


def steps(records):
    return [r for r in records if not {"out", "end", "counts", "syntax", "fatal"} & set(r)]


def replay(records):
    """Applies every step record to the state the ones before it left, as the reader does,
    failing on a record that does not fit; returns, per step, ``(frame order, frame id →
    {name: value}, live ids, loop contexts)``."""
    order, frames, live, wires, loops, states = [], {}, set(), {}, [], []
    for record in steps(records):
        if "fp" in record:
            order = order[: record["fp"]] + record["fa"]
        for update in record.get("f", []):
            if update["i"] not in frames:
                assert "fn" in update, "new frame without a name: %r" % update
                frames[update["i"]] = {}
            local_vars = frames[update["i"]]
            if "lv" in update:
                local_vars.clear()
                local_vars.update(dict(update["lv"]))
            for name, value in update.get("ls", []):
                assert name in local_vars, "changed local never sent: %s" % name
                local_vars[name] = value
        live.difference_update(record.get("hr", []))
        live.update(record.get("ha", []))
        wires.update(record.get("h", {}))
        loops = record.get("lp", loops)
        for fid in order:
            assert fid in frames, "frame listed before it was sent: %s" % fid
            for value in frames[fid].values():
                if type(value) is str:
                    assert value in live and value in wires, "dangling reference %s" % value
        states.append((list(order), {fid: dict(frames[fid]) for fid in order}, set(live), loops))
    return states


def end(records):
    return records[-1]["end"]


def stdout(records):
    return "".join(r["out"] for r in records if "out" in r)


class Values(unittest.TestCase):
    def setUp(self):
        self.heap = Heap("<program>", lambda frame: None)

    def test_primitives(self):
        value = self.heap.value
        self.assertEqual(value(3), 3)
        self.assertEqual(value(True), True)
        self.assertIsNone(value(None))
        self.assertEqual(value(2**60), ["int", str(2**60)])
        self.assertEqual(value(10**5000)[1], "1" + "0" * 5000)
        self.assertEqual(value(0.5), ["float", "0.5"])
        self.assertEqual(value("a\nb"), ["str", "'a\\nb'"])
        long_text = value("y" * 100)
        self.assertEqual(long_text[2], 100)
        self.assertLessEqual(len(long_text[1]), 48)

    def test_ids_in_first_seen_order(self):
        a, b = [], {}
        self.assertEqual(self.heap.value(a), "o1")
        self.assertEqual(self.heap.value(b), "o2")
        self.assertEqual(self.heap.value(a), "o1")

    def test_no_program_code_runs(self):
        calls = []

        class Hostile:
            __slots__ = ("x", "__dict__")

            def __init__(self):
                self.x = 1
                self.y = 2

            def __repr__(self):
                calls.append("repr")
                return "?"

            def __getattribute__(self, name):
                calls.append(name)
                return object.__getattribute__(self, name)

            @property
            def z(self):
                calls.append("z")
                return 3

        obj = Hostile()
        calls.clear()
        oid = self.heap.value(obj)
        wire = self.heap.describe(oid, obj)
        self.assertEqual(calls, [])
        self.assertEqual(wire["t"], "Hostile")
        self.assertEqual(wire["f"], [["x", 1], ["y", 2]])

    def test_windows_keep_length(self):
        items = list(range(100))
        oid = self.heap.value(items)
        self.heap.windows[oid] = 40
        wire = self.heap.describe(oid, items)
        self.assertEqual((wire["n"], wire["o"], len(wire["i"]), wire["i"][0]), (100, 40, 60, 40))


class Loops(unittest.TestCase):
    def test_find_loops(self):
        loops = find_loops("for i in range(3):\n    x = i\nwhile x:\n    x -= 1\n")
        self.assertEqual([(l["id"], l["kind"], l["bodyStart"], l["bodyEnd"]) for l in loops], [("L1", "for", 2, 2), ("L3", "while", 4, 4)])

    def test_iterations_count_header_to_body(self):
        source = "t = 0\nfor i in range(3):\n    if i == 1:\n        continue\n    t += i\n"
        contexts = [s.get("lp") for s in steps(run(source)) if "lp" in s]
        iterations = [c[0][3] for c in contexts if c]
        self.assertEqual(iterations, [0, 1, 2, 3])
        self.assertEqual(contexts[0][0][4], "range(0, 3)")

    def test_pass_counts_when_body_starts_with_a_loop(self):
        records = run(program("nested_loop_first.py"))
        outer = {}
        for s in steps(records):
            for context in s.get("lp") or []:
                if context[1] in ("L3", "L7"):
                    outer.setdefault(context[1], set()).add(context[3])
        self.assertEqual(outer, {"L3": {0, 1, 2}, "L7": {0, 1, 2}})
        self.assertEqual(stdout(records), "9\n")

    def test_is_round(self):
        self.assertEqual([n for n in range(1, 301) if is_round(n)], [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200, 300])


class Runs(unittest.TestCase):
    def test_output_and_refs(self):
        records = run("xs = [1]\nprint(xs)\ny = 2\n")
        self.assertEqual(stdout(records), "[1]\n")
        printed = [s for s in steps(records) if "o" in s]
        self.assertEqual(printed[0]["o"], [2, ["o1"]])
        self.assertEqual(printed[0]["n"], 4)

    def test_uncaught_error(self):
        records = run("x = 1\nraise ValueError('bad')\n")
        self.assertEqual(end(records)["error"], {"type": "ValueError", "message": "bad", "line": 2})

    def test_syntax_error(self):
        records = run("x = (\n")
        self.assertEqual(len(records), 1)
        self.assertEqual(records[0]["syntax"]["line"], 1)

    def test_step_budget_cannot_be_swallowed(self):
        records = run(program("swallow_budget.py"), max_steps=200, time_budget_ms=500)
        self.assertTrue(end(records)["truncated"])
        self.assertEqual(stdout(records), "")
        self.assertLessEqual(len(steps(records)), 200)

    def test_input(self):
        records = run(program("input_lines.py"), stdin="Ada\n36\n")
        self.assertEqual(stdout(records), "name? Ada is 36\n")
        records = run(program("input_lines.py"))
        self.assertIn("--stdin", end(records)["error"]["message"])

    def test_properties_and_reprs_never_run(self):
        records = run(program("hostile_objects.py"))
        self.assertEqual(stdout(records), "done\n")
        self.assertNotIn("error", end(records))

    def test_getattribute_never_runs(self):
        records = run(program("getattribute_hostile.py"))
        self.assertEqual(stdout(records), "done\n")
        self.assertNotIn("error", end(records))

    def test_closed_stdout_fails_in_the_program(self):
        records = run(program("stdout_closed.py"))
        self.assertEqual(stdout(records), "before\n")
        self.assertEqual(end(records)["error"], {"type": "ValueError", "message": "I/O operation on closed file.", "line": 5})

    def test_leading_byte_order_mark_is_skipped(self):
        records = run(program("byte_order_mark.py"))
        self.assertEqual(stdout(records), "0\n1\n")
        self.assertNotIn("error", end(records))
        self.assertTrue(any(s.get("lp") for s in steps(records)))

    def test_settrace_cannot_stop_recording(self):
        records = run(program("settrace_off.py"))
        self.assertEqual(stdout(records), "3 None\n")
        self.assertEqual([s["l"] for s in steps(records) if s.get("l") == 6], [6, 6, 6])
        self.assertIs(sys.settrace.__self__, sys)

    def test_writes_to_dunder_stdout_are_captured(self):
        before = sys.__stdout__
        records = run(program("dunder_stdout.py"))
        self.assertEqual(stdout(records), "raw\nprinted\nplain\n")
        self.assertIs(sys.__stdout__, before)

    def test_error_attributes_are_read_without_program_code(self):
        records = run(program("exception_getattribute.py"))
        self.assertEqual(stdout(records), "caught\n")
        self.assertEqual(end(records)["error"], {"type": "Loud", "message": "boom", "line": 15})
        for source in ("import sys\nsys.exit(False)\n", "import sys\nsys.exit(0)\n"):
            self.assertNotIn("error", end(run(source)))

    def test_program_state_is_restored(self):
        before = (sys.stdout, sys.stdin, sys.gettrace(), sys.getrecursionlimit(), sys.modules.get("__main__"))
        run("import sys\nprint('x')\n")
        after = (sys.stdout, sys.stdin, sys.gettrace(), sys.getrecursionlimit(), sys.modules.get("__main__"))
        self.assertEqual(before, after)

    def test_long_loop_is_sampled(self):
        records = run(program("long_loop.py"))
        self.assertTrue(end(records)["sampled"])
        self.assertLess(len(steps(records)), 500)
        self.assertEqual(stdout(records), "4999950000\n")

    def test_equal_values_of_another_type_are_changes(self):
        # Python's == says 1 == True, 0 == False and 0 == 0.0; each step must still show the
        # new value, in a variable, a list item and a field.
        records = steps(run(program("equal_but_other_type.py")))
        seen = {}
        for record in records:
            for update in record.get("f", []):
                for name, value in update.get("lv", []) + update.get("ls", []):
                    if name in ("x", "flag"):
                        history = seen.setdefault(name, [])
                        if not history or history[-1] != (type(value), value):
                            history.append((type(value), value))
            for wire in record.get("h", {}).values():
                for item in wire.get("i", []) + [v for _, v in wire.get("f", [])]:
                    seen.setdefault(wire["k"], []).append((type(item), item))
        self.assertEqual(seen["x"], [(int, 1), (bool, True), (list, ["float", "1.0"])])
        self.assertEqual(seen["flag"], [(int, 1), (bool, True), (int, 0), (bool, False), (list, ["float", "0.0"])])
        self.assertEqual(seen["list"], [(int, 1), (bool, True)])
        self.assertEqual(seen["instance"], [(int, 0), (bool, False)])

    def test_long_while_loop_keeps_first_round_and_last_passes(self):
        records = run(program("long_while.py"), time_budget_ms=10**6)
        self.assertEqual(stdout(records), "node 0\nnode 20000\nnode 40000\nnode 60000\nnode 80000\n4999950000 80000\n")
        self.assertTrue(end(records)["sampled"])
        states = replay(records)
        self.assertLess(len(states), 20000)
        passes = {loops[0][3] for _, _, _, loops in states if loops}
        for kept in (1, 5, 10, 100, 1000, 10000, 99996, 99997, 99998, 99999, 100000):
            self.assertIn(kept, passes)
        self.assertNotIn(99995, passes)
        self.assertNotIn(50001, passes)
        _, frames, _, _ = states[-1]
        self.assertEqual((frames["f1"]["i"], frames["f1"]["total"]), (100000, 4999950000))
        skipped = sum(s.get("sk", 0) for s in steps(records))
        self.assertEqual(skipped + len(states), end(records)["counts"]["events"] - 1)

    def test_held_passes_go_out_however_the_loop_ends(self):
        cases = {
            "break": "def f():\n    i = 0\n    while True:\n        i += 1\n        if i == 3000:\n            break\n    return i\nprint(f())\n",
            "return": "def f():\n    i = 0\n    while True:\n        i += 1\n        if i == 3000:\n            return i\nprint(f())\n",
            "raise": "def f():\n    i = 0\n    while True:\n        i += 1\n        if i == 3000:\n            raise ValueError(i)\ntry:\n    f()\nexcept ValueError as e:\n    print(e)\n",
            "iterator": "i = 0\nfor x in iter(range(3000)):\n    i += 1\nprint(i)\n",
        }
        for name, source in cases.items():
            records = run(source, max_steps=1000)
            self.assertEqual(stdout(records), "3000\n", name)
            states = replay(records)
            passes = [loops[0][3] for _, _, _, loops in states if loops]
            self.assertEqual(passes[-1], 3000, name)
            self.assertTrue({2996, 2997, 2998, 2999} <= set(passes), name)
            self.assertNotIn(2995, passes, name)

    def test_folded_passes_carry_their_frames_objects_and_output(self):
        # Each pass calls a function (frames come and go), makes an object, keeps some and
        # drops others, and some passes print: the record after a folded stretch must still
        # bring the reader to the true state, and no printed text may be lost.
        # No time budget: on a loaded machine the 6 s default can cut the run before its end.
        records = run(program("held_changes.py"), max_steps=5000, time_budget_ms=10**6)
        self.assertEqual(stdout(records), "at 500\nat 1500\nat 2500\n3000 [2995, 2997, 2999]\n")
        folded = [r for r in steps(records) if r.get("sk", 0) > 1000]
        self.assertTrue(any("ha" in r and "hr" in r and "h" in r for r in folded))
        self.assertTrue(end(records)["sampled"])
        states = replay(records)
        passes = [loops[0][3] for _, _, _, loops in states if loops]
        self.assertEqual(sorted(set(passes))[-5:], [2996, 2997, 2998, 2999, 3000])
        order, frames, live, _ = states[-1]
        self.assertEqual((order, frames["f1"]["n"]), (["f1"], 3000))
        kept = [r["h"][frames["f1"]["kept"]] for r in steps(records) if frames["f1"]["kept"] in r.get("h", {})][-1]
        self.assertEqual(len(kept["i"]), 3)
        self.assertTrue(set(kept["i"]) <= live)
        skipped = sum(s.get("sk", 0) for s in steps(records))
        self.assertEqual(skipped + len(states), end(records)["counts"]["events"] - 1)

    def test_a_budget_stop_writes_the_held_passes(self):
        records = run(program("infinite_loop.py"), max_steps=100000, time_budget_ms=300)
        self.assertEqual(end(records)["stoppedBy"], "time")
        passes = [loops[0][3] for _, _, _, loops in replay(records) if loops]
        last = passes[-1]
        self.assertEqual(sorted(set(passes))[-5:], list(range(last - 4, last + 1)))

    def test_generator_frames_are_suspended_and_resumed(self):
        records = run(program("generators.py"))
        events = [s.get("e", "line") for s in steps(records)]
        self.assertEqual(events.count("yield"), 3)
        self.assertGreaterEqual(events.count("resume"), 2)
        states = [f.get("st") for s in steps(records) for f in s.get("f", []) if "st" in f]
        self.assertIn("suspended", states)
        self.assertIn("active", states)


if __name__ == "__main__":
    unittest.main()


class Encoding(unittest.TestCase):
    """Records put together without the JSON encoder must read back to the same text."""

    def test_records_are_what_the_json_encoder_writes(self):
        root = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
        paths = sorted(glob.glob(os.path.join(root, "bench", "python", "*.py")))
        paths += [os.path.join(HERE, "programs", name) for name in ("primitives.py", "variables.py", "closures.py")]
        checked = 0
        for path in paths:
            if os.path.basename(path) == "measure.py":
                continue
            with open(path, encoding="utf-8") as handle:
                source = handle.read()
            for line in trace_to_records(source, Options(loops=find_loops(source))):
                self.assertEqual(json.dumps(json.loads(line), separators=(",", ":")), line, path)
                checked += 1
        self.assertGreater(checked, 10000)


class Shortcuts(unittest.TestCase):
    """Skipping heap re-reads (purity.py) and unchanged frames must not change any record."""

    def test_same_records_as_rereading_everything(self):
        root = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
        paths = sorted(glob.glob(os.path.join(root, "examples", "python", "*.py")))
        paths += sorted(glob.glob(os.path.join(root, "bench", "python", "*.py")))
        paths += sorted(glob.glob(os.path.join(HERE, "programs", "*.py")))
        skip = {"long_builtin.py", "infinite_loop.py", "swallow_budget.py", "measure.py", "long_while.py"}
        checked = 0
        for path in paths:
            if os.path.basename(path) in skip:
                continue
            with open(path, encoding="utf-8") as handle:
                source = handle.read()
            # No time budget: a loaded machine must not cut one run shorter than the other.
            fast = run(source, stdin="a\n1\n", time_budget_ms=10**6)
            exhaustive = run(source, stdin="a\n1\n", reread_heap=True, time_budget_ms=10**6)
            self.assertEqual(fast, exhaustive, path)
            checked += 1
        self.assertGreater(checked, 30)

    def test_same_records_when_calls_mid_line_are_sampled(self):
        # Variables assigned before and after calls on one line, in loops cut by the budget.
        source = program("calls_mid_line.py")
        for max_steps in (150, 400):
            fast = run(source, max_steps=max_steps, time_budget_ms=10**6)
            exhaustive = run(source, max_steps=max_steps, reread_heap=True, time_budget_ms=10**6)
            self.assertTrue(any("sk" in r for r in fast), max_steps)
            self.assertEqual(fast, exhaustive, max_steps)

    def test_a_module_variable_assigned_before_a_call_shows_at_the_call(self):
        records = steps(run("def f(x):\n    return x\n\na = 1; b = f(a)\n"))
        call = next(r for r in records if r.get("e") == "call" and r["f"][-1].get("fn") == "f")
        module = [u for u in call["f"] if u["i"] == "f1"]
        self.assertEqual(module[0].get("lv", module[0].get("ls"))[-1], ["a", 1])
