// expect: O(n + m)
function mergeCounts(a, b) {
  let total = 0;
  a.forEach((x) => {
    total += x;
  });
  for (const y of b) {
    total += y;
  }
  return total;
}

console.log(mergeCounts([1, 2], [3]));
