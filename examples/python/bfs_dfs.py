# Graph traversal: breadth-first search with a queue and recursive depth-first search.
from collections import deque


def bfs(graph, start):
    order = []
    seen = {start}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        order.append(node)
        for neighbor in graph[node]:
            if neighbor not in seen:
                seen.add(neighbor)
                queue.append(neighbor)
    return order


def dfs(graph, node, seen, order):
    seen.add(node)
    order.append(node)
    for neighbor in graph[node]:
        if neighbor not in seen:
            dfs(graph, neighbor, seen, order)
    return order


graph = {
    "A": ["B", "C"],
    "B": ["D", "E"],
    "C": ["F"],
    "D": [],
    "E": ["F"],
    "F": [],
}
print("bfs: " + " ".join(bfs(graph, "A")))
print("dfs: " + " ".join(dfs(graph, "A", set(), [])))
