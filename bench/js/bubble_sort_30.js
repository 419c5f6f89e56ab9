// Bubble sort of 30 integers (worst case: reversed).
function bubbleSort(arr) {
  const n = arr.length;
  for (let i = 0; i < n - 1; i++) {
    for (let j = 0; j < n - 1 - i; j++) {
      if (arr[j] > arr[j + 1]) {
        [arr[j], arr[j + 1]] = [arr[j + 1], arr[j]];
      }
    }
  }
  return arr;
}

const data = Array.from({ length: 30 }, (_, k) => 30 - k);
bubbleSort(data);
console.log(data.slice(0, 5));
