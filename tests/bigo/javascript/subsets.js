// expect: O(n*2^n)
function subsets(nums) {
  const out = [];
  function go(i, path) {
    if (i === nums.length) {
      out.push([...path]);
      return;
    }
    go(i + 1, path);
    path.push(nums[i]);
    go(i + 1, path);
    path.pop();
  }
  go(0, []);
  return out;
}

console.log(subsets([1, 2, 3]));
