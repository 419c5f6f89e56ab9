# Objects and variables changing in many ways at once (for the shortcuts test): slots, a
# doubly linked list losing nodes, globals and nonlocals, moved lists, exception variables.
class DNode:
    __slots__ = ("value", "prev", "next")

    def __init__(self, value):
        self.value = value
        self.prev = None
        self.next = None


def build(n):
    head = tail = DNode(0)
    for i in range(1, n):
        node = DNode(i)
        tail.next, node.prev = node, tail
        tail = node
    return head


def remove_odd(head):
    cur = head
    while cur is not None:
        nxt = cur.next
        if cur.value % 2:
            if cur.prev is not None:
                cur.prev.next = cur.next
            if cur.next is not None:
                cur.next.prev = cur.prev
        cur = nxt
    return head


counter = 0


def bump():
    global counter
    counter += 1
    return counter


def make_acc():
    total = 0

    def add(x):
        nonlocal total
        total += x
        return total

    return add


head = remove_odd(build(12))
groups = {}
for word in ["ab", "cd", "ae", "cf", "ag"]:
    groups.setdefault(word[0], []).append(word)
    bump()
moved = groups.pop("c")
groups["z"] = moved
moved = None
acc = make_acc()
for k in range(4):
    acc(k)
    try:
        if k == 2:
            raise KeyError(k)
    except KeyError as problem:
        last = problem
pairs = [(a, b) for a in range(3) for b in range(a)]
pairs.sort(key=lambda p: -p[1])
matrix = [[0] * 3 for _ in range(3)]
for r in range(3):
    row = matrix[r]
    for c in range(3):
        row[c] = r * c
    del row
print(counter, acc(0), len(pairs), matrix[2], groups["z"])
