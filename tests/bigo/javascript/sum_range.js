// expect: O(n)
const n = 100;
let total = 0;
for (let i = 0; i < n; i++) {
  total += i;
}
console.log(total);
