// expect: O(n log n)
class MinHeap {
  items: number[];
  constructor() {
    this.items = [];
  }
  push(x: number): void {
    const a = this.items;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent] <= a[i]) break;
      [a[parent], a[i]] = [a[i], a[parent]];
      i = parent;
    }
  }
  pop(): number {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      while (2 * i + 1 < a.length) {
        let c = 2 * i + 1;
        if (c + 1 < a.length && a[c + 1] < a[c]) c++;
        if (a[i] <= a[c]) break;
        [a[i], a[c]] = [a[c], a[i]];
        i = c;
      }
    }
    return top;
  }
}

function heapSort(nums: number[]): number[] {
  const heap = new MinHeap();
  for (const x of nums) heap.push(x);
  const out: number[] = [];
  for (let k = 0; k < nums.length; k++) out.push(heap.pop());
  return out;
}

console.log(heapSort([5, 1, 4, 2]));
