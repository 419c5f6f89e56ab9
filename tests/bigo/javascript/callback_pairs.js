// expect: O(n^2)
function pairs(xs) {
  return xs.flatMap((a) => xs.map((b) => [a, b]));
}

console.log(pairs([1, 2, 3]).length);
