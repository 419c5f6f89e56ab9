// `let` in a for loop gives each pass its own binding; each closure keeps its own `i`.
const fns = [];
for (let i = 0; i < 3; i++) {
  fns.push(() => i * 10);
}
for (const f of fns) {
  console.log(f());
}
