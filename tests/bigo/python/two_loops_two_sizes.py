# expect: O(n + m)
def merge_counts(a, b):
    total = 0
    for x in a:
        total += x
    for y in b:
        total += y
    return total

print(merge_counts([1, 2], [3]))
