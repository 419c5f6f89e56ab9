# A tuple already live (a variable holds it) that a new list also holds: the step adds the
# list, not the tuple again ("ha" listed ids that were live already).
def pair(x, y):
    t = [x, y]
    return t


e = []
kept = pair(e, (1, 2))
more = [kept[1], ("a", "b")]
print(len(kept), len(more))
