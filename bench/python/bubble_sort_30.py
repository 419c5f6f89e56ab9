# Bubble sort of 30 integers (worst case: reversed).
def bubble_sort(arr):
    n = len(arr)
    for i in range(n - 1):
        for j in range(n - 1 - i):
            if arr[j] > arr[j + 1]:
                arr[j], arr[j + 1] = arr[j + 1], arr[j]
    return arr


data = list(range(30, 0, -1))
bubble_sort(data)
print(data[:5])
