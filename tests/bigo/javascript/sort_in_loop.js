// expect: O(n^2 log n)
function medians(nums) {
  const out = [];
  for (let i = 0; i < nums.length; i++) {
    const window = [...nums].sort((a, b) => a - b);
    out.push(window[window.length >> 1]);
  }
  return out;
}

console.log(medians([5, 3, 1]));
