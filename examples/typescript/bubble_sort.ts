// Bubble sort: repeatedly swap adjacent out-of-order elements until the array is sorted.
function bubbleSort(arr: number[]): number[] {
  const n: number = arr.length;
  for (let i = 0; i < n - 1; i++) {
    let swapped: boolean = false;
    for (let j = 0; j < n - 1 - i; j++) {
      if (arr[j] > arr[j + 1]) {
        const tmp: number = arr[j];
        arr[j] = arr[j + 1];
        arr[j + 1] = tmp;
        swapped = true;
      }
    }
    if (!swapped) {
      break;
    }
  }
  return arr;
}

const data: number[] = [5, 1, 4, 2, 8, 3];
console.log("before: " + data.join(" "));
bubbleSort(data);
console.log("after: " + data.join(" "));
