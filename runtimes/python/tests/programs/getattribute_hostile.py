class A:
    def __getattribute__(self, name):
        raise RuntimeError("__getattribute__ must not run")


class Noisy:
    def __getattribute__(self, name):
        print("side effect", name)
        return object.__getattribute__(self, name)


class Meta(type):
    def __getattribute__(cls, name):
        print("meta side effect", name)
        return type.__getattribute__(cls, name)


class WithMeta(metaclass=Meta):
    pass


class Count(int):
    def __getattribute__(self, name):
        raise RuntimeError("int subclass __getattribute__ must not run")


class Holder:
    a = A()
    n = Noisy()
    m = WithMeta


a = A()
n = Noisy()
w = WithMeta
h = Holder()
c = Count(7)
print("done")
