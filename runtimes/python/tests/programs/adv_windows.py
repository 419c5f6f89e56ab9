# Lists longer than a window (60 items) read around an index variable; objects drop in and
# out of view as the index moves, the list shrinks below a window and grows past it again.
# index_names: {"nodes": ["i", "idx", "j"], "items": ["i"]}
class Node:
    def __init__(self, v):
        self.v = v


def scan(items):
    i = 0
    while i < len(items):
        if i % 7 == 0:
            items[i] = Node(i)
        i += 9
    return i


nodes = [Node(k) for k in range(75)]
scan(nodes)
i = 0
for i in range(0, 75, 11):
    nodes[i].v = -i
del nodes[50:]
for k in range(20):
    nodes.append(nodes[k])
idx = 69
nodes[idx] = nodes[0]
while len(nodes) > 58:
    nodes.pop()
    idx -= 1
nodes.extend(range(10))
j = len(nodes) - 1
nodes[j] = "last"
print(len(nodes), i, idx, j)
