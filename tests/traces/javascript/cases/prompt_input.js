// prompt() reads the lines given with --stdin, one per call; with none left it throws (as
// Python's input() raises EOFError), saying how to give input.
const a = Number(prompt('first? '));
const b = Number(prompt('second? '));
let rest;
try {
  rest = prompt();
} catch (e) {
  rest = e.message;
}
console.log(`\nsum ${a + b}, rest: ${rest}`);
