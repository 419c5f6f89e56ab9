# expect: O(n^2 log n)
def medians(nums):
    out = []
    for i in range(len(nums)):
        window = sorted(nums)
        out.append(window[len(window) // 2])
    return out

print(medians([5, 3, 1]))
