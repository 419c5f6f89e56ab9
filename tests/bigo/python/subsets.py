# expect: O(n*2^n)
def subsets(nums):
    out = []
    def go(i, path):
        if i == len(nums):
            out.append(list(path))
            return
        go(i + 1, path)
        path.append(nums[i])
        go(i + 1, path)
        path.pop()
    go(0, [])
    return out

print(subsets([1, 2, 3]))
