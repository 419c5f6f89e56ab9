# Stack and queue classes: a queue feeds strings in FIFO order, a stack checks their brackets.
class Stack:
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)

    def pop(self):
        return self.items.pop()

    def peek(self):
        return self.items[-1]

    def is_empty(self):
        return len(self.items) == 0


class Queue:
    def __init__(self):
        self.items = []

    def enqueue(self, item):
        self.items.append(item)

    def dequeue(self):
        return self.items.pop(0)

    def is_empty(self):
        return len(self.items) == 0


def is_balanced(text):
    pairs = {")": "(", "]": "[", "}": "{"}
    stack = Stack()
    for ch in text:
        if ch in "([{":
            stack.push(ch)
        elif ch in pairs:
            if stack.is_empty() or stack.peek() != pairs[ch]:
                return False
            stack.pop()
    return stack.is_empty()


queue = Queue()
for text in ["(a[b]{c})", "(]", "((x)"]:
    queue.enqueue(text)
while not queue.is_empty():
    text = queue.dequeue()
    print(f"{text}: " + ("balanced" if is_balanced(text) else "not balanced"))
