// expect: O(V^2 + E)
// `shift()` moves every other item (O(n) by the language's definition): V shifts of a queue
// up to V long.
function bfs(graph, start) {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const u = queue.shift();
    for (const v of graph.get(u)) {
      if (!seen.has(v)) {
        seen.add(v);
        queue.push(v);
      }
    }
  }
  return seen;
}

const g = new Map([[0, [1, 2]], [1, [2]], [2, []]]);
console.log(bfs(g, 0));
