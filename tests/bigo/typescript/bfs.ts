// expect: O(V + E)
function bfs(graph: Record<number, number[]>, start: number): number[] {
  const seen = new Set([start]);
  const queue: number[] = [start];
  let head = 0;
  const order: number[] = [];
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

const g: Record<number, number[]> = { 0: [1, 2], 1: [2], 2: [0, 3], 3: [] };
console.log(bfs(g, 0));
