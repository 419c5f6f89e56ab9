# expect: O(n^2)
def pairs(xs):
    return [(a, b) for a in xs for b in xs]

print(len(pairs([1, 2, 3])))
