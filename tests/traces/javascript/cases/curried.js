// Curried arrows: each call returns a closure over the previous arguments.
const add = (a) => (b) => (c) => a + b + c;
const addOne = add(1);
const addThree = addOne(2);
console.log(addThree(3));
