// A promise rejected with no handler ends the trace with its error, as it ends node.
async function load(name) {
  await null;
  throw new Error(`cannot load ${name}`);
}
console.log('start');
load('data');
console.log('end of script');
