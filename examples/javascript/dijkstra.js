// Dijkstra's shortest paths: always expand the closest node next, using a tiny binary min-heap.
class MinHeap {
  constructor() {
    this.items = []; // [distance, node] pairs; items[0] is the smallest
  }
  push(item) {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = Math.floor((i - 1) / 2);
      if (a[parent][0] <= a[i][0]) break;
      [a[parent], a[i]] = [a[i], a[parent]];
      i = parent;
    }
  }
  pop() {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      while (2 * i + 1 < a.length) {
        let child = 2 * i + 1;
        if (child + 1 < a.length && a[child + 1][0] < a[child][0]) child++;
        if (a[i][0] <= a[child][0]) break;
        [a[i], a[child]] = [a[child], a[i]];
        i = child;
      }
    }
    return top;
  }
}

function dijkstra(graph, start) {
  const dist = new Map([[start, 0]]);
  const heap = new MinHeap();
  heap.push([0, start]);
  while (heap.items.length > 0) {
    const [d, node] = heap.pop();
    if (d > dist.get(node)) continue;
    for (const [neighbor, weight] of graph.get(node)) {
      const nd = d + weight;
      if (!dist.has(neighbor) || nd < dist.get(neighbor)) {
        dist.set(neighbor, nd);
        heap.push([nd, neighbor]);
      }
    }
  }
  return dist;
}

const graph = new Map([
  ["A", [["B", 5], ["C", 1]]],
  ["B", [["D", 1]]],
  ["C", [["B", 2], ["D", 5]]],
  ["D", [["E", 3]]],
  ["E", []],
]);
const dist = dijkstra(graph, "A");
for (const node of [...dist.keys()].sort()) {
  console.log(`A -> ${node}: ${dist.get(node)}`);
}
