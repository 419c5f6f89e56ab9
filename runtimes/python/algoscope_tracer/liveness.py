"""Which heap objects a step shows, kept up to date from step to step.

A step's live set is every object reachable from its *roots* (the objects the listed frames'
variables and the step's returned value point at). Walking the whole heap at every step costs
as much as the heap is big, so when purity.py says only some objects may have changed, the set
is updated instead of walked:

- objects that gained a reference (from a root or from a re-read object) and were not live are
  walked from, stopping at objects that already are;
- an object that lost one (a variable moved on, a field was overwritten) stays live when a
  short backward search, through an index of who points at whom, reaches a root over live
  objects: that path exists now, so the object surely is still reachable. When the search
  fails (something may have become unreachable) the whole heap is walked, as when it may have
  changed anywhere.

Either way the step gets the same live set and the same objects as a whole walk would give.
"""

from .values import Entry, same_types

#: Most objects a backward search visits before the whole heap is walked instead.
SEARCH_LIMIT = 32


def id_number(oid):
    """The number of a heap id: ``"o12"`` → 12 (ids are listed in this order)."""
    return int(oid[1:])


def _extends(after, before):
    """Whether the list ``after`` is ``before`` with items added at its end."""
    return len(after) >= len(before) and after[: len(before)] == before


