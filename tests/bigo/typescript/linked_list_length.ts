// expect: O(n)
class Node {
  val: number;
  next: Node | null;
  constructor(val: number, next: Node | null = null) {
    this.val = val;
    this.next = next;
  }
}

function length(head: Node | null): number {
  let count = 0;
  let cur: Node | null = head;
  while (cur !== null) {
    count++;
    cur = cur.next;
  }
  return count;
}

console.log(length(new Node(1, new Node(2))));
