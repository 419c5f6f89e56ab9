# Module variables assigned through an alias of globals(), in the module and in a function.
import sys


def poke(space):
    space["g"] = 3
    space.update(h=4)
    space.pop("gone")


g = 1
gone = 0
d = globals()
d["g"] = 2
poke(d)
d.setdefault("k", 5)
del d["k"]
sys.modules[__name__].__dict__["g"] = 6
vars()["g"] = 7
print(g, h)
