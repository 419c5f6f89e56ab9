// Graph traversal: breadth-first search with a queue and recursive depth-first search.
type Graph = Map<string, string[]>;

function bfs(graph: Graph, start: string): string[] {
  const order: string[] = [];
  const seen: Set<string> = new Set([start]);
  const queue: string[] = [start];
  while (queue.length > 0) {
    const node: string = queue.shift()!;
    order.push(node);
    for (const neighbor of graph.get(node)!) {
      if (!seen.has(neighbor)) {
        seen.add(neighbor);
        queue.push(neighbor);
      }
    }
  }
  return order;
}

function dfs(graph: Graph, node: string, seen: Set<string>, order: string[]): string[] {
  seen.add(node);
  order.push(node);
  for (const neighbor of graph.get(node)!) {
    if (!seen.has(neighbor)) {
      dfs(graph, neighbor, seen, order);
    }
  }
  return order;
}

const graph: Graph = new Map([
  ["A", ["B", "C"]],
  ["B", ["D", "E"]],
  ["C", ["F"]],
  ["D", []],
  ["E", ["F"]],
  ["F", []],
]);
console.log("bfs: " + bfs(graph, "A").join(" "));
console.log("dfs: " + dfs(graph, "A", new Set<string>(), []).join(" "));
