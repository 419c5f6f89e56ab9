# Suspended generators (with loops running in them) dropped, closed and left behind.
def count(n):
    for k in range(n):
        yield k


def pairs():
    for a in range(3):
        for b in range(2):
            yield a, b


g = count(5)
next(g)
p = pairs()
next(p)
next(p)
del g
total = 0
for i in range(2):
    total += i
p.close()
q = count(3)
next(q)
q = None
r = pairs()
x = next(r)
print(total, x)
