// The runner's worker: runs one program at a time with the one tracer of its language and
// posts back the record stream. JS/TS (instrumented by the app): run with the JS recorder,
// one run per worker (the recorder installs the program's globals here). Python: the Python
// tracer (runtimes/python) in Pyodide, loaded on the first Python run (or warm request) only,
// from the runner's own origin, by the wasm package's python-tracer (the one loader); the
// worker stays for further Python runs.
import { runInstrumented } from '@algoscope/wasm/recorder';
import { loadPythonTracer, RECORDS_PATH, type PythonTracer } from '@algoscope/wasm/python-tracer';
import type { WorkerMessage, WorkerRequest } from '../protocol';

// The tracer's package, as text (chunks of their own, fetched on the first Python run), for
// Pyodide's file system.
const tracerFiles = import.meta.glob('../../../../runtimes/python/algoscope_tracer/*.py', {
  query: '?raw',
  import: 'default',
}) as Record<string, () => Promise<string>>;

const post = (message: WorkerMessage) => (self as unknown as Worker).postMessage(message);

let pythonReady: Promise<PythonTracer> | null = null;
function loadPython(): Promise<PythonTracer> {
  pythonReady ??= (async () => {
    const base = new URL('pyodide/', self.location.origin + '/').href;
    const { loadPyodide } = (await import(/* @vite-ignore */ base + 'pyodide.mjs')) as Parameters<typeof loadPythonTracer>[0];
    const files = await Promise.all(
      Object.entries(tracerFiles).map(async ([path, load]) => [path.slice(path.lastIndexOf('/') + 1), await load()] as [string, string]),
    );
    return loadPythonTracer({ loadPyodide, indexURL: base, files });
  })().catch((e: unknown) => {
    pythonReady = null;
    throw e;
  });
  return pythonReady;
}

const message = (e: unknown) => (e instanceof Error ? e.stack || e.message : String(e));

let jsUsed = false;

async function runJs(request: Extract<WorkerRequest, { type: 'run' }>): Promise<void> {
  const program = request.program;
  if (program.language === 'python') return;
  if (jsUsed) {
    post({ type: 'crash', message: 'this worker has run a program already' });
    return;
  }
  jsUsed = true;
  post({ type: 'started' });
  const start = performance.now();
  try {
    const records = await runInstrumented({
      code: program.instrumented,
      module: program.module,
      stdin: request.stdin,
      maxSteps: request.maxSteps,
      timeBudgetMs: request.timeBudgetMs,
    });
    post({ type: 'records', records, runMs: performance.now() - start });
  } catch (e) {
    post({ type: 'crash', message: 'the JS recorder failed: ' + message(e) });
  }
}

async function runPython(request_: Extract<WorkerRequest, { type: 'run' }>): Promise<void> {
  const program = request_.program;
  if (program.language !== 'python') return;
  let tracer: PythonTracer;
  try {
    post({ type: 'status', text: 'Loading Python (Pyodide)…' });
    tracer = await loadPython();
  } catch (e) {
    post({ type: 'load-failed', message: 'Python (Pyodide) did not load: ' + message(e) });
    return;
  }
  const request = JSON.stringify({
    out: RECORDS_PATH,
    maxSteps: request_.maxSteps,
    timeBudgetMs: request_.timeBudgetMs,
    stdin: request_.stdin,
    source: program.source,
    loops: program.loops,
    indexNames: program.indexNames,
    inputHint: 'this program reads input: type it in the Input tab, one line per input() call',
  });
  post({ type: 'started' });
  const start = performance.now();
  const pieces: string[] = [];
  try {
    tracer.run(request, (piece) => pieces.push(piece));
    post({ type: 'records', records: pieces.join(''), runMs: performance.now() - start, spent: tracer.spent });
  } catch (e) {
    post({ type: 'crash', message: 'the Python tracer failed: ' + message(e) });
  }
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'warm') {
    if (request.language === 'python') loadPython().catch(() => {});
  } else if (request.program.language === 'python') {
    void runPython(request);
  } else {
    void runJs(request);
  }
};
