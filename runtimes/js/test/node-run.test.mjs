// The node runner end to end: a hand-instrumented program (the shape crates/instrument-js
// emits) runs in a child node process and its records file is read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node-run.mjs');

/** Runs `code` as a script under node-run.mjs; returns the `end` record. */
function runScript(code) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'algoscope-node-run-'));
  try {
    const program = path.join(dir, 'program.cjs');
    const records = path.join(dir, 'records.jsonl');
    fs.writeFileSync(program, code);
    const request = path.join(dir, 'request.json');
    fs.writeFileSync(request, JSON.stringify({ out: records, program, kind: 'script' }));
    execFileSync(process.execPath, [runner, request]);
    const lines = fs.readFileSync(records, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    return lines.find((r) => 'end' in r).end;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const main = (statements) =>
  `__as.meta({"fns":[],"scopes":[["a","b"]],"loops":[]}); ` +
  `const __asv0 = (__asi) => { switch (__asi) { case 0: return a; case 1: return b; } }; ` +
  `const __asf = __as.main(0, __asv0); __as.line(__asf, 1, 0, __asv0); let a = 1;\n` +
  `__as.line(__asf, 2, 0, __asv0); ${statements}\n` +
  `__as.line(__asf, 3, 0, __asv0); let b = 2;\n`;

test('an unhandled Promise.reject is reported at the line that rejected', () => {
  const end = runScript(main('Promise.reject(new Error("boom"));'));
  assert.deepEqual(end.error, { type: 'Error', message: 'boom', line: 2 });
});

test('an unhandled rejection with a primitive reason keeps its line', () => {
  const end = runScript(main('Promise.reject("plain");'));
  assert.equal(end.error.line, 2);
});

test('an executor that rejects (without throwing) is reported at its line', () => {
  const end = runScript(main('new Promise((res, rej) => rej(new Error("x")));'));
  assert.deepEqual(end.error, { type: 'Error', message: 'x', line: 2 });
});

test('a primitive caught earlier does not take the line of a later rejection', () => {
  const end = runScript(
    `__as.meta({"fns":[],"scopes":[[],["e"]],"loops":[]}); ` +
      `const __asv0 = (__asi) => { switch (__asi) { } }; const __asf = __as.main(0, __asv0); ` +
      `__as.line(__asf, 1, 0, __asv0); try {\n` +
      `  __as.line(__asf, 2, 0, __asv0); throw "old";\n` +
      `} catch (e) { __as.caught(__asf, e); }\n` +
      `__as.line(__asf, 4, 0, __asv0); Promise.reject("new");\n`,
  );
  assert.deepEqual(end.error, { type: 'string', message: 'new', line: 4 });
});
