// async/await against synchronous code: the order of the printed lines is the language's.
async function work(name) {
  console.log(`${name} start`);
  await null;
  console.log(`${name} after await`);
  return name;
}
console.log('sync 1');
work('a').then((v) => console.log(`then ${v}`));
work('b');
Promise.resolve().then(() => console.log('microtask'));
console.log('sync 2');
