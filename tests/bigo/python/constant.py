# expect: O(1)
def area(w, h):
    return w * h

print(area(3, 4))
