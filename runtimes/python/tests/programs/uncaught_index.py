def get(items, i):
    return items[i]


values = [1, 2, 3]
print(get(values, 1))
print(get(values, 5))
print("never")
