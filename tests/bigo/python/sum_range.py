# expect: O(n)
n = 100
total = 0
for i in range(n):
    total += i
print(total)
