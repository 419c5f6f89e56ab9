# Bubble sort of 40 integers (worst case: reversed): one outer run of 2,400 steps.
def bubble_sort(arr):
    n = len(arr)
    for i in range(n - 1):
        for j in range(n - 1 - i):
            if arr[j] > arr[j + 1]:
                arr[j], arr[j + 1] = arr[j + 1], arr[j]
    return arr


data = list(range(40, 0, -1))
bubble_sort(data)
print(data[:5])
