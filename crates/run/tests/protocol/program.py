def square(n):
    return n * n

xs = []
for i in range(3):
    xs.append(square(i))
print(xs)
