# Variables that change without an assignment statement in the frame that shows them:
# globals set from called functions (global, globals(), a module dict alias), nonlocal
# cells, walrus targets in comprehensions, del, except-as cleanup, for targets, imports.
import sys

g = 1
h = [1]


def set_global():
    global g
    g = 2


def via_globals():
    globals()["g"] = 3


def via_alias():
    sys.modules[__name__].__dict__["g"] = 4
    sys.modules[__name__].__dict__["fresh"] = 5


def via_frame():
    sys._getframe(1).f_globals["g"] = 6


def outer():
    x = 1
    y = 1

    def inner():
        nonlocal x
        x = 2

    inner()
    total = [z := v for v in range(3)]
    del y
    try:
        raise KeyError(1)
    except KeyError as err:
        caught = err
    for x in range(2):
        pass
    import math as x
    return z, total, caught


def accumulate(n):
    acc = []
    for i in range(n):
        acc += [i]
        acc = acc + [i]
    return acc


set_global()
via_globals()
via_alias()
globals()["g"] = 7
via_frame()
r = outer()
a = accumulate(2)
[w := k for k in range(2)]
del h
exec("g = 8")
print(g, fresh, w, r[0], a)
