// expect: O(n)
class Tree {
  constructor(val, left = null, right = null) {
    this.val = val;
    this.left = left;
    this.right = right;
  }
}

function total(node) {
  if (node === null) return 0;
  return node.val + total(node.left) + total(node.right);
}

console.log(total(new Tree(1, new Tree(2), new Tree(3))));
