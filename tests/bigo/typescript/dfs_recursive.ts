// expect: O(V + E)
function dfs(graph: Record<number, number[]>, u: number, seen: Set<number>): void {
  seen.add(u);
  for (const v of graph[u]) {
    if (!seen.has(v)) {
      dfs(graph, v, seen);
    }
  }
}

const g = { 0: [1], 1: [2], 2: [] };
const s = new Set<number>();
dfs(g, 0, s);
console.log(s);
