# Two-sum with a hash map: remember each value's index and look up target - value.
def two_sum(nums, target):
    seen = {}
    for i, num in enumerate(nums):
        need = target - num
        if need in seen:
            return seen[need], i
        seen[num] = i
    return None


nums = [2, 7, 11, 15, 1, 8]
for target in [9, 16, 100]:
    pair = two_sum(nums, target)
    if pair is None:
        print(f"target {target}: no pair")
    else:
        i, j = pair
        print(f"target {target}: indices {i} and {j} ({nums[i]} + {nums[j]})")
