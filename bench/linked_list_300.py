# Build a 300-node singly linked list by prepending, then reverse it in place.
class Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next


head = None
for value in range(300, 0, -1):
    head = Node(value, head)

prev = None
current = head
while current is not None:
    following = current.next
    current.next = prev
    prev = current
    current = following
head = prev
print(head.value)
