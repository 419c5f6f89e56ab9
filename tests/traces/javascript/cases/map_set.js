// Map and Set contents, keys of any type.
const m = new Map();
m.set('a', 1);
m.set(2, [1, 2]);
m.set({ k: 1 }, 'object key');
const s = new Set([3, 1, 3, 2]);
s.delete(1);
console.log(m.size, s.size, [...s].join(','));
console.log(m);
console.log(s);
