// An uncaught error ends the trace with the error and its line.
function check(x) {
  if (x > 2) {
    throw new TypeError(`too big: ${x}`);
  }
  return x;
}
let sum = 0;
for (let i = 0; i < 5; i++) {
  sum += check(i);
}
console.log(sum);
