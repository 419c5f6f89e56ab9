// expect: O(n^2)
function reverse(nums) {
  const out = [];
  nums.forEach((x) => {
    out.unshift(x);
  });
  return out;
}

console.log(reverse([1, 2, 3]));
