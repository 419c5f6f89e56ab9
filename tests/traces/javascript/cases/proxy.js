// A Proxy is shown as a Proxy: its traps never run while tracing.
let trapped = 0;
const target = { x: 1 };
const p = new Proxy(target, {
  get(t, key) {
    trapped++;
    return t[key];
  },
  ownKeys(t) {
    trapped++;
    return Reflect.ownKeys(t);
  },
});
const seen = trapped;
console.log(seen, trapped);
