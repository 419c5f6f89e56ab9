# Singly linked list: build ListNode objects from a list, then reverse the links iteratively.
class ListNode:
    def __init__(self, value, next_node=None):
        self.value = value
        self.next = next_node


def build_list(values):
    head = None
    for value in reversed(values):
        head = ListNode(value, head)
    return head


def reverse_list(head):
    prev = None
    current = head
    while current is not None:
        next_node = current.next
        current.next = prev
        prev = current
        current = next_node
    return prev


def list_to_string(head):
    parts = []
    node = head
    while node is not None:
        parts.append(str(node.value))
        node = node.next
    return " -> ".join(parts)


head = build_list([1, 2, 3, 4, 5])
print("before: " + list_to_string(head))
head = reverse_list(head)
print("after: " + list_to_string(head))
