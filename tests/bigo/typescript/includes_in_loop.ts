// expect: O(n^2)
function unique(nums: number[]): number[] {
  const out: number[] = [];
  for (const x of nums) {
    if (!out.includes(x)) {
      out.push(x);
    }
  }
  return out;
}

console.log(unique([1, 2, 1, 3]));
