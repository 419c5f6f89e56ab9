# Insertion sort: grow a sorted prefix by shifting larger elements one slot to the right.
def insertion_sort(arr):
    for i in range(1, len(arr)):
        key = arr[i]
        j = i - 1
        while j >= 0 and arr[j] > key:
            arr[j + 1] = arr[j]
            j -= 1
        arr[j + 1] = key
        print(f"pass {i}: " + " ".join(str(x) for x in arr))
    return arr


data = [7, 3, 5, 1, 6, 2, 4]
print("before: " + " ".join(str(x) for x in data))
insertion_sort(data)
print("after: " + " ".join(str(x) for x in data))
