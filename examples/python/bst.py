# Binary search tree: insert values recursively, then collect them with an in-order walk.
class TreeNode:
    def __init__(self, value):
        self.value = value
        self.left = None
        self.right = None


def insert(node, value):
    if node is None:
        return TreeNode(value)
    if value < node.value:
        node.left = insert(node.left, value)
    else:
        node.right = insert(node.right, value)
    return node


def in_order(node, out):
    if node is None:
        return
    in_order(node.left, out)
    out.append(node.value)
    in_order(node.right, out)


root = None
for value in [50, 30, 70, 20, 40, 60, 80]:
    root = insert(root, value)
values = []
in_order(root, values)
print(f"root: {root.value}")
print("in-order: " + " ".join(str(v) for v in values))
