// expect: O(n)
class Node {
  constructor(val, next = null) {
    this.val = val;
    this.next = next;
  }
}

function length(head) {
  let count = 0;
  let cur = head;
  while (cur !== null) {
    count++;
    cur = cur.next;
  }
  return count;
}

console.log(length(new Node(1, new Node(2))));
