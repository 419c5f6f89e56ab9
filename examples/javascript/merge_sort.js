// Merge sort: split the array in half recursively, then merge the sorted halves.
function merge(left, right) {
  const result = [];
  let i = 0;
  let j = 0;
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

function mergeSort(arr) {
  if (arr.length <= 1) {
    return arr;
  }
  const mid = Math.floor(arr.length / 2);
  const left = mergeSort(arr.slice(0, mid));
  const right = mergeSort(arr.slice(mid));
  return merge(left, right);
}

const data = [38, 27, 43, 3, 9, 82, 10];
console.log("before: " + data.join(" "));
const result = mergeSort(data);
console.log("after: " + result.join(" "));
