# Lists edited every way the change detection shortcuts care about: appends, pops, slices,
# items replaced by equal values of another type, shrink and regrow to the same length, the
# same objects twice, items whose __eq__ raises.
calls = []


class Touchy:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        calls.append("eq")
        raise RuntimeError("eq")

    def __hash__(self):
        calls.append("hash")
        raise RuntimeError("hash")

    def __repr__(self):
        calls.append("repr")
        raise RuntimeError("repr")


def churn(xs, a, b):
    xs.append(a)
    xs.append(a)
    xs.pop()
    xs.append(b)
    xs[0] = 1
    xs[0] = True
    xs[0] = 1.0
    xs[0] = 1
    xs[-1] = a
    del xs[1:3]
    xs[1:1] = [b, b]
    xs.pop(0)
    xs.insert(0, 1)
    return xs


a = Touchy(1)
b = Touchy(2)
pair = (a, b)
xs = [0, 1, 2]
churn(xs, a, b)
ys = [pair, pair]
ys.append(pair)
ys.pop()
ys.append((a, b))
ys[1] = ys[0]
zs = [a, b, a]
zs.pop()
zs.append(a)
zs.pop()
zs.append(b)
zs.clear()
zs.extend([b, a, b])
zs.reverse()
zs[:] = zs[:2]
zs += [pair]
ints = [1, 2, 3]
ints.append(2**60)
ints.pop()
ints.append(True)
ints[-1] = 1
ints.append(-2**53)
ints[-1] = -2**53 + 1
flat = []
for i in range(5):
    flat.append(i)
    flat.append(float(i))
    flat.append(str(i))
    flat.pop(0)
print(len(xs), len(ys), len(zs), calls)
