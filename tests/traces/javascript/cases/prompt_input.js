// prompt() reads the lines given with --stdin, one per call; null when none are left.
const a = Number(prompt('first? '));
const b = Number(prompt('second? '));
const rest = prompt();
console.log(`\nsum ${a + b}, rest ${rest}`);
