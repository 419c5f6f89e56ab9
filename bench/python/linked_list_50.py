# Build a 50-node linked list, then reverse it in place.
class ListNode:
    def __init__(self, value, next_node=None):
        self.value = value
        self.next = next_node


head = None
for value in range(50, 0, -1):
    head = ListNode(value, head)

prev = None
current = head
while current is not None:
    next_node = current.next
    current.next = prev
    prev = current
    current = next_node
head = prev
print(head.value, head.next.value)
