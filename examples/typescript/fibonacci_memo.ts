// Memoized recursion: fib(n) caches each result in a Map so every value is computed once.
function fib(n: number, memo: Map<number, number>): number {
  if (memo.has(n)) {
    return memo.get(n)!;
  }
  let result: number;
  if (n <= 1) {
    result = n;
  } else {
    result = fib(n - 1, memo) + fib(n - 2, memo);
  }
  memo.set(n, result);
  return result;
}

const memo = new Map<number, number>();
const answer: number = fib(10, memo);
console.log(`fib(10) = ${answer}`);
const table: number[] = [];
for (let k = 0; k <= 10; k++) {
  table.push(memo.get(k)!);
}
console.log("memo: " + table.join(" "));
