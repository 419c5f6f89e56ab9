// Build a 50-node linked list, then reverse it in place.
class ListNode {
  constructor(value, next = null) {
    this.value = value;
    this.next = next;
  }
}

let head = null;
for (let value = 50; value > 0; value--) {
  head = new ListNode(value, head);
}
let prev = null;
let current = head;
while (current !== null) {
  const next = current.next;
  current.next = prev;
  prev = current;
  current = next;
}
head = prev;
console.log(head.value, head.next.value);
