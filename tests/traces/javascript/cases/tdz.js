// Names in their temporal dead zone are left out of a step until declared.
function f() {
  const early = 1;
  let later = 2;
  return early + later;
}
console.log(f());
class Base {
  constructor() {
    this.kind = 'base';
  }
}
class Derived extends Base {
  constructor() {
    const before = 1;
    super();
    this.extra = before;
  }
}
console.log(new Derived().extra);
