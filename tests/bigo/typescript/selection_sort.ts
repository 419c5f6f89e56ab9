// expect: O(n^2)
function selectionSort(a: number[]): number[] {
  const n = a.length;
  for (let i = 0; i < n; i++) {
    let m = i;
    for (let j = i + 1; j < n; j++) {
      if (a[j] < a[m]) m = j;
    }
    [a[i], a[m]] = [a[m], a[i]];
  }
  return a;
}

console.log(selectionSort([3, 2, 1]));
