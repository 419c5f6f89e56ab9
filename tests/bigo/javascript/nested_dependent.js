// expect: O(n^2)
const n = 50;
let count = 0;
for (let i = 0; i < n; i++) {
  for (let j = 0; j < i; j++) {
    count++;
  }
}
console.log(count);
