// expect: O(n)
function total(nums) {
  return nums.filter((x) => x > 0).reduce((acc, x) => acc + x, 0);
}

console.log(total([3, -1, 4]));
