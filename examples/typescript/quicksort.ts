// Quicksort: partition around a pivot (Lomuto scheme), then sort each side in place.
function partition(arr: number[], lo: number, hi: number): number {
  const pivot: number = arr[hi];
  let i: number = lo;
  for (let j = lo; j < hi; j++) {
    if (arr[j] < pivot) {
      [arr[i], arr[j]] = [arr[j], arr[i]];
      i++;
    }
  }
  [arr[i], arr[hi]] = [arr[hi], arr[i]];
  return i;
}

function quicksort(arr: number[], lo: number, hi: number): void {
  if (lo < hi) {
    const p: number = partition(arr, lo, hi);
    quicksort(arr, lo, p - 1);
    quicksort(arr, p + 1, hi);
  }
}

const data: number[] = [10, 7, 8, 9, 1, 5, 3];
console.log("before: " + data.join(" "));
quicksort(data, 0, data.length - 1);
console.log("after: " + data.join(" "));
