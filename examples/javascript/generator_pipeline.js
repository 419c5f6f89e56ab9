// Generator pipeline: lazily chain numbers -> squares -> evens, pulling one value at a time.
function* numbers(limit) {
  let n = 1;
  while (n <= limit) {
    yield n;
    n++;
  }
}

function* squares(values) {
  for (const value of values) {
    yield value * value;
  }
}

function* evens(values) {
  for (const value of values) {
    if (value % 2 === 0) {
      yield value;
    }
  }
}

let total = 0;
for (const value of evens(squares(numbers(8)))) {
  console.log(`got ${value}`);
  total += value;
}
console.log(`sum of even squares: ${total}`);
