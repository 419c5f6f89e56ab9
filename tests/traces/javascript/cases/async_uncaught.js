// An uncaught error thrown inside an async function after an await ends the trace.
async function load(n) {
  await null;
  const doubled = n * 2;
  if (doubled > 4) {
    throw new RangeError(`too many: ${doubled}`);
  }
  return doubled;
}
async function main() {
  console.log(await load(1));
  console.log(await load(3));
  console.log('unreachable');
}
main();
console.log('sync part done');
