// Runs one instrumented program under Node with Measure's counting `__as` (measure.mjs)
// instead of the recorder, and writes its counts as JSON to the request's `out` at the start,
// every half second (so a run stopped by the time limit keeps its progress) and at the end:
// {"seconds", "finished", "error", "lines", "loops", "calls"}.
//
// usage: node measure-run.mjs REQUEST.json   (the request of node-run.mjs)
import fs from 'node:fs';
import { programStarter } from './load.mjs';
import { createCounter } from './measure.mjs';

const options = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const counter = createCounter({ stdin: options.stdin ?? undefined });
const started = performance.now();
let error = null;
function write(finished) {
  const partial = `${options.out}.part`;
  const document = { seconds: (performance.now() - started) / 1000, finished, error, ...counter.snapshot() };
  fs.writeFileSync(partial, JSON.stringify(document));
  fs.renameSync(partial, options.out);
}
for (const [name, value] of Object.entries({ __as: counter.api, prompt: counter.prompt })) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}
const describe = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : `uncaught: ${String(e)}`);
process.on('uncaughtException', (e) => {
  error = describe(e);
  process.exit(0);
});
process.on('unhandledRejection', (e) => {
  error = describe(e);
  process.exit(0);
});
process.on('exit', () => write(true));
write(false);
setInterval(() => write(false), 500).unref();
try {
  await programStarter(options)();
} catch (e) {
  error = describe(e);
}
