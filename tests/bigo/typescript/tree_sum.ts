// expect: O(n)
class Tree {
  val: number;
  left: Tree | null;
  right: Tree | null;
  constructor(val: number, left: Tree | null = null, right: Tree | null = null) {
    this.val = val;
    this.left = left;
    this.right = right;
  }
}

function total(node: Tree | null): number {
  if (node === null) return 0;
  return node.val + total(node.left) + total(node.right);
}

console.log(total(new Tree(1, new Tree(2), new Tree(3))));
