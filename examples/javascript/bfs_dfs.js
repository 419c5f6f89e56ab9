// Graph traversal: breadth-first search with a queue and recursive depth-first search.
function bfs(graph, start) {
  const order = [];
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    order.push(node);
    for (const neighbor of graph.get(node)) {
      if (!seen.has(neighbor)) {
        seen.add(neighbor);
        queue.push(neighbor);
      }
    }
  }
  return order;
}

function dfs(graph, node, seen, order) {
  seen.add(node);
  order.push(node);
  for (const neighbor of graph.get(node)) {
    if (!seen.has(neighbor)) {
      dfs(graph, neighbor, seen, order);
    }
  }
  return order;
}

const graph = new Map([
  ["A", ["B", "C"]],
  ["B", ["D", "E"]],
  ["C", ["F"]],
  ["D", []],
  ["E", ["F"]],
  ["F", []],
]);
console.log("bfs: " + bfs(graph, "A").join(" "));
console.log("dfs: " + dfs(graph, "A", new Set(), []).join(" "));
