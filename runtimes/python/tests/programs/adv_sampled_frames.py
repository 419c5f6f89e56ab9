# Long loops (sampled: most passes folded away) whose passes call functions with loops of
# their own, resume generators, unwind exceptions through loops and recurse.
def inner(n):
    s = 0
    for k in range(n):
        s += k
    return s


def gen():
    while True:
        for j in range(3):
            yield j


def boom(i):
    for q in range(2):
        if i % 5 == q:
            raise ValueError(i)
    return i


def rec(d):
    if d == 0:
        return 0
    for _ in range(1):
        return rec(d - 1) + 1


g = gen()
total = 0
kept = []
for i in range(400):
    total += inner(i % 4)
    total += next(g)
    try:
        boom(i)
    except ValueError:
        total -= 1
    if i % 50 == 0:
        kept.append(rec(3))
        print(i, end=" ")
print(total, len(kept))
