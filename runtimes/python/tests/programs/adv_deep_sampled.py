# A long loop (sampled) whose passes dive past the 64 listed frames, where a frame the cut
# hides runs a loop, and a suspended generator waits.
def dive(d, looped):
    if d == looped:
        for i in range(1):
            dive(d + 1, looped)
        return
    if d < 68:
        dive(d + 1, looped)


def ticks():
    for t in range(1000):
        yield t


g = ticks()
next(g)
count = 0
for n in range(120):
    dive(2, 16 + n % 3)
    count += next(g)
print(count)
