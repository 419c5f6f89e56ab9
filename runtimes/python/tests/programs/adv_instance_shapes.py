# Instances whose attribute dicts are unusual: non-text keys, many fields, slots beside a
# dict, attributes gained and lost, a replaced __dict__ (even a dict subclass), a changed class.
calls = []


class Watched:
    def __getattr__(self, name):
        calls.append("getattr " + name)
        raise AttributeError(name)

    def __getattribute__(self, name):
        if name != "__dict__":
            calls.append("getattribute " + name)
        return object.__getattribute__(self, name)

    def __repr__(self):
        calls.append("repr")
        return "W"

    def __eq__(self, other):
        calls.append("eq")
        raise RuntimeError("eq")

    __hash__ = object.__hash__

    @property
    def prop(self):
        calls.append("prop")
        return 1


class Other(Watched):
    pass


class Mixed:
    __slots__ = ("a", "b", "__dict__")

    def __init__(self):
        self.a = 1


class LoudDict(dict):
    def __iter__(self):
        calls.append("LoudDict.iter")
        return iter(())

    def items(self):
        calls.append("LoudDict.items")
        return []

    def __len__(self):
        calls.append("LoudDict.len")
        return 0


def fill(obj, n):
    for k in range(n):
        obj.__dict__["f%d" % k] = k
    return obj


w = Watched()
w.__dict__["x"] = 1
w.__dict__[1] = "one"
w.__dict__[(2, 3)] = [4]
w.__dict__["y"] = [w]
del w.__dict__[1]
w.__dict__["z"] = None
m = Mixed()
m.b = [m]
m.c = "dict field"
del m.a
m.a = 1.0
m.a = 1
m.a = True
wide = fill(Watched(), 70)
del wide.__dict__["f3"]
small = fill(Watched(), 3)
small.__dict__ = LoudDict(p=1, q=[2])
small.__dict__["r"] = 3
small.__dict__ = {"plain": 1}
w.__class__ = Other
w.__dict__["x"] = 2
w.__class__ = Watched
for k in range(3):
    setattr(small, "s%d" % k, k)
    delattr(small, "plain") if k == 0 else None
print(calls)
