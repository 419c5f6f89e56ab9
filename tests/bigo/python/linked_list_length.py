# expect: O(n)
class Node:
    def __init__(self, val, next=None):
        self.val = val
        self.next = next

def length(head):
    count = 0
    cur = head
    while cur:
        count += 1
        cur = cur.next
    return count

print(length(Node(1, Node(2))))
