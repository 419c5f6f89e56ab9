# Names and messages holding blank lines: the SVG writes them as they are, and the player's
# piece-by-piece patching must keep them (found by feeding it odd names).
class Box:
    pass


box = Box()
setattr(box, "a\n\nb", 1)
kinds = [type("C\n\nD", (), {})() for _ in range(3)]
for i in range(4):
    setattr(box, "a\n\nb", i)
    kinds.append(box)
error = ValueError("first paragraph\n\nsecond paragraph")
done = True
