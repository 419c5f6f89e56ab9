x = 1
total = sum(range(10 ** 12))
print(total)
