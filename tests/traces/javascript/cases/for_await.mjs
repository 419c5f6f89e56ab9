// for await over an async generator and over an array of promises.
async function* ticks(n) {
  for (let i = 1; i <= n; i++) {
    await null;
    yield i;
  }
}
let sum = 0;
for await (const t of ticks(3)) {
  sum += t;
}
for await (const v of [Promise.resolve(10), 20]) {
  sum += v;
}
console.log(sum);
