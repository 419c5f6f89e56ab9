// expect: O(n)
const lines = require("fs").readFileSync(0, "utf8").split("\n");
const n = Number(lines[0]);
const a = lines[1].split(" ").map(Number);
let total = 0;
for (const x of a) {
  total += x;
}
console.log(total);
