// prompt() without --stdin: an error at the call's line that says how to give input.
const greeting = 'hello';
const name = prompt('name? ');
console.log(greeting, name);
