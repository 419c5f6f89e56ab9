# Bubble sort: repeatedly swap adjacent out-of-order elements until the list is sorted.
def bubble_sort(arr):
    n = len(arr)
    for i in range(n - 1):
        swapped = False
        for j in range(n - 1 - i):
            if arr[j] > arr[j + 1]:
                arr[j], arr[j + 1] = arr[j + 1], arr[j]
                swapped = True
        if not swapped:
            break
    return arr


data = [5, 1, 4, 2, 8, 3]
print("before: " + " ".join(str(x) for x in data))
bubble_sort(data)
print("after: " + " ".join(str(x) for x in data))
