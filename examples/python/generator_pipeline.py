# Generator pipeline: lazily chain numbers -> squares -> evens, pulling one value at a time.
def numbers(limit):
    n = 1
    while n <= limit:
        yield n
        n += 1


def squares(values):
    for value in values:
        yield value * value


def evens(values):
    for value in values:
        if value % 2 == 0:
            yield value


total = 0
for value in evens(squares(numbers(8))):
    print(f"got {value}")
    total += value
print(f"sum of even squares: {total}")
