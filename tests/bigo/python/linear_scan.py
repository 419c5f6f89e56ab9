# expect: O(n)
def find_max(nums):
    best = nums[0]
    for x in nums:
        if x > best:
            best = x
    return best

print(find_max([3, 1, 4, 1, 5]))
