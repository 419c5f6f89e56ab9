# Objects entering and leaving the live set: a ring kept by its own links, a node unlinked,
# a dropped cycle, items moved between containers, and a long chain walked from its head.
class Node:
    def __init__(self, value):
        self.value = value
        self.next = None
        self.prev = None


a, b, c = Node(1), Node(2), Node(3)
a.next, b.prev = b, a
b.next, c.prev = c, b
c.next, a.prev = a, c
del b, c
a.next = a.next.next
a.next.prev = a
ring = a
del a
ring = None

box = [[1], [2], [3]]
inner = box.pop()
moved = {"x": inner}
del inner
box.append(moved)
moved = None
box.clear()

head = None
for value in range(40):
    head = Node(value) if head is None else head
    node = Node(value)
    node.next = head.next
    head.next = node
total = 0
cur = head
while cur is not None:
    total += cur.value
    cur = cur.next
del node
head = head.next
print(total)
