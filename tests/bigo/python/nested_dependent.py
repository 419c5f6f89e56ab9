# expect: O(n^2)
n = 50
count = 0
for i in range(n):
    for j in range(i):
        count += 1
print(count)
