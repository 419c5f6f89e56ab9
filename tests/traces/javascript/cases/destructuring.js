// Destructuring with defaults and rest, in declarations and parameters.
function describe({ name, age = 30, ...rest }, [first, second = 'none', ...others] = []) {
  const keys = Object.keys(rest).join(',');
  return `${name} ${age} ${keys} ${first} ${second} ${others.length}`;
}
const [a, b = 2, ...tail] = [1, undefined, 3, 4];
console.log(a, b, tail.length);
console.log(describe({ name: 'Ada', city: 'London', lang: 'en' }, ['x']));