class Liveness:
    """The live set and roots of the previous recorded step, and who points at whom."""

    def __init__(self, heap):
        self.heap = heap
        #: :func:`id_number` of ids the heap made, as a C-level sort key.
        self.number = heap.numbers.__getitem__
        #: Ids live at the previous recorded step.
        self.live = set()
        self.roots = []
        #: ``oid`` → how many times ``roots`` holds it.
        self.root_counts = {}
        #: ``oid`` → ``{oid of an object holding it: how many times}``, for every object read.
        self.parents = {}

    def step(self, roots, dirty, mutated):
        """``(added, removed, changed)`` for a step with ``roots`` (heap ids, in frame order):
        ids new to the live set and ids that left it (in id order), and ``{oid: wire}`` of the
        objects new to the set or changed. ``dirty``: any object may have changed (every live
        object is read again); else only the ids in ``mutated`` may have."""
        if dirty:
            return self._rewalk(roots, True, mutated, {})
        roots_moved = roots != self.roots
        if not (mutated or roots_moved):
            return (), (), {}
        changed = {}
        gained = []
        lost = []
        if mutated and not self._reread(mutated, changed, gained, lost):
            return self._rewalk(roots, False, mutated, changed)
        if roots_moved:
            moved = self._move_roots(roots, lost)
            if gained:
                gained[:0] = moved
            else:
                gained = moved
        added = None
        if gained:
            live = self.live
            # Loops, not comprehensions, here and below: cheaper for the few ids of a step.
            fresh = []
            for oid in gained:
                if oid not in live:
                    fresh.append(oid)
            if fresh:
                added, found = self._walk(fresh, False, mutated, live)
                changed.update(found)
        if lost and not self._still_held(lost, added):
            return self._rewalk(roots, False, mutated, changed)
        if not added:
            return (), (), changed
        self.live |= added
        return sorted(added, key=self.number) if len(added) > 1 else list(added), (), changed

    def _move_roots(self, roots, lost):
        """Makes ``roots`` the roots; adds ids no longer among them to ``lost`` and returns
        the part of the new roots that may hold ids new to them, in order. A call or a
        return only adds or drops the last frame's, and a step that moved variables keeps
        their number, so most often only the end, or only the places that differ, count."""
        old = self.roots
        n = len(old)
        m = len(roots)
        if m == n:  # variables moved to other objects: compare place by place
            dropped = []
            added = []
            for was, now in zip(old, roots):
                if was != now:
                    dropped.append(was)
                    added.append(now)
        elif m > n and roots[:n] == old:
            added, dropped = roots[n:], ()
        elif m < n and old[:m] == roots:
            added, dropped = (), old[m:]
        else:
            added, dropped = roots, old
        counts = self.root_counts
        for oid in dropped:
            count = counts[oid] - 1
            if count:
                counts[oid] = count
            else:
                del counts[oid]
                lost.append(oid)
        for oid in added:
            counts[oid] = counts.get(oid, 0) + 1
        self.roots = list(roots)
        return list(added)

    def _rewalk(self, roots, full, mutated, changed):
        """The step by a walk of everything ``roots`` reach; ``changed`` holds objects already
        read again this step (kept if they are still live)."""
        live, found = self._walk(roots, full, mutated)
        changed = {oid: wire for oid, wire in changed.items() if oid in live}
        changed.update(found)
        old = self.live
        self.live = live
        self._move_roots(roots, [])
        number = self.number
        return sorted(live - old, key=number), sorted(old - live, key=number), changed

    def _reread(self, mutated, changed, gained, lost):
        """Reads the live objects in ``mutated`` again, noting the references each gained and
        lost; False when one of them cannot be found (the heap is walked instead)."""
        heap = self.heap
        entries = heap.entries
        objects = heap.objects
        live = self.live
        for oid in sorted(mutated, key=self.number) if len(mutated) > 1 else mutated:
            if oid not in live:
                continue
            entry = entries.get(oid)
            obj = objects.get(oid)
            if obj is None:
                obj = heap.object_of(oid)
            if entry is None or obj is None:
                return False
            entry, wire_changed = self._read(oid, obj, entry, gained, lost)
            if wire_changed:
                changed[oid] = entry.wire
        return True

    def _still_held(self, lost, added):
        """Whether every id in ``lost`` is still reachable: a root, or reached backwards from a
        root over objects that are live (and so read since they last changed)."""
        live = self.live
        roots = self.root_counts
        parents = self.parents
        for oid in lost:
            if oid in roots or oid not in live:
                continue
            seen = {oid}
            stack = [oid]
            held = False
            while stack and not held:
                for parent in parents.get(stack.pop(), ()):
                    if parent in seen or not (parent in live or (added and parent in added)):
                        continue
                    if parent in roots:
                        held = True
                        break
                    if len(seen) >= SEARCH_LIMIT:
                        return False
                    seen.add(parent)
                    stack.append(parent)
            if not held:
                return False
        return True

    def _walk(self, queue, full, mutated, stop=None):
        """``(ids reached from queue, {oid: wire})``. ``full`` reads every object again (except
        those that can never change); else only objects that were not live or are in
        ``mutated``. Ids in ``stop`` are neither entered nor counted. The wires are those that
        changed and those of every object that was not live."""
        heap = self.heap
        entries = heap.entries
        objects = heap.objects
        old = self.live
        live = set()
        changed = {}
        queue = list(queue)
        i = 0
        while i < len(queue):
            oid = queue[i]
            i += 1
            if oid in live or (stop is not None and oid in stop):
                continue
            entry = entries.get(oid)
            if entry is not None and (entry.fixed or (not full and oid in old and oid not in mutated)):
                live.add(oid)
            else:
                obj = objects.get(oid)
                if obj is None:
                    obj = heap.object_of(oid)
                    if obj is None:
                        continue
                live.add(oid)
                entry, wire_changed = self._read(oid, obj, entry)
                if wire_changed:
                    changed[oid] = entry.wire
            if not entry.settled:
                entry.split(entries)
            if entry.leaves:
                if stop is None:
                    live.update(entry.leaves)
                else:  # a leaf already live is no id new to the live set either
                    live.update([leaf for leaf in entry.leaves if leaf not in stop])
            if entry.inner:
                queue.extend(entry.inner)
        new = live - old
        for oid in sorted(new, key=self.number) if len(new) > 1 else new:
            if oid not in changed:
                changed[oid] = entries[oid].wire
        return live, changed

    def _read(self, oid, obj, entry, gained=None, lost=None):
        """Reads ``obj`` (id ``oid``, last read into ``entry`` or never) again: ``(entry,
        whether its wire changed)``; keeps the index of references up to date and, when
        ``gained`` and ``lost`` are lists, adds to them the references it gained and lost."""
        heap = self.heap
        t = type(obj)
        info = heap.types.get(t)
        if info is None:
            info = heap.type_info(t)
        read = info.snap(heap, oid, obj, info)
        snap, keep = read
        if entry is not None and entry.snap == snap and entry.info is info:
            return entry, False
        heap.found = children = []
        wire = info.describe(heap, oid, obj, info, read)
        if entry is None:
            entry = heap.entries[oid] = Entry(snap, wire, children, keep, info.fixed, info)
            if children:
                self._link(oid, (), children)
            return entry, True
        entry.snap = snap
        entry.keep = keep
        entry.info = info
        if children != entry.children:
            self._link(oid, entry.children, children, gained, lost)
            entry.set_children(children)
        if wire == entry.wire and same_types(wire, entry.wire):
            return entry, False
        entry.wire = wire
        entry.fixed = info.fixed
        return entry, True

    def _link(self, oid, before, after, gained=None, lost=None):
        """Object ``oid`` now holds ``after`` instead of ``before``; ``gained``/``lost``, when
        lists, get the ids it holds and did not, and the ids it held and does not."""
        parents = self.parents
        if _extends(after, before):
            before, after = (), after[len(before) :]
            if gained is not None:
                gained.extend(after)
        elif gained is not None:
            had = set(before)
            has = set(after)
            for child in after:
                if child not in had:
                    gained.append(child)
            for child in before:
                if child not in has:
                    lost.append(child)
        for child in before:
            holders = parents[child]
            count = holders[oid]
            if count == 1:
                del holders[oid]
            else:
                holders[oid] = count - 1
        for child in after:
            holders = parents.get(child)
            if holders is None:
                parents[child] = {oid: 1}
            else:
                holders[oid] = holders.get(oid, 0) + 1
