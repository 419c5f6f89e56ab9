// Runs one instrumented program under Node with the recorder and writes the trace records,
// one JSON object per line, to a file as they happen (so a killed run keeps its steps).
//
// usage: node node-run.mjs REQUEST.json
// The request (runtimes/PROTOCOL.md, "The request"): {"out": "records.ndjson",
//   "maxSteps": 20000, "timeBudgetMs": 6000, "stdin": "text" | null,
//   "program": "program.mjs", "kind": "script" | "module", "sourcePath": "/home/me/prog.mjs"}
// sourcePath: the original program file. The instrumented copy runs from elsewhere, but its
// imports, `require`, `__filename` and `__dirname` resolve from there, as with `node FILE`
// (imported modules run untraced from their real path).
import { createHook } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import * as nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';
import { createRecorder } from './recorder.mjs';

const options = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const { program: programPath, kind } = options;
const realSetImmediate = setImmediate;
const fd = fs.openSync(options.out, 'w');
const stdin = options.stdin ?? undefined;
const recorder = createRecorder({
  maxSteps: options.maxSteps,
  timeBudgetMs: options.timeBudgetMs,
  stdin,
  clock: () => performance.now(),
  onRecord: (record) => fs.writeSync(fd, `${JSON.stringify(record)}\n`),
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
for (const [name, value] of Object.entries(recorder.globals())) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}
const absolute = path.resolve(programPath);
const sourcePath = options.sourcePath ? path.resolve(options.sourcePath) : absolute;
// Module hooks (Node 18.19+/20.6+): the program runs as its original file, whose source is
// the instrumented copy's, so what it imports resolves from its own folder, `import.meta.url`
// is its own, and a module importing it back (an import cycle) gets this same module, as
// under `node FILE`. Hooks run on their own thread, so they get the two URLs as data.
const LOAD_AS_SOURCE = `
let copy, original;
export function initialize(data) { copy = data.copy; original = data.original; }
export async function load(url, context, next) {
  if (url !== original) return next(url, context);
  const { source } = await next(copy, { ...context, format: 'module' });
  return { format: 'module', source, shortCircuit: true };
}`;
const asSource =
  kind === 'module' && sourcePath !== absolute && typeof nodeModule.register === 'function';
if (asSource) {
  nodeModule.register(`data:text/javascript,${encodeURIComponent(LOAD_AS_SOURCE)}`, {
    data: { copy: pathToFileURL(absolute).href, original: pathToFileURL(sourcePath).href },
  });
}
const start =
  kind === 'module'
    ? () => import(pathToFileURL(asSource ? sourcePath : absolute).href)
    : () => {
        const code = fs.readFileSync(absolute, 'utf8');
        const wrapper = new Function('exports', 'require', 'module', '__filename', '__dirname', code);
        const module = { exports: {} };
        const require = nodeModule.createRequire(sourcePath);
        wrapper.call(module.exports, module.exports, require, module, sourcePath, path.dirname(sourcePath));
      };
await recorder.run(start, () => new Promise((resolve) => realSetImmediate(resolve)));
fs.closeSync(fd);
process.exit(0);
