# expect: O(V + E)
def dfs(graph, u, seen):
    seen.add(u)
    for v in graph[u]:
        if v not in seen:
            dfs(graph, v, seen)

g = {0: [1], 1: [2], 2: []}
s = set()
dfs(g, 0, s)
print(s)
