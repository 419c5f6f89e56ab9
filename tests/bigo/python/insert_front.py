# expect: O(n^2)
def reverse(nums):
    out = []
    for x in nums:
        out.insert(0, x)
    return out

print(reverse([1, 2, 3]))
