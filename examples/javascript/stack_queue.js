// Stack and queue classes: a queue feeds strings in FIFO order, a stack checks their brackets.
class Stack {
  constructor() {
    this.items = [];
  }
  push(item) {
    this.items.push(item);
  }
  pop() {
    return this.items.pop();
  }
  peek() {
    return this.items[this.items.length - 1];
  }
  isEmpty() {
    return this.items.length === 0;
  }
}

class Queue {
  constructor() {
    this.items = [];
  }
  enqueue(item) {
    this.items.push(item);
  }
  dequeue() {
    return this.items.shift();
  }
  isEmpty() {
    return this.items.length === 0;
  }
}

function isBalanced(text) {
  const pairs = new Map([[")", "("], ["]", "["], ["}", "{"]]);
  const stack = new Stack();
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

const queue = new Queue();
for (const text of ["(a[b]{c})", "(]", "((x)"]) {
  queue.enqueue(text);
}
while (!queue.isEmpty()) {
  const text = queue.dequeue();
  console.log(`${text}: ` + (isBalanced(text) ? "balanced" : "not balanced"));
}
