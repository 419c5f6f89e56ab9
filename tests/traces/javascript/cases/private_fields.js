// Private class fields and methods work as usual under tracing.
class Counter {
  #count = 0;
  static #created = 0;
  constructor(start) {
    this.#count = start;
    this.label = 'counter';
    Counter.#created++;
  }
  #bump() {
    this.#count++;
  }
  increment() {
    this.#bump();
    return this.#count;
  }
  static created() {
    return Counter.#created;
  }
}
const c = new Counter(5);
c.increment();
console.log(c.increment(), Counter.created());
