// expect: O(n)
declare function require(m: string): any;
const lines: string[] = require("fs").readFileSync(0, "utf8").split("\n");
const n = Number(lines[0]);
const a: number[] = lines[1].split(" ").map(Number);
let total = 0;
for (const x of a) {
  total += x;
}
console.log(total);
