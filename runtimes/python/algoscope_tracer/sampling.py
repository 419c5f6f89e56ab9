"""Which events become steps: every one, until a long loop has to be sampled."""


class Sampler:
    """Decides for each event whether it is recorded; counts the ones that are not."""

    def __init__(self, max_steps):
        self.max_steps = max_steps
        self.sampled = False
        self.skipped = 0

    def keep(self, kind, state, tracer):
        return True

    def take_skipped(self):
        skipped = self.skipped
        self.skipped = 0
        return skipped
