// Stack and queue classes: a queue feeds strings in FIFO order, a stack checks their brackets.
class Stack<T> {
  items: T[] = [];
  push(item: T): void {
    this.items.push(item);
  }
  pop(): T | undefined {
    return this.items.pop();
  }
  peek(): T | undefined {
    return this.items[this.items.length - 1];
  }
  isEmpty(): boolean {
    return this.items.length === 0;
  }
}

class Queue<T> {
  items: T[] = [];
  enqueue(item: T): void {
    this.items.push(item);
  }
  dequeue(): T | undefined {
    return this.items.shift();
  }
  isEmpty(): boolean {
    return this.items.length === 0;
  }
}

function isBalanced(text: string): boolean {
  const pairs = new Map<string, string>([[")", "("], ["]", "["], ["}", "{"]]);
  const stack = new Stack<string>();
  for (const ch of text) {
    if ("([{".includes(ch)) {
      stack.push(ch);
    } else if (pairs.has(ch)) {
      if (stack.isEmpty() || stack.peek() !== pairs.get(ch)) {
        return false;
      }
      stack.pop();
    }
  }
  return stack.isEmpty();
}

const queue = new Queue<string>();
for (const text of ["(a[b]{c})", "(]", "((x)"]) {
  queue.enqueue(text);
}
while (!queue.isEmpty()) {
  const text: string = queue.dequeue()!;
  console.log(`${text}: ` + (isBalanced(text) ? "balanced" : "not balanced"));
}
