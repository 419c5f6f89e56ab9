# A run far longer than the step budget the browser test gives it (--max-steps 2000): bubble
# sort of 40 numbers after a short printing loop, so the page shows `+` and a long slider.
def bubble_sort(arr):
    n = len(arr)
    for i in range(n - 1):
        for j in range(n - 1 - i):
            if arr[j] > arr[j + 1]:
                arr[j], arr[j + 1] = arr[j + 1], arr[j]
    return arr


data = [(i * 37) % 101 for i in range(40)]
total = 0
for k in range(5):
    total += k
    print("pass", k, total)
print(bubble_sort(data))
