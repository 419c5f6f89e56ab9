total = 0
xs = [0] * 8
for i in range(200000):
    total += i
    xs[i % 8] = i
print(total)
