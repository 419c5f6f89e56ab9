# Subclasses of built-in containers and primitives whose dunders record that they ran (and
# some raise). Tracing must call none of them: the program prints what ran, traced or not.
calls = []


class L(list):
    def __len__(self):
        calls.append("L.len")
        raise RuntimeError("len")

    def __iter__(self):
        calls.append("L.iter")
        return iter([])

    def __getitem__(self, i):
        calls.append("L.getitem")
        raise RuntimeError("getitem")

    def __eq__(self, other):
        calls.append("L.eq")
        raise RuntimeError("eq")

    __hash__ = None

    def __sizeof__(self):
        calls.append("L.sizeof")
        return -1

    def __repr__(self):
        calls.append("L.repr")
        raise RuntimeError("repr")


class T(tuple):
    def __len__(self):
        calls.append("T.len")
        return 0

    def __iter__(self):
        calls.append("T.iter")
        return iter(())

    def __getitem__(self, i):
        calls.append("T.getitem")
        raise IndexError(i)

    def __hash__(self):
        calls.append("T.hash")
        return 1

    def __eq__(self, other):
        calls.append("T.eq")
        return False


class D(dict):
    def __len__(self):
        calls.append("D.len")
        return 0

    def __iter__(self):
        calls.append("D.iter")
        return iter(())

    def keys(self):
        calls.append("D.keys")
        return []

    def items(self):
        calls.append("D.items")
        return []

    def values(self):
        calls.append("D.values")
        return []

    def __getitem__(self, k):
        calls.append("D.getitem")
        raise KeyError(k)

    def __missing__(self, k):
        calls.append("D.missing")
        return 0


class S(set):
    def __len__(self):
        calls.append("S.len")
        return 0

    def __iter__(self):
        calls.append("S.iter")
        return iter(())

    def __contains__(self, x):
        calls.append("S.contains")
        return False


class I(int):
    def __repr__(self):
        calls.append("I.repr")
        raise RuntimeError("repr")

    def __index__(self):
        calls.append("I.index")
        return 0

    def __eq__(self, other):
        calls.append("I.eq")
        return False

    def __hash__(self):
        calls.append("I.hash")
        return 0


class F(float):
    def __repr__(self):
        calls.append("F.repr")
        return "F?"

    def __eq__(self, other):
        calls.append("F.eq")
        raise RuntimeError("eq")

    __hash__ = float.__hash__


class Str(str):
    def __repr__(self):
        calls.append("Str.repr")
        return "?"

    def __len__(self):
        calls.append("Str.len")
        return 0

    def __getitem__(self, i):
        calls.append("Str.getitem")
        return ""

    def __eq__(self, other):
        calls.append("Str.eq")
        return False

    __hash__ = str.__hash__


def grow(xs, ts, n):
    for k in range(n):
        list.append(xs, k)
        list.append(xs, ts)
        list.append(xs, I(k))
    return xs


lst = L([1, 2, 3])
tup = T((1, "a", 2.5, None))
dct = D(a=1, b=[1, 2])
st = S({1, 2, 3})
num = I(7)
flt = F(1.5)
txt = Str("hello" * 20)
grow(lst, tup, 3)
list.__delitem__(lst, slice(0, 4))
list.extend(lst, [txt, flt, num])
dict.__setitem__(dct, "c", lst)
dict.__setitem__(dct, 5, tup)
set.add(st, num)
nested = [lst, tup, dct, st, [num, flt, txt]]
for i in range(3):
    list.append(nested[0], i)
    list.pop(nested[0], 0)
big = L(range(70))
j = 65
for j in range(62, 66):
    list.__setitem__(big, j, -j)
print(calls)
