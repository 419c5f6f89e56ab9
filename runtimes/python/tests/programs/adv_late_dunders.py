# Dunders added to a class after the tracer first saw its instances (the tracer caches what
# it knows about a type): they must not run either.
calls = []


class L(list):
    pass


class P:
    pass


class D(dict):
    pass


xs = L([1])
p = P()
d = D(a=1)
L.__sizeof__ = lambda self: calls.append("L.sizeof") or 0
P.__sizeof__ = lambda self: calls.append("P.sizeof") or 0
D.__sizeof__ = lambda self: calls.append("D.sizeof") or 0
L.__len__ = lambda self: calls.append("L.len") or 0
xs.append(2)
p.x = 1
d["b"] = 2
xs.append(3)
print(calls)
