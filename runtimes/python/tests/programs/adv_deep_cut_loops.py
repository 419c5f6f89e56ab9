# Stacks deeper than the 64 frames a step lists, with loops running in frames the cut hides:
# returns, an exception unwinding through many frames, and a generator resumed deep down.
def down(d, stop, loop_at):
    if d == loop_at:
        for i in range(2):
            down(d + 1, stop, -1)
        return d
    if d == stop:
        raise LookupError(d)
    if d < stop:
        return down(d + 1, stop, loop_at)
    return d


def gen():
    for k in range(3):
        yield k


def deep_next(d, g):
    if d == 0:
        return next(g)
    return deep_next(d - 1, g)


for where in (16, 20, 40):
    try:
        down(1, 67, where)
    except LookupError as e:
        caught = e.args[0]
g = gen()
next(g)
for t in range(2):
    got = deep_next(66, g)
down(1, 80, 17) if False else None
print(caught, got)
