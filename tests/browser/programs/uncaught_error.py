# Prints, then fails with an uncaught error two calls deep.
def last_item(items, index):
    return items[index]


def report(items):
    print("items:", len(items))
    return last_item(items, len(items))


report([3, 1, 4])
