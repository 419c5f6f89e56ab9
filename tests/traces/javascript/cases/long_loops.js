// Long loops are sampled: the trace keeps their first passes, round-numbered passes and their
// last passes (held back until a loop of unknown length ends); the steps of passes left
// out are counted in the next recorded step's `skipped`. tests/conformance/long_loops.py is
// the same program in Python and keeps the same passes (so does long_loops.ts).
const square = (v) => {
  return v * v;
};

let total = 0;
for (let i = 0; i < 20000; i++) {
  total += i;
}
const items = new Array(5000).fill(3);
let count = 0;
for (const x of items) {
  count += x;
}
let squares = 0;
for (let k = 0; k < 3000; k++) {
  squares += square(k);
}
let n = 1;
while (n < 30000) {
  n += 1;
}
console.log(total, count, squares, n);
