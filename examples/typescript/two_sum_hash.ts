// Two-sum with a hash map: remember each value's index and look up target - value.
function twoSum(nums: number[], target: number): [number, number] | null {
  const seen = new Map<number, number>();
  for (let i = 0; i < nums.length; i++) {
    const need: number = target - nums[i];
    if (seen.has(need)) {
      return [seen.get(need)!, i];
    }
    seen.set(nums[i], i);
  }
  return null;
}

const nums: number[] = [2, 7, 11, 15, 1, 8];
for (const target of [9, 16, 100]) {
  const pair: [number, number] | null = twoSum(nums, target);
  if (pair === null) {
    console.log(`target ${target}: no pair`);
  } else {
    const [i, j] = pair;
    console.log(`target ${target}: indices ${i} and ${j} (${nums[i]} + ${nums[j]})`);
  }
}
