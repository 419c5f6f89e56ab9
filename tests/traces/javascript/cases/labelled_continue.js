// A labelled continue ends a pass of the outer loop from inside the inner one.
const pairs = [];
outer: for (let i = 0; i < 4; i++) {
  for (let j = 0; j < 4; j++) {
    if (j > i) continue outer;
    if ((i + j) % 2 === 1) continue;
    pairs.push(`${i}${j}`);
  }
}
console.log(pairs.join(' '));
