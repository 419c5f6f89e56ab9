// expect: O(log n)
function search(arr: number[], target: number, lo: number, hi: number): number {
  if (lo > hi) return -1;
  const mid = (lo + hi) >> 1;
  if (arr[mid] === target) return mid;
  if (arr[mid] < target) return search(arr, target, mid + 1, hi);
  return search(arr, target, lo, mid - 1);
}

console.log(search([1, 3, 5, 7], 5, 0, 3));
