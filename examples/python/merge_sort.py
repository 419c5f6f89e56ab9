# Merge sort: split the list in half recursively, then merge the sorted halves.
def merge(left, right):
    result = []
    i = 0
    j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            result.append(left[i])
            i += 1
        else:
            result.append(right[j])
            j += 1
    result.extend(left[i:])
    result.extend(right[j:])
    return result


def merge_sort(arr):
    if len(arr) <= 1:
        return arr
    mid = len(arr) // 2
    left = merge_sort(arr[:mid])
    right = merge_sort(arr[mid:])
    return merge(left, right)


data = [38, 27, 43, 3, 9, 82, 10]
print("before: " + " ".join(str(x) for x in data))
result = merge_sort(data)
print("after: " + " ".join(str(x) for x in result))
