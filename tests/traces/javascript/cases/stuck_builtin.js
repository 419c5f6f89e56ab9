// One built-in call that never returns in time (catastrophic backtracking): the run is
// stopped from outside after the time budget and the steps before it are kept.
const text = 'a'.repeat(34) + 'b';
let tries = 0;
tries++;
const matched = /^(a+)+$/.test(text);
console.log(matched, tries);
