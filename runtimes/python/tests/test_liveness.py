"""Tests of the heap re-reads in liveness.py: after any change, a step's wires and its added,
removed and changed ids must be what reading every object afresh gives (the fast paths for
appends, short lists and tuples, plain instances and moved roots included)."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from algoscope_tracer.liveness import Liveness  # noqa: E402
from algoscope_tracer.values import WINDOW, Heap  # noqa: E402


class Node:
    def __init__(self, value, next_node=None):
        self.value = value
        self.next = next_node


class Items(list):
    """A list subclass: read through the generic path, not the exact-list one."""


class Rereads(unittest.TestCase):
    def setUp(self):
        self.heap = Heap("<program>", lambda frame: None)
        self.live = Liveness(self.heap)

    def roots(self, *objects):
        self.heap.found = []
        return [self.heap.value(obj) for obj in objects]

    def fresh(self, oid):
        """``oid``'s wire read as if never read before (no earlier wire reused)."""
        heap = self.heap
        entry = heap.entries.pop(oid)
        try:
            heap.found = []
            return heap.describe(oid, heap.object_of(oid))
        finally:
            heap.entries[oid] = entry

    def step(self, roots, *mutated):
        """One step where ``mutated`` may have changed; checks every live wire against a fresh
        read and that ``changed`` holds exactly the objects whose wire changed (by value or
        by type: ``1`` and ``True`` are ``==``)."""
        heap = self.heap
        ids = {heap.ids[id(obj)] for obj in mutated}
        before = {oid: repr(heap.entries[oid].wire) for oid in self.live.live}
        added, removed, changed = self.live.step(roots, False, ids)
        for oid in self.live.live:
            self.assertEqual(repr(heap.entries[oid].wire), repr(self.fresh(oid)), oid)
        for oid in ids & self.live.live:
            self.assertEqual(oid in changed, repr(heap.entries[oid].wire) != before[oid], oid)
        return added, removed, changed

    def start(self, *objects):
        roots = self.roots(*objects)
        self.live.step(roots, True, set())
        return roots

    def test_append_pop_replace_and_regrow(self):
        items = [1, 2, 3]
        roots = self.start(items)
        items.append((4, "x"))  # no longer all ints
        added, _, changed = self.step(roots, items)
        self.assertEqual(len(added), 1)
        self.assertIn(roots[0], changed)
        items.pop()
        items.pop()
        _, removed, _ = self.step(roots, items)
        self.assertEqual(len(removed), 1)
        items.extend(["a", "b"])  # shrunk, then grew past the old length
        self.step(roots, items)
        items[1] = "c"  # same length, one item replaced in the middle
        self.step(roots, items)
        items[:] = []
        self.step(roots, items)
        items.append([])
        added, _, _ = self.step(roots, items)
        self.assertEqual(len(added), 1)

    def test_equal_values_of_other_types_count_as_changes(self):
        items = [1, 0, 2]
        holder = Node(1)
        roots = self.start(items, holder)
        items[0] = True  # 1 == True, but the step must show it
        _, _, changed = self.step(roots, items)
        self.assertEqual(changed[roots[0]]["i"], [True, 0, 2])
        items.append(False)
        _, _, changed = self.step(roots, items)
        self.assertEqual(changed[roots[0]]["i"], [True, 0, 2, False])
        items[0] = 1
        _, _, changed = self.step(roots, items)
        self.assertEqual(changed[roots[0]]["i"], [1, 0, 2, False])
        holder.value = True
        _, _, changed = self.step(roots, holder)
        self.assertEqual(changed[roots[1]]["f"][0], ["value", True])
        holder.value = 1.0
        self.step(roots, holder)

    def test_windows_of_long_lists(self):
        items = list(range(WINDOW - 2))
        others = [(i,) for i in range(WINDOW - 2)]
        roots = self.start(items, others)
        for _ in range(4):  # across the window's end: the window stays at its offset
            items.append(len(items))
            others.append((len(others),))
            self.step(roots, items, others)
        self.heap.windows[roots[0]] = 3
        self.heap.windows[roots[1]] = 3
        items.append(-1)
        others.append(("end",))
        _, _, changed = self.step(roots, items, others)
        self.assertEqual((changed[roots[0]]["o"], changed[roots[1]]["o"]), (3, 3))
        del items[WINDOW:]
        del others[WINDOW - 1 :]
        self.step(roots, items, others)

    def test_list_subclass_and_sizes(self):
        plain = [[], ()]
        sub = Items([1, 2])
        roots = self.start(plain, sub)
        sub.append(3)
        plain.append((1, 2, 3))
        self.step(roots, sub, plain)
        for obj in (plain, sub, plain[1], plain[2], (), ("a",)):
            oid = self.heap.value(obj)
            self.assertEqual(self.heap.describe(oid, obj)["b"], sys.getsizeof(obj))

    def test_linked_list_reversed_in_place(self):
        head = None
        for value in range(6, 0, -1):
            head = Node(value, head)
        roots = self.start(head)
        prev, current = None, head
        while current is not None:
            next_node = current.next
            current.next = prev
            prev, current = current, next_node
            self.step(self.roots(head, prev, current, next_node), prev)
        _, removed, _ = self.step(self.roots(prev))
        self.assertEqual(list(removed), [])
        self.assertEqual(len(self.live.live), 6)
        prev.next = None  # the rest is dropped
        _, removed, _ = self.step(self.roots(prev), prev)
        self.assertEqual(len(removed), 5)
        del roots


if __name__ == "__main__":
    unittest.main()
