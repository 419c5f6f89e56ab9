// The recorder's console formatting matches Node's util.format on common values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import util from 'node:util';
import { format } from '../inspect.mjs';

class ListNode {
  constructor(v) {
    this.val = v;
    this.next = null;
  }
}
const list = new ListNode(1);
list.next = new ListNode(2);
list.next.next = new ListNode(3);
list.next.next.next = new ListNode(4);
const circular = { a: 1 };
circular.self = circular;

const cases = [
  [1, 'b', [1, 2, 3]],
  [[1, 'b']],
  [new Map([[1, 2]])],
  [new Set([1, 2])],
  [list],
  [{ a: 1, b: 'x', c: [1, 2, { d: 3 }] }],
  [Array.from({ length: 30 }, (_, i) => i * 7)],
  [Array.from({ length: 10 }, (_, i) => `item${i}`)],
  ['%s is %d years', 'Bob', 42],
  ['%o', { x: 1 }],
  ['100%', 5],
  ['a%%b', 1],
  ['%i %f %j', '42.5px', '3.25', { a: [1] }],
  [-0, 0.1 + 0.2, 1e21, 10n],
  [Symbol('x'), undefined, null, true],
  [{ 'a-b': 1, c: undefined }],
  [[undefined, null]],
  [circular],
  [function foo() {}, () => {}, class A {}, class B extends ListNode {}],
  [new Date(0)],
  [/a+/g],
  [{ get x() { return 1; } }],
  [Object.create(null)],
  [[, , 1]],
  [new Int32Array([1, 2, 3])],
  [[[[[1]]]]],
  [{ a: { b: { c: { d: 1 } } } }],
  [Array.from({ length: 120 }, (_, i) => i)],
  ["it's"],
  [["it's", 'a"b']],
  [new Map()],
  [[]],
  [{}],
  [{ long: 'x'.repeat(70), other: 'y'.repeat(20) }],
  [Array.from({ length: 8 }, (_, i) => ({ id: i }))],
  [new Map([['a', [1, 2]], ['b', [3]]])],
  [[1.5, 22.25, 333, 4, 5, 6, 7]],
  [['a', 'bb', 'ccc', 'dddd', 'e', 'f', 'g']],
  ['tab\there', 'new\nline'],
  [['tab\there']],
];

for (const args of cases) {
  test(`format ${util.inspect(args, { depth: 0, breakLength: Infinity }).slice(0, 60)}`, () => {
    assert.equal(format(args), util.format(...args));
  });
}
