// expect: O(n^3)
const n = 20;
let count = 0;
for (let i = 0; i < n; i++) {
  for (let j = 0; j < n; j++) {
    for (let k = 0; k < n; k++) {
      count++;
    }
  }
}
console.log(count);
