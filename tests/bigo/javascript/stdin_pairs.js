// expect: O(n^2)
const data = require("fs").readFileSync(0, "utf8").trim().split(/\s+/).map(Number);
const n = data[0];
const a = data.slice(1, n + 1);
let count = 0;
for (let i = 0; i < n; i++) {
  for (let j = i + 1; j < n; j++) {
    if (a[i] + a[j] === 0) count++;
  }
}
console.log(count);
