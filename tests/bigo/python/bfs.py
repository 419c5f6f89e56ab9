# expect: O(V + E)
from collections import deque

def bfs(graph, start):
    seen = {start}
    queue = deque([start])
    order = []
    while queue:
        u = queue.popleft()
        order.append(u)
        for v in graph[u]:
            if v not in seen:
                seen.add(v)
                queue.append(v)
    return order

g = {0: [1, 2], 1: [2], 2: [0, 3], 3: []}
print(bfs(g, 0))
