// Recursive Fibonacci without a memo: fib(15) makes 1,973 calls.
function fib(n) {
  if (n < 2) {
    return n;
  }
  return fib(n - 1) + fib(n - 2);
}

console.log(fib(15));
