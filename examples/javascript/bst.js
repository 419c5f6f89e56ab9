// Binary search tree: insert values recursively, then collect them with an in-order walk.
class TreeNode {
  constructor(value) {
    this.value = value;
    this.left = null;
    this.right = null;
  }
}

function insert(node, value) {
  if (node === null) {
    return new TreeNode(value);
  }
  if (value < node.value) {
    node.left = insert(node.left, value);
  } else {
    node.right = insert(node.right, value);
  }
  return node;
}

function inOrder(node, out) {
  if (node === null) {
    return;
  }
  inOrder(node.left, out);
  out.push(node.value);
  inOrder(node.right, out);
}

let root = null;
for (const value of [50, 30, 70, 20, 40, 60, 80]) {
  root = insert(root, value);
}
const values = [];
inOrder(root, values);
console.log(`root: ${root.value}`);
console.log("in-order: " + values.join(" "));
