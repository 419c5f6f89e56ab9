// Insertion sort: grow a sorted prefix by shifting larger elements one slot to the right.
function insertionSort(arr: number[]): number[] {
  for (let i = 1; i < arr.length; i++) {
    const key: number = arr[i];
    let j: number = i - 1;
    while (j >= 0 && arr[j] > key) {
      arr[j + 1] = arr[j];
      j--;
    }
    arr[j + 1] = key;
    console.log(`pass ${i}: ` + arr.join(" "));
  }
  return arr;
}

const data: number[] = [7, 3, 5, 1, 6, 2, 4];
console.log("before: " + data.join(" "));
insertionSort(data);
console.log("after: " + data.join(" "));
