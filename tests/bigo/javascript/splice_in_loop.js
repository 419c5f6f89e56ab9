// expect: O(n^2)
function removeZeros(nums) {
  for (let i = nums.length - 1; i >= 0; i--) {
    if (nums[i] === 0) nums.splice(i, 1);
  }
  return nums;
}

console.log(removeZeros([0, 1, 0, 2]));
