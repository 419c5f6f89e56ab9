# Variables appearing, changing and going away line by line, at module level and in a function.
a = 1
b = [a]
a, b = b, a
del a
for i in range(2):
    c = i
try:
    raise ValueError("x")
except ValueError as error:
    d = 1
if (e := 3) > 2:
    f = e
x: int = 5


def shuffle(n):
    left = n
    right = [left]
    left, right = right, left
    del left
    for j in range(n):
        right += j
    try:
        [][1]
    except IndexError as problem:
        kept = str(problem)
    return right, kept


print(shuffle(3), b, c, d, f, x)
