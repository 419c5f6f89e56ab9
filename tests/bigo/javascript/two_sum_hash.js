// expect: O(n)
function twoSum(nums, target) {
  const seen = new Map();
  for (const [i, x] of nums.entries()) {
    if (seen.has(target - x)) return [seen.get(target - x), i];
    seen.set(x, i);
  }
  return null;
}

console.log(twoSum([2, 7, 11, 15], 9));
