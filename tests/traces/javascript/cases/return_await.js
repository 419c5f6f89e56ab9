// `return await p` takes more microtask turns than `return p`... or fewer: the language decides.
async function direct() {
  return Promise.resolve('direct');
}
async function awaited() {
  return await Promise.resolve('awaited');
}
direct().then((v) => console.log(v));
awaited().then((v) => console.log(v));
Promise.resolve()
  .then(() => console.log('tick 1'))
  .then(() => console.log('tick 2'))
  .then(() => console.log('tick 3'));
