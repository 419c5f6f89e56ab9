# Variables assigned on a line before (and after) a call of one of the program's functions on
# that same line: each step after the call returns must show them all.
counter = 0


def bump(n):
    global counter
    counter += n
    return counter


def pair(a, b):
    return a + b, a * b


def outer(x):
    y = x + 1; z = pair(y, x)[0] + bump(y)  # noqa: E702
    w, v = pair(z, y); u = w - v  # noqa: E702
    t = bump(pair(u, 1)[1]) + pair(bump(2), bump(3))[0]
    s = sorted([t, w, v], key=lambda k: -k); r = [bump(k) for k in (1, 2)]  # noqa: E702
    q = y if pair(y, y)[0] > 0 else z; p = q + 1  # noqa: E702
    return p + r[0] + s[0]


def counting(limit):
    total = 0
    for i in range(limit):
        before = i * 2; total += pair(before, i)[0]; after = total - before  # noqa: E702
        if after > 10**9:
            break
    return total


class Box:
    def __init__(self, v):
        self.v = v

    def grow(self, by):
        self.v += by
        return self


def waiting(n):
    seen = []
    while n > 1:
        step = n % 3; n = pair(n, 0)[0] - 1 if step else bump(0) * 0 + n - 2; seen.append(n)  # noqa: E702
    return len(seen)


def methods(n):
    box = Box(n); size = box.grow(2).grow(3).v; box2 = Box(size)  # noqa: E702
    box2.grow(box.grow(1).v); last = box2.v  # noqa: E702
    return last


a = 1; b = outer(a); c = b + 1  # noqa: E702
d = counting(200); e = d % 7  # noqa: E702
f = methods(c); g = [f, e, counter]  # noqa: E702
h = waiting(700); i = h + waiting(40)  # noqa: E702
print(a, b, c, d, e, f, g, h, i)
