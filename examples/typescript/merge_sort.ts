// Merge sort: split the array in half recursively, then merge the sorted halves.
function merge(left: number[], right: number[]): number[] {
  const result: number[] = [];
  let i: number = 0;
  let j: number = 0;
  while (i < left.length && j < right.length) {
    if (left[i] <= right[j]) {
      result.push(left[i]);
      i++;
    } else {
      result.push(right[j]);
      j++;
    }
  }
  result.push(...left.slice(i));
  result.push(...right.slice(j));
  return result;
}

function mergeSort(arr: number[]): number[] {
  if (arr.length <= 1) {
    return arr;
  }
  const mid: number = Math.floor(arr.length / 2);
  const left: number[] = mergeSort(arr.slice(0, mid));
  const right: number[] = mergeSort(arr.slice(mid));
  return merge(left, right);
}

const data: number[] = [38, 27, 43, 3, 9, 82, 10];
console.log("before: " + data.join(" "));
const result: number[] = mergeSort(data);
console.log("after: " + result.join(" "));
