def counter():
    count = 0

    def bump():
        nonlocal count
        count += 1
        return count

    return bump


tick = counter()
tick()
tick()
adder = lambda x: lambda y: x + y
add3 = adder(3)
print(tick(), add3(4))
