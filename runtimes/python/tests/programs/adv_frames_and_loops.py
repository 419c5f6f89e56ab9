# Frames come and go inside loops: recursion returning into loops, generators suspended in
# loops, exceptions unwinding through loops, class bodies, lambdas and comprehensions.
import io
import sys

sys.stderr = io.StringIO()  # what goes there is kept out of the test's output


def gen(n):
    for k in range(n):
        got = yield k
        if got:
            for j in range(2):
                yield -j


def walk(n):
    if n == 0:
        return 0
    total = 0
    for i in range(2):
        total += walk(n - 1)
    return total + 1


def fail(n):
    for i in range(3):
        if i == n:
            raise ValueError(i)
    return n


counter = 0


def bump():
    global counter
    counter += 1
    return counter


def outer():
    count = 0

    def inner():
        nonlocal count
        count += 1
        return count

    for _ in range(2):
        inner()
    return count


class Body:
    items = []
    for q in range(2):
        items.append(q)
    twice = [x * 2 for x in items]


g = gen(3)
first = next(g)
h = gen(2)
for v in g:
    if v == 1:
        g.send(True)
        next(h)
caught = []
for k in range(3):
    try:
        fail(k)
    except ValueError as e:
        caught.append(e.args[0])
print(walk(3), caught, file=sys.stderr)
print("a", end="")
print()
print("b", "c", sep="-", end="!\n")
bump()
bump()
sq = lambda v: v * v
res = [sq(x) for x in range(3) if bump()]
pairs = {k: [j for j in range(k)] for k in range(3)}
gx = sum(x for x in range(4))
n = outer()
print(counter, res, pairs, gx, n, Body.twice)
