// A Web Worker (type "module") that runs one instrumented program with the recorder: post it
// a request of worker-run.mjs (`{code, module, stdin, maxSteps, timeBudgetMs}`); it answers
// `{records}` (the record stream for `assemble()`) or `{error}` (a message, when the recorder
// itself failed). One run per worker: the program's globals stay behind.
//
// Give the request a `port` (a MessagePort, transferred) and the answer goes there alone: the
// program can reach the worker's own `postMessage` (and could post a forged answer first), but
// not a port held in this module's scope.
import { runInstrumented } from './worker-run.mjs';

// Captured before any program runs, so a program that replaces them changes nothing here.
const post = globalThis.postMessage.bind(globalThis);
let used = false;
globalThis.onmessage = async (event) => {
  const { port, ...request } = event.data ?? {};
  const answer = port ? (message) => port.postMessage(message) : post;
  if (used) {
    answer({ error: 'this worker has run a program already: start a new one per run' });
    return;
  }
  used = true;
  globalThis.onmessage = null;
  try {
    answer({ records: await runInstrumented(request) });
  } catch (e) {
    answer({ error: String(e && e.stack ? e.stack : e) });
  }
};
