# expect: O(n*m)
def common(a, b):
    count = 0
    for x in a:
        for y in b:
            if x == y:
                count += 1
    return count

print(common([1, 2], [2, 3]))
