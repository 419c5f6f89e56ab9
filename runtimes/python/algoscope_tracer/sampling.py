"""Sampling long loops, so a 100,000-pass loop gives a bounded, useful trace.

Each running loop instance is watched from its first pass. After ``FIRST_PASSES`` passes the
sampler knows what a pass costs (recorded steps per pass) and decides the loop's mode:

- a loop whose length is known as it starts (a ``range(…)`` header, or ``for x in name`` over
  a built-in sequence) is *sampled* when its passes would take more than half the step budget
  left when it started (its *share*);
- a loop of unknown length (``while``, iterators) is sampled once it has used a quarter of
  its share.

In a sampled loop each pass is kept or skipped as it starts: the first ``FIRST_PASSES``, the
last ``LAST_PASSES``, and round numbers (10, 20 … 100, 200 …) while the loop's steps so far,
plus room for its last passes, fit in 60% of its share. Every event is still counted; the
events of skipped passes (and of everything they call) are added to the next recorded step's
``skipped``.

A loop of unknown length cannot know its last passes until it ends, so its passes that are
not kept are recorded but held back (:class:`Holdback`): the most recent ``LAST_PASSES`` are
written when the loop ends, older ones are folded into the next record written and count as
skipped. One loop instance holds back at a time (the first to need it); a loop of unknown
length sampled inside it keeps only its first passes and round numbers. Holding back records
every pass, so a run stops holding back once that has cost ``HOLD_COST`` times its step
budget (bounded time for a loop of millions of passes).
"""

from collections import deque

from .liveness import id_number

# The run policy's (runtimes/policy.json, generated into policy.py).
from .policy import FIRST_PASSES, HOLD_COST, LAST_PASSES, OBJECT_COST  # noqa: F401


def is_round(n):
    """10, 20 … 90, 100, 200 … 900, 1000, …: one significant digit, at least two digits."""
    if n < 10:
        return False
    while n % 10 == 0:
        n //= 10
    return n < 10


class LoopSampling:
    """The sampling state of one loop instance."""

    __slots__ = ("length", "start_steps", "share", "sampled", "per_pass", "kept", "hold")

    def __init__(self, length, steps, room):
        self.length = length
        self.start_steps = steps
        self.share = room
        self.sampled = False
        self.per_pass = 0.0
        self.kept = True
        #: Its passes may be held back (until holding costs too much: ``HOLD_COST``).
        self.hold = length is None


class Sampler:
    """Decides whether each pass of each loop is recorded, and counts what is not.

    ``holdback``: where passes of a loop of unknown length are held back (:class:`Holdback`), or
    None to keep only their first passes and round numbers. ``steps`` goes down by the
    steps it folds away."""

    def __init__(self, max_steps, holdback=None):
        self.max_steps = max_steps
        self.steps = 0
        self.sampled = False
        self.skipped = 0
        self.holdback = holdback
        #: The sampling state of the loop instance whose passes are held back, or None.
        self.holder = None
        #: What recording held passes has cost so far: a step each, and ``OBJECT_COST`` for
        #: each heap object it read again.
        self.held_cost = 0

    def start_loop(self, length):
        """The sampling state of a loop instance that starts now (``length`` or None)."""
        return LoopSampling(length, self.steps, max(0, self.max_steps - self.steps))

    def start_pass(self, state, n):
        """Whether pass ``n`` (1-based) of the loop with ``state`` is recorded."""
        used = self.steps - state.start_steps
        if state is self.holder:
            used -= self.holdback.held_steps  # passes that may yet be folded away
        if n <= FIRST_PASSES:
            keep = True
        else:
            if not state.sampled:
                if n == FIRST_PASSES + 1:
                    state.per_pass = used / float(FIRST_PASSES)
                if state.length is not None:
                    state.sampled = state.per_pass * state.length > state.share / 2.0
                else:
                    state.sampled = used > state.share / 4.0
            if not state.sampled:
                keep = True
            elif state.length is not None and n > state.length - LAST_PASSES:
                keep = True
            else:
                # A held loop's last passes are in its steps so far already.
                last_room = state.per_pass * (LAST_PASSES if state.length is not None else 0)
                keep = is_round(n) and used + last_room + state.per_pass <= 0.6 * state.share
                if state.hold and self.holdback is not None and (self.holder is None or self.holder is state):
                    if self.held_cost > HOLD_COST * self.max_steps:
                        state.hold = False  # recording every pass costs too much: skip them
                        self.end_loop(state)
                    else:
                        self.holder = state
                        folded = self.holdback.new_pass(keep)
                        if folded:
                            self.steps -= folded
                            self.sampled = True
                        keep = True
            if not keep:
                self.sampled = True
        state.kept = keep
        return keep

    def end_loop(self, state):
        """The loop instance with ``state`` ended (or its frame did): its held passes go out."""
        if state is self.holder:
            self.holder = None
            self.holdback.flush()

    def finish(self):
        """The run ends: everything held back goes out."""
        self.holder = None
        if self.holdback is not None:
            self.holdback.finish()

    def take_skipped(self):
        """Events skipped since the last recorded step (and resets the count)."""
        skipped = self.skipped
        self.skipped = 0
        return skipped


