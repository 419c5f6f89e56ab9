// expect: O(n*m)
function common(a, b) {
  let count = 0;
  for (const x of a) {
    for (const y of b) {
      if (x === y) count++;
    }
  }
  return count;
}

console.log(common([1, 2], [2, 3]));
