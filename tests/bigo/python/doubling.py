# expect: O(log n)
def powers(n):
    i = 1
    out = []
    while i < n:
        out.append(i)
        i *= 2
    return out

print(powers(100))
