# expect: O(n)
def next_greater(nums):
    out = [-1] * len(nums)
    stack = []
    for i in range(len(nums)):
        while stack and nums[stack[-1]] < nums[i]:
            out[stack.pop()] = nums[i]
        stack.append(i)
    return out

print(next_greater([2, 1, 3]))
