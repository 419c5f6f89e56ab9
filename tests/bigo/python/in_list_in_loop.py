# expect: O(n^2)
def unique(nums):
    out = []
    for x in nums:
        if x not in out:
            out.append(x)
    return out

print(unique([1, 2, 1, 3]))
