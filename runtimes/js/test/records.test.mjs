// recordLine: records as lines of JSON that the Rust reader accepts, lone surrogates included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordLine } from '../records.mjs';

test('a lone surrogate becomes U+FFFD; pairs and escaped backslashes stay', () => {
  const high = 'a\ud800b';
  const low = '\udc00';
  const pair = '😀';
  const text = '\\ud800';
  const line = recordLine({ s: [high, low, pair, text, pair.slice(0, 1) + 'x'] });
  assert.deepEqual(JSON.parse(line).s, ['a\ufffdb', '\ufffd', '😀', '\\ud800', '\ufffdx']);
  assert.ok(!/\\ud[89a-f]/.test(line.replace(/\\\\/g, '')), line);
  assert.equal(recordLine({ e: 'line', l: 3 }), '{"e":"line","l":3}');
});
