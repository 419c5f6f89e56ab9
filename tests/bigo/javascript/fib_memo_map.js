// expect: O(n)
function fib(n, memo) {
  if (memo.has(n)) return memo.get(n);
  if (n < 2) return n;
  const v = fib(n - 1, memo) + fib(n - 2, memo);
  memo.set(n, v);
  return v;
}

console.log(fib(30, new Map()));
