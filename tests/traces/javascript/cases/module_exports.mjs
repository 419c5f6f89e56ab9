// An ES module: exports stay at the top level, top-level await works.
export const base = 10;
export function scale(x) {
  return x * base;
}
const v = await Promise.resolve(scale(4));
console.log(v);
