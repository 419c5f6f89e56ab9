// expect: O(n log n)
function partition(a: number[], lo: number, hi: number): number {
  const pivot = a[hi];
  let i = lo;
  for (let j = lo; j < hi; j++) {
    if (a[j] < pivot) {
      [a[i], a[j]] = [a[j], a[i]];
      i++;
    }
  }
  [a[i], a[hi]] = [a[hi], a[i]];
  return i;
}

function quicksort(a: number[], lo: number, hi: number): void {
  if (lo < hi) {
    const p = partition(a, lo, hi);
    quicksort(a, lo, p - 1);
    quicksort(a, p + 1, hi);
  }
}

const xs = [3, 6, 1, 8, 2];
quicksort(xs, 0, xs.length - 1);
console.log(xs);
