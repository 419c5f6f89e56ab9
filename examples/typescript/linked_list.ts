// Singly linked list: build ListNode objects from an array, then reverse the links iteratively.
class ListNode {
  value: number;
  next: ListNode | null;

  constructor(value: number, next: ListNode | null = null) {
    this.value = value;
    this.next = next;
  }
}

function buildList(values: number[]): ListNode | null {
  let head: ListNode | null = null;
  for (let i = values.length - 1; i >= 0; i--) {
    head = new ListNode(values[i], head);
  }
  return head;
}

function reverseList(head: ListNode | null): ListNode | null {
  let prev: ListNode | null = null;
  let current: ListNode | null = head;
  while (current !== null) {
    const nextNode: ListNode | null = current.next;
    current.next = prev;
    prev = current;
    current = nextNode;
  }
  return prev;
}

function listToString(head: ListNode | null): string {
  const parts: string[] = [];
  let node: ListNode | null = head;
  while (node !== null) {
    parts.push(String(node.value));
    node = node.next;
  }
  return parts.join(" -> ");
}

let head: ListNode | null = buildList([1, 2, 3, 4, 5]);
console.log("before: " + listToString(head));
head = reverseList(head);
console.log("after: " + listToString(head));
