# A class body whose namespace is the metaclass's own mapping (__prepare__): the tracer shows
# the body's variables, and must not run the mapping's methods to do so.
calls = []


class Namespace(dict):
    def __getitem__(self, key):
        calls.append("getitem " + key)
        return dict.__getitem__(self, key)

    def __contains__(self, key):
        calls.append("contains")
        return dict.__contains__(self, key)

    def items(self):
        calls.append("items")
        return dict.items(self)

    def keys(self):
        calls.append("keys")
        return dict.keys(self)

    def __iter__(self):
        calls.append("iter")
        return dict.__iter__(self)

    def get(self, key, default=None):
        calls.append("get")
        return dict.get(self, key, default)


class Meta(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        return Namespace()

    def __new__(mcs, name, bases, ns):
        return type.__new__(mcs, name, bases, dict(dict.items(ns)))


n = 3


class Body(metaclass=Meta):
    total = 0
    for i in range(n):
        total += i
    names = [total]
    names += [1]


print(calls)
