// Imported by uses_util.mjs; not traced itself.
console.log('util loaded');
export function double(x) {
  return x * 2;
}
export const base = 10;
