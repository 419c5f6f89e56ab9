// expect: O(V + E)
function bfs(graph, start) {
  const seen = new Set([start]);
  const queue = [start];
  let head = 0;
  const order = [];
  while (head < queue.length) {
    const u = queue[head++];
    order.push(u);
    for (const v of graph[u]) {
      if (!seen.has(v)) {
        seen.add(v);
        queue.push(v);
      }
    }
  }
  return order;
}

const g = { 0: [1, 2], 1: [2], 2: [0, 3], 3: [] };
console.log(bfs(g, 0));
