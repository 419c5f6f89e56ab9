# expect: O(n)
class Tree:
    def __init__(self, val, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right

def total(node):
    if node is None:
        return 0
    return node.val + total(node.left) + total(node.right)

print(total(Tree(1, Tree(2), Tree(3))))
