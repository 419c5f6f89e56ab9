class BadRepr:
    def __repr__(self):
        raise RuntimeError("repr must not be called")

    def __str__(self):
        raise RuntimeError("str must not be called")


class Lazy:
    def __init__(self):
        self.ready = False

    def __getattr__(self, name):
        if not self.ready:
            print("__getattr__ ran for", name)
        return 0


class Liar:
    __class__ = int

    def __init__(self):
        self.x = 1


class Point:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Loud:
    def __init__(self):
        self._v = 1

    @property
    def value(self):
        print("property ran")
        return self._v


bad = BadRepr()
lazy = Lazy()
liar = Liar()
p = Point(1, 2)
loud = Loud()
print("done")
