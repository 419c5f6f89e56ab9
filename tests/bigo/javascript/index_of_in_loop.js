// expect: O(n^2)
function positions(nums) {
  return nums.map((x) => nums.indexOf(x));
}

console.log(positions([4, 5, 4]));
