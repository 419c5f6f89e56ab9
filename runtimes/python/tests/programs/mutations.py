# Mutations that skip no heap re-read they need: in-place operators, aliases, module functions,
# defaultdict reads, nested items, nonlocal cells, sets and lists inside tuples.
import heapq
from collections import defaultdict, deque


class Box:
    def __init__(self):
        self.items = []
        self.count = 0


b = Box()
b.items += [1]
b.count += 1
alias = b.items
alias.append(2)
xs = [1, 2]
ys = xs
xs += [3]
h = []
heapq.heappush(h, 5)
d = defaultdict(list)
v = d["k"]
d["j"].append(1)
grid = [[0] * 3 for _ in range(3)]
grid[1][2] = 7
row = grid[2]
row[0] = 9
q = deque([1])
q.append(2); q.popleft()


def outer():
    n = 0

    def inc():
        nonlocal n
        n += 1

    inc(); inc()
    return n


total = outer()
s = {1}
s |= {2}
t = (1, [2])
t[1].append(3)
m = {"a": [1]}
m["a"] += [2]
print(xs, ys, h, dict(d), grid, list(q), s, t, b.items, b.count, total, m)
