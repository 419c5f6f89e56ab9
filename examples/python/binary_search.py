# Binary search: halve the search range [lo, hi] of a sorted list on every step.
def binary_search(arr, target):
    lo = 0
    hi = len(arr) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if arr[mid] == target:
            return mid
        elif arr[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


nums = [2, 5, 8, 12, 16, 23, 38, 56]
for target in [23, 7]:
    index = binary_search(nums, target)
    if index >= 0:
        print(f"found {target} at index {index}")
    else:
        print(f"{target} not found")
