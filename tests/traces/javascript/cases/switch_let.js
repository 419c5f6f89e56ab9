// let/const declared inside switch cases: their scope is the switch block (not the function, not
// the program), a jump to a case skips the declarations before it, and a case-local binding
// shows in the locals once it is initialised.
function describe(kind) {
  let out = 'none';
  switch (kind) {
    case 'a': {
      const inner = 1;
      out = `a${inner}`;
      break;
    }
    case 'b':
      let label = 'bee';
      const size = label.length;
      const shout = () => label.toUpperCase();
      out = `${shout()}:${size}`;
      break;
    default:
      out = 'other';
  }
  return out;
}
const label = 'outer';
console.log(describe('a'));
console.log(describe('b'));
console.log(describe('c'));
console.log(label);
