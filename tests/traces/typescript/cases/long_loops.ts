// Long loops are sampled: the trace keeps their first passes, round-numbered passes and their
// last passes (held back until a loop of unknown length ends); the steps of passes left
// out are counted in the next recorded step's `skipped`. The same program as
// ../../javascript/cases/long_loops.js and tests/conformance/long_loops.py, with types.
const square = (v: number): number => {
  return v * v;
};

let total: number = 0;
for (let i = 0; i < 20000; i++) {
  total += i;
}
const items: number[] = new Array<number>(5000).fill(3);
let count = 0;
for (const x of items) {
  count += x;
}
let squares = 0;
for (let k = 0; k < 3000; k++) {
  squares += square(k);
}
let n: number = 1;
while (n < 30000) {
  n += 1;
}
console.log(total, count, squares, n);
