// Runs one instrumented program with the recorder in a realm of its own — a Web Worker, a
// Node worker or child process — and hands back its record stream: the browser's counterpart
// of node-run.mjs, with the same recorder and the same records (runtimes/PROTOCOL.md).
//
// The program's globals (`__as`, console, timers, prompt) are installed on globalThis and
// stay there: give every run a fresh worker. worker.mjs is a ready-made worker around it.
import { recordLine } from './records.mjs';
import { createRecorder } from './recorder.mjs';

// Captured before any program replaces them with its virtual timers.
const RealMessageChannel = globalThis.MessageChannel;
const realSetTimeout = globalThis.setTimeout;

/** Waits one real macrotask (every microtask has run by then). */
function macrotask() {
  if (typeof RealMessageChannel !== 'function') return new Promise((resolve) => realSetTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new RealMessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs an instrumented program and resolves to its record stream.
 *
 * @param {object} request
 * @param {string} request.code the program as `instrument()` rewrote it (its `code`)
 * @param {boolean} [request.module] run it as an ES module (`instrument()`'s `module`);
 *   otherwise as a script in a function of its own, as node-run.mjs runs one
 * @param {string | null} [request.stdin] the text `prompt()` reads line by line
 * @param {number} [request.maxSteps] steps recorded before the run stops (policy.mjs MAX_STEPS)
 * @param {number} [request.timeBudgetMs] wall-clock budget in ms (policy.mjs TIME_BUDGET_MS)
 * @param {number} [request.maxOutputBytes] most UTF-8 bytes the program may print (no limit)
 * @param {string} [request.inputHint] what `prompt()` throws with when no line is left
 * @param {(line: string) => void} [sink] given: each record line (with its newline) is
 *   handed to it as it is recorded — so a host that terminates a stuck run keeps every step
 *   before it — and the promise resolves to ''
 * @returns {Promise<string>} the records, one JSON object per line, for `assemble()`
 */
export async function runInstrumented(request, sink) {
  const lines = [];
  const recorder = createRecorder({
    maxSteps: request.maxSteps,
    timeBudgetMs: request.timeBudgetMs,
    maxOutputBytes: request.maxOutputBytes ?? undefined,
    stdin: request.stdin ?? undefined,
    inputHint: request.inputHint,
    clock: () => performance.now(),
    onRecord: sink ? (record) => sink(`${recordLine(record)}\n`) : (record) => lines.push(recordLine(record)),
  });
  const detach = catchEscapes(recorder);
  for (const [name, value] of Object.entries(recorder.globals())) {
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  }
  const start = request.module
    ? () => import(moduleUrl(request.code))
    : () => new Function(request.code).call({});
  try {
    await recorder.run(start, macrotask);
  } finally {
    detach();
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * A URL to import `code` from as a module: a `blob:` URL in browsers (a Content-Security-
 * Policy allows it with `script-src blob:`), a `data:` URL in Node (which imports no blobs).
 */
function moduleUrl(code) {
  const node = typeof globalThis.process?.versions?.node === 'string';
  if (!node && typeof Blob === 'function' && typeof URL.createObjectURL === 'function') {
    return URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  }
  return `data:text/javascript;charset=utf-8,${encodeURIComponent(code)}`;
}

/**
 * Hands errors that escape the program (a throwing callback of a real event, a rejection no
 * one handles) to the recorder, which ends the run with them; returns the undo.
 */
function catchEscapes(recorder) {
  if (typeof globalThis.addEventListener === 'function') {
    const onError = (event) => {
      event.preventDefault();
      recorder.uncaught(event.error ?? event.message);
    };
    const onRejection = (event) => {
      event.preventDefault();
      recorder.uncaught(event.reason, event.promise);
    };
    globalThis.addEventListener('error', onError);
    globalThis.addEventListener('unhandledrejection', onRejection);
    return () => {
      globalThis.removeEventListener('error', onError);
      globalThis.removeEventListener('unhandledrejection', onRejection);
    };
  }
  const host = globalThis.process;
  if (host && typeof host.on === 'function') {
    const onError = (e) => recorder.uncaught(e);
    const onRejection = (reason, promise) => recorder.uncaught(reason, promise);
    host.on('uncaughtException', onError);
    host.on('unhandledRejection', onRejection);
    return () => {
      host.off('uncaughtException', onError);
      host.off('unhandledRejection', onRejection);
    };
  }
  return () => {};
}
