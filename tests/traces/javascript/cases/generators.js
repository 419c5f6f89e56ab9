// Generators driven by for...of and by next().
function* countdown(n) {
  while (n > 0) {
    yield n;
    n--;
  }
  return 'done';
}
for (const v of countdown(3)) {
  console.log(v);
}
const it = countdown(2);
console.log(it.next().value);
console.log(it.next().value);
const last = it.next();
console.log(last.value, last.done);
