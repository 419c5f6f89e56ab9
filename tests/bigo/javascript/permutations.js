// expect: O(n*n!)
function permute(items) {
  if (items.length <= 1) return [items];
  const out = [];
  for (let i = 0; i < items.length; i++) {
    const rest = items.slice(0, i).concat(items.slice(i + 1));
    for (const p of permute(rest)) {
      out.push([items[i], ...p]);
    }
  }
  return out;
}

console.log(permute([1, 2, 3]));
