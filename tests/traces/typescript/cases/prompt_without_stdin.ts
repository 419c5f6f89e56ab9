// prompt() without --stdin, in TypeScript: the same error at the call's line.
const greeting: string = 'hello';
const name: string | null = prompt('name? ');
console.log(greeting, name);
