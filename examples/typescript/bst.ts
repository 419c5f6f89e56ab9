// Binary search tree: insert values recursively, then collect them with an in-order walk.
class TreeNode {
  value: number;
  left: TreeNode | null = null;
  right: TreeNode | null = null;

  constructor(value: number) {
    this.value = value;
  }
}

function insert(node: TreeNode | null, value: number): TreeNode {
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

function inOrder(node: TreeNode | null, out: number[]): void {
  if (node === null) {
    return;
  }
  inOrder(node.left, out);
  out.push(node.value);
  inOrder(node.right, out);
}

let root: TreeNode | null = null;
for (const value of [50, 30, 70, 20, 40, 60, 80]) {
  root = insert(root, value);
}
const values: number[] = [];
inOrder(root, values);
console.log(`root: ${root!.value}`);
console.log("in-order: " + values.join(" "));