# -- holding back the last passes of a loop of unknown length --------------------------------
#
# A sampled loop of unknown length (``while``, iterators) only knows its last passes once it
# ends. Such a loop's last passes are only known once it ends, so while it is sampled the records of
# its most recent ``LAST_PASSES`` passes are held here instead of written. A pass that falls out
# of the window is *folded*: its records are merged into one pending delta, which goes out
# merged into the next record written (so every record still reads as a change from the one
# before it on the wire, and the folded steps count as ``sk``, skipped events). When the loop
# ends (exit, ``break``, ``return``, an exception, a budget), the held passes are written in
# order. A process killed while passes are held loses them (``PROTOCOL.md``).
#
# Only records of steps (and ``out`` text, which must keep its place before the step whose
# ``n`` counts it) go through here; ``counts``/``end`` records go out directly.


class Pending:
    """Step records folded into one: what a reader that missed them needs to catch up, as
    the last of them would read after the step before the first."""

    __slots__ = ("max_frames", "steps", "skipped", "last", "out", "order", "frames", "added", "removed", "transient", "objects", "loops", "length")

    def __init__(self, max_frames):
        #: Most frames a step lists (more are hidden in the middle of the stack).
        self.max_frames = max_frames
        #: Step records folded, and the ``sk`` they carried.
        self.steps = 0
        self.skipped = 0
        #: The last folded step record: its event, line, output and returned value stand.
        self.last = None
        #: Text printed during the folded steps, in order.
        self.out = []
        #: ``(fp, fa)`` from the frame list before the first folded step to after the last.
        self.order = None
        #: Frame id → its merged update.
        self.frames = {}
        #: Heap ids that came and stayed, that went and stayed gone, that came and went.
        self.added = set()
        self.removed = set()
        self.transient = set()
        #: Heap id → its latest wire.
        self.objects = {}
        #: The latest ``lp`` and ``n`` (None: none was sent).
        self.loops = None
        self.length = None

    def fold(self, rec):
        """Adds one record (a step or ``{"out": text}``)."""
        if "out" in rec:
            self.out.append(rec["out"])
            return
        self.steps += 1
        self.last = rec
        for key in rec:
            if key == "f":
                frames = self.frames
                for update in rec["f"]:
                    merged = frames.get(update["i"])
                    if merged is None:
                        frames[update["i"]] = merged = {"i": update["i"]}
                    _fold_frame(merged, update)
            elif key == "lp":
                self.loops = rec["lp"]
            elif key == "sk":
                self.skipped += rec["sk"]
            elif key == "fp":
                self._fold_order(rec["fp"], rec["fa"])
            elif key == "h":
                self.objects.update(rec["h"])
            elif key == "hr":
                for oid in rec["hr"]:
                    if oid in self.added:
                        self.added.discard(oid)
                        self.transient.add(oid)
                    else:
                        self.removed.add(oid)
            elif key == "ha":
                for oid in rec["ha"]:
                    if oid in self.removed:
                        self.removed.discard(oid)
                    else:
                        self.added.add(oid)
                        self.transient.discard(oid)
            elif key == "n":
                self.length = rec["n"]

    def _fold_order(self, keep, added):
        if self.order is None or keep <= self.order[0]:
            self.order = (keep, list(added))
        else:
            kept, before = self.order
            self.order = (kept, before[: keep - kept] + list(added))

    def record(self):
        """``(out text or None, the step record)`` of everything folded (at least one step)."""
        last = self.last
        rec = {}
        if "e" in last:
            rec["e"] = last["e"]
        rec["l"] = last["l"]
        if self.order is not None:
            rec["fp"], rec["fa"] = self.order
        frames = self.frames.values()
        if self.order is not None and self.order[0] + len(self.order[1]) < self.max_frames:
            # Nothing is hidden: a frame that came and went within the folded steps is gone
            # for good, and the reader never needs it.
            listed = set(self.order[1])
            frames = [merged for merged in frames if "fn" not in merged or merged["i"] in listed]
        if frames:
            rec["f"] = [_frame_record(merged) for merged in frames]
        for key in ("r", "x"):
            if key in last:
                rec[key] = last[key]
        if self.added:
            rec["ha"] = sorted(self.added, key=id_number)
        if self.removed:
            rec["hr"] = sorted(self.removed, key=id_number)
        gone = self.removed | self.transient
        objects = {oid: wire for oid, wire in self.objects.items() if oid not in gone}
        if objects:
            rec["h"] = objects
        if self.loops is not None:
            rec["lp"] = self.loops
        if self.length is not None:
            rec["n"] = self.length
        if "o" in last:
            rec["o"] = last["o"]
        skipped = self.skipped + self.steps - 1
        if skipped:
            rec["sk"] = skipped
        return ("".join(self.out) or None), rec


