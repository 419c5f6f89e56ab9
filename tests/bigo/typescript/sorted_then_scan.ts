// expect: O(n log n)
function hasDuplicate(nums: number[]): boolean {
  const s = [...nums].sort((a, b) => a - b);
  for (let i = 1; i < s.length; i++) {
    if (s[i] === s[i - 1]) return true;
  }
  return false;
}

console.log(hasDuplicate([3, 1, 3]));
