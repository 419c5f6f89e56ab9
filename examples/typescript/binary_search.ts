// Binary search: halve the search range [lo, hi] of a sorted array on every step.
function binarySearch(arr: number[], target: number): number {
  let lo: number = 0;
  let hi: number = arr.length - 1;
  while (lo <= hi) {
    const mid: number = Math.floor((lo + hi) / 2);
    if (arr[mid] === target) {
      return mid;
    } else if (arr[mid] < target) {
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return -1;
}

const nums: number[] = [2, 5, 8, 12, 16, 23, 38, 56];
for (const target of [23, 7]) {
  const index: number = binarySearch(nums, target);
  if (index >= 0) {
    console.log(`found ${target} at index ${index}`);
  } else {
    console.log(`${target} not found`);
  }
}
