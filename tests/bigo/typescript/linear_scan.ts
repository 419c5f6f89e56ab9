// expect: O(n)
function findMax(nums: number[]): number {
  let best = nums[0];
  for (const x of nums) {
    if (x > best) best = x;
  }
  return best;
}

console.log(findMax([3, 1, 4, 1, 5]));
