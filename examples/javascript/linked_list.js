// Singly linked list: build ListNode objects from an array, then reverse the links iteratively.
class ListNode {
  constructor(value, next = null) {
    this.value = value;
    this.next = next;
  }
}

function buildList(values) {
  let head = null;
  for (let i = values.length - 1; i >= 0; i--) {
    head = new ListNode(values[i], head);
  }
  return head;
}

function reverseList(head) {
  let prev = null;
  let current = head;
  while (current !== null) {
    const nextNode = current.next;
    current.next = prev;
    prev = current;
    current = nextNode;
  }
  return prev;
}

function listToString(head) {
  const parts = [];
  let node = head;
  while (node !== null) {
    parts.push(String(node.value));
    node = node.next;
  }
  return parts.join(" -> ");
}

let head = buildList([1, 2, 3, 4, 5]);
console.log("before: " + listToString(head));
head = reverseList(head);
console.log("after: " + listToString(head));
