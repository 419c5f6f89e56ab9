// Runs one instrumented program under Node with the recorder and writes the trace records,
// one JSON object per line, to a file as they happen (so a killed run keeps its steps).
//
// usage: node node-run.mjs REQUEST.json
// The request (runtimes/PROTOCOL.md, "The request"): {"out": "records.ndjson",
//   "maxSteps": N, "timeBudgetMs": MS, "maxOutputBytes": BYTES (the policy.mjs defaults when left out), "stdin": "text" | null,
//   "program": "program.mjs", "kind": "script" | "module", "sourcePath": "/home/me/prog.mjs"}
// sourcePath: the original program file. The instrumented copy runs from elsewhere, but its
// imports, `require`, `__filename` and `__dirname` resolve from there, as with `node FILE`
// (imported modules run untraced from their real path).
import { createHook } from 'node:async_hooks';
import fs from 'node:fs';
import * as nodeModule from 'node:module';
import { programStarter } from './load.mjs';
import { recordLine } from './records.mjs';
import { createRecorder } from './recorder.mjs';
import { hookedCreateInterface } from './readline.mjs';

const options = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const realSetImmediate = setImmediate;
const fd = fs.openSync(options.out, 'w');
const stdin = options.stdin ?? undefined;
const recorder = createRecorder({
  maxSteps: options.maxSteps,
  timeBudgetMs: options.timeBudgetMs,
  maxOutputBytes: options.maxOutputBytes,
  stdin,
  clock: () => performance.now(),
  onRecord: (record) => fs.writeSync(fd, `${recordLine(record)}\n`),
});
// Every promise remembers the line that made it, for where an unhandled rejection came from.
createHook({
  init(_id, type, _trigger, resource) {
    if (type === 'PROMISE') recorder.promiseMade(resource);
  },
}).enable();
process.on('unhandledRejection', (reason, promise) => recorder.uncaught(reason, promise));
process.on('uncaughtException', (err) => recorder.uncaught(err));
process.stdout.write = (chunk, encoding, callback) => {
  recorder.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(encoding || 'utf8'));
  if (typeof callback === 'function') callback();
  return true;
};
// readline over standard input reads the run's stdin on the virtual clock (readline.mjs);
// the builtin's ES module exports follow the change (syncBuiltinESMExports).
const readline = nodeModule.createRequire(import.meta.url)('node:readline');
readline.createInterface = hookedCreateInterface(
  readline.createInterface,
  process.stdin,
  recorder.readLine,
  recorder.write,
  recorder.later,
);
nodeModule.syncBuiltinESMExports();
for (const [name, value] of Object.entries(recorder.globals())) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}
const start = programStarter(options);
await recorder.run(start, () => new Promise((resolve) => realSetImmediate(resolve)));
fs.closeSync(fd);
process.exit(0);
