# Breadth-first search over a 30-node graph kept as a dict of adjacency lists.
from collections import deque

graph = {}
for node in range(30):
    graph[node] = [(node * 7 + 3) % 30, (node * 11 + 5) % 30, (node + 1) % 30]

seen = {0}
order = []
queue = deque([0])
while queue:
    node = queue.popleft()
    order.append(node)
    for neighbor in graph[node]:
        if neighbor not in seen:
            seen.add(neighbor)
            queue.append(neighbor)
print(len(order), order[:5])
