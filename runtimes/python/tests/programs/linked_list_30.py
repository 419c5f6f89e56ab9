class Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next


head = None
for v in range(30, 0, -1):
    head = Node(v, head)
print(head.value)
