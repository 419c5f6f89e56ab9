def countdown(n):
    while n > 0:
        yield n
        n -= 1


gen = countdown(3)
first = next(gen)
second = next(gen)
rest = []
for value in gen:
    rest.append(value)
print(first, second, rest)