def _fold_frame(merged, update):
    """Folds a frame update into ``merged``: its keys, with ``"v"`` the variables changed
    (name → value, in order) and ``"all"`` whether they are all of them (an ``lv`` came)."""
    for key, value in update.items():
        if key == "ls":
            changed = merged.get("v")
            if changed is None:
                merged["v"] = dict(value)
                merged["all"] = False
            else:
                changed.update(value)
        elif key == "lv":
            merged["v"] = dict(value)
            merged["all"] = True
        elif key != "i":
            merged[key] = value


def _frame_record(merged):
    """The frame update ``merged`` stands for (see :func:`_fold_frame`)."""
    update = {}
    for key, value in merged.items():
        if key == "v":
            update["lv" if merged["all"] else "ls"] = [[name, v] for name, v in value.items()]
        elif key != "all":
            update[key] = value
    return update


class Holdback:
    """The held passes of the one loop instance holding back, and the pending folded delta.

    ``emit(text)`` writes a wire line, ``encode(record)`` makes one; ``limit`` is how many
    passes are held (the last passes kept of a sampled loop); ``max_frames`` the most frames
    a step lists."""

    def __init__(self, emit, encode, limit, max_frames):
        self.emit = emit
        self.encode = encode
        self.limit = limit
        self.max_frames = max_frames
        #: Held passes, oldest first: ``(kept, records)``; a kept pass (a round number) is
        #: written when it leaves the window, the others are folded.
        self.passes = deque()
        #: The list the running held pass's records go to, or None (records go out).
        self.current = None
        self.pending = None
        #: Records go through :meth:`send` (something is held or pending).
        self.busy = False
        #: Step records held (not yet written or folded).
        self.held_steps = 0

    def new_pass(self, kept):
        """A held pass starts (``kept``: a round number, written whatever follows); returns
        the steps folded away (the oldest pass, when more than ``limit`` are held)."""
        self.current = []
        self.passes.append((kept, self.current))
        self.busy = True
        folded = 0
        while len(self.passes) > self.limit:
            was_kept, records = self.passes.popleft()
            if was_kept:
                for rec in records:
                    self._out(rec)
                self.held_steps -= _step_count(records)
            else:
                steps = self._fold(records)
                folded += steps
                self.held_steps -= steps
        return folded

    def flush(self):
        """The holding loop ended: its held passes (the last ones) go out."""
        self.current = None
        passes = self.passes
        self.passes = deque()
        self.held_steps = 0
        for _, records in passes:
            for rec in records:
                self._out(rec)
        self.busy = self.pending is not None

    def finish(self):
        """The run ends: everything held or pending goes out (the last folded step on its own
        when no record followed it)."""
        self.flush()
        pending = self.pending
        if pending is not None:
            self.pending = None
            self.busy = False
            text, rec = pending.record()
            if text is not None:
                self.emit(self.encode({"out": text}))
            if pending.steps:
                self.emit(self.encode(rec))

    def send(self, rec):
        """Holds, merges or writes one record (a step or ``{"out": text}``)."""
        if self.current is not None:
            self.current.append(rec)
            if "out" not in rec:
                self.held_steps += 1
        else:
            self._out(rec)

    def _out(self, rec):
        pending = self.pending
        if pending is not None:
            pending.fold(rec)
            if "out" in rec:
                return
            self.pending = None
            self.busy = self.current is not None
            text, rec = pending.record()
            if text is not None:
                self.emit(self.encode({"out": text}))
        self.emit(self.encode(rec))

    def _fold(self, records):
        pending = self.pending
        if pending is None:
            pending = self.pending = Pending(self.max_frames)
        for rec in records:
            pending.fold(rec)
        return _step_count(records)


def _step_count(records):
    """How many of ``records`` are steps (the others are ``out`` text)."""
    return sum(1 for rec in records if "out" not in rec)
