class Node:
    def __init__(self, value):
        self.value = value


def make(value):
    node = Node(value)
    return node


kept = []
n = 0
while n < 3000:
    node = make(n)
    if n % 2:
        kept.append(node)
    if len(kept) > 3:
        kept.pop(0)
    if n % 1000 == 500:
        print("at", n)
    n += 1
print(n, [k.value for k in kept])
