# expect: O(log n)
n = 1000
steps = 0
while n > 1:
    n //= 2
    steps += 1
print(steps)
