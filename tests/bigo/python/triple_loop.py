# expect: O(n^3)
n = 20
count = 0
for i in range(n):
    for j in range(n):
        for k in range(n):
            count += 1
print(count)
