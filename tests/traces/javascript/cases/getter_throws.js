// A getter that throws if called: the tracer shows it as a getter and never calls it.
let calls = 0;
const trap = {
  plain: 1,
  get boom() {
    calls++;
    throw new Error('getter was called');
  },
};
const box = { trap };
console.log(trap.plain, calls);
