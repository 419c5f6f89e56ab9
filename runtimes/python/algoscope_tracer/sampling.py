"""Sampling long loops, so a 100,000-pass loop gives a bounded, useful trace.

Each running loop instance is watched from its first pass. After ``FIRST_PASSES`` passes the
sampler knows what a pass costs (recorded steps per pass) and decides the loop's mode:

- a loop whose length is known as it starts (a ``range(…)`` header, or ``for x in name`` over
  a built-in sequence) is *sampled* when its passes would take more than half the step budget
  left when it started (its *share*);
- a loop of unknown length (``while``, iterators) is sampled once it has used a quarter of
  its share.

In a sampled loop each pass is kept or skipped as it starts: the first ``FIRST_PASSES``, the
last ``LAST_PASSES`` when the length is known, and round numbers (10, 20 … 100, 200 …) while
the loop's steps so far, plus room for its last passes, fit in 60% of its share. Every event
is still counted; the events of skipped passes (and of everything they call) are added to the
next recorded step's ``skipped``.

A loop of unknown length cannot know its last passes until it ends; unlike a recorder that can
hold passes back, this tracer streams every step as it is recorded, so such loops keep only
their first passes and round numbers.
"""

#: Passes always kept at the start of a loop (and watched to measure a pass's cost).
FIRST_PASSES = 5
#: Passes kept at the end of a sampled loop of known length.
LAST_PASSES = 5


def is_round(n):
    """10, 20 … 90, 100, 200 … 900, 1000, …: one significant digit, at least two digits."""
    if n < 10:
        return False
    while n % 10 == 0:
        n //= 10
    return n < 10


class LoopSampling:
    """The sampling state of one loop instance."""

    __slots__ = ("length", "start_steps", "share", "sampled", "per_pass", "kept")

    def __init__(self, length, steps, room):
        self.length = length
        self.start_steps = steps
        self.share = room
        self.sampled = False
        self.per_pass = 0.0
        self.kept = True


class Sampler:
    """Decides whether each pass of each loop is recorded, and counts what is not."""

    def __init__(self, max_steps):
        self.max_steps = max_steps
        self.steps = 0
        self.sampled = False
        self.skipped = 0

    def start_loop(self, length):
        """The sampling state of a loop instance that starts now (``length`` or None)."""
        return LoopSampling(length, self.steps, max(0, self.max_steps - self.steps))

    def start_pass(self, state, n):
        """Whether pass ``n`` (1-based) of the loop with ``state`` is recorded."""
        used = self.steps - state.start_steps
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
                last_room = state.per_pass * (LAST_PASSES if state.length is not None else 0)
                keep = is_round(n) and used + last_room + state.per_pass <= 0.6 * state.share
            if not keep:
                self.sampled = True
        state.kept = keep
        return keep

    def take_skipped(self):
        """Events skipped since the last recorded step (and resets the count)."""
        skipped = self.skipped
        self.skipped = 0
        return skipped
