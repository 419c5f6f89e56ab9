# Quicksort: partition around a pivot (Lomuto scheme), then sort each side in place.
def partition(arr, lo, hi):
    pivot = arr[hi]
    i = lo
    for j in range(lo, hi):
        if arr[j] < pivot:
            arr[i], arr[j] = arr[j], arr[i]
            i += 1
    arr[i], arr[hi] = arr[hi], arr[i]
    return i


def quicksort(arr, lo, hi):
    if lo < hi:
        p = partition(arr, lo, hi)
        quicksort(arr, lo, p - 1)
        quicksort(arr, p + 1, hi)


data = [10, 7, 8, 9, 1, 5, 3]
print("before: " + " ".join(str(x) for x in data))
quicksort(data, 0, len(data) - 1)
print("after: " + " ".join(str(x) for x in data))
