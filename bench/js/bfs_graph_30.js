// Breadth-first search over a 30-node graph kept as a Map of adjacency lists.
const graph = new Map();
for (let node = 0; node < 30; node++) {
  graph.set(node, [(node * 7 + 3) % 30, (node * 11 + 5) % 30, (node + 1) % 30]);
}
const seen = new Set([0]);
const order = [];
const queue = [0];
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
console.log(order.length, order.slice(0, 5));
