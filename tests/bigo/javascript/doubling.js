// expect: O(log n)
function powers(n) {
  const out = [];
  for (let i = 1; i < n; i *= 2) {
    out.push(i);
  }
  return out;
}

console.log(powers(100));
