class Node:
    def __init__(self, value, after):
        self.value = value
        self.after = after


head = None
i = 0
total = 0
while i < 100000:
    total += i
    if i % 20000 == 0:
        head = Node(i, head)
        print("node", i)
    i += 1
print(total, head.value)
