// A generator object shows its state: created, running (its frame on the stack), suspended at
// a yield (with its frame) and closed; return() before next() closes it at once.
function* count(n) {
  for (let i = 0; i < n; i++) {
    yield i;
  }
}
const g = count(2);
const first = g.next();
const second = g.next();
const end = g.next();
const never = count(5);
never.return();
console.log(first.value, second.value, end.done, never.next().done);
