// The worker `trace()` runs programs in (a module Web Worker, or a Node worker thread): it
// gets `{job, port}` and answers on `port` alone — a program can reach the worker's own
// `postMessage`, never a port held in this module — with, in order:
//   {type: 'loading'}                       Pyodide is being loaded for this job (Python, first job)
//   {type: 'started'}                       the program starts (the host's watchdog counts from here)
//   {type: 'records', text}                 pieces of the record stream, as the tracer writes them
//   {type: 'done'}                          the tracer finished; `spent`: do not reuse this worker
//   {type: 'failed', kind, message}         nothing ran (`interpreter`: Pyodide did not load) or
//                                           the tracer itself failed (`run`)
// JavaScript/TypeScript (`job.language`): the one JS recorder (pkg/recorder), one run per
// worker (the program's globals stay here). Python: the one Python tracer in Pyodide, loaded
// (with ./python-tracer.js) on the first Python job; the worker stays for further Python jobs
// until a program spends it. A JS-only worker fetches nothing of Python's.
import { runInstrumented } from './pkg/recorder/worker-run.mjs';

const node = typeof globalThis.process?.versions?.node === 'string';
const nodePort = node ? (await import('node:worker_threads')).parentPort : null;

/** Listens for jobs (captured before any program can replace what it uses). */
function listen(handle) {
  if (nodePort) nodePort.on('message', handle);
  else globalThis.onmessage = (event) => handle(event.data);
}
function stopListening() {
  if (nodePort) nodePort.removeAllListeners('message');
  else globalThis.onmessage = null;
}

const text = (e) => String(e && e.stack ? e.stack : e);

/** A file of this package's as text: read from disk in Node, fetched in a browser. */
async function readText(url) {
  if (url.protocol === 'file:') {
    const [{ readFile }, { fileURLToPath }] = await Promise.all([import('node:fs/promises'), import('node:url')]);
    return readFile(fileURLToPath(url), 'utf8');
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** Pyodide's `loadPyodide` and the indexURL to give it: from `pyodideUrl` when the host
 * gives one, else the `pyodide` package (resolved as an import; in a browser without an
 * import map, the `pyodide` folder beside this package's in node_modules). */
async function pyodideModule(pyodideUrl) {
  let base = pyodideUrl ? new URL(pyodideUrl, globalThis.location?.href) : null;
  if (!base) {
    try {
      base = new URL('.', import.meta.resolve('pyodide/pyodide.mjs'));
    } catch {
      base = new URL('../../pyodide/', import.meta.url);
    }
  }
  if (!base.href.endsWith('/')) base = new URL(`${base.href}/`);
  const { loadPyodide } = await import(new URL('pyodide.mjs', base).href);
  let indexURL = base.href;
  if (base.protocol === 'file:') indexURL = (await import('node:url')).fileURLToPath(base);
  return { loadPyodide, indexURL };
}

let python = null;
function pythonTracer(pyodideUrl) {
  python ??= (async () => {
    const tracer = new URL('./pkg/tracer/', import.meta.url);
    const names = JSON.parse(await readText(new URL('files.json', tracer)));
    const [{ loadPythonTracer }, pyodide, files] = await Promise.all([
      import('./python-tracer.js'),
      pyodideModule(pyodideUrl),
      Promise.all(names.map(async (name) => [name, await readText(new URL(`algoscope_tracer/${name}`, tracer))])),
    ]);
    return loadPythonTracer({ ...pyodide, files });
  })().catch((e) => {
    python = null;
    throw e;
  });
  return python;
}

async function runPython(job, answer) {
  let tracer;
  try {
    if (python === null) answer({ type: 'loading' });
    tracer = await pythonTracer(job.pyodideUrl);
  } catch (e) {
    answer({ type: 'failed', kind: 'interpreter', message: `Python (Pyodide) did not load: ${text(e)}` });
    return;
  }
  // A warm job (runner.js `warm`) only loads the interpreter for the jobs after it.
  if (job.warm) {
    answer({ type: 'done', spent: false });
    return;
  }
  answer({ type: 'started' });
  try {
    tracer.run(job.request, (piece) => answer({ type: 'records', text: piece }));
  } catch (e) {
    answer({ type: 'failed', kind: 'run', message: `the Python tracer failed: ${text(e)}` });
    return;
  }
  answer({ type: 'done', spent: tracer.spent });
}

async function runJs(job, answer) {
  stopListening();
  answer({ type: 'started' });
  try {
    await runInstrumented(job.request, (line) => answer({ type: 'records', text: line }));
  } catch (e) {
    answer({ type: 'failed', kind: 'run', message: `the JS recorder failed: ${text(e)}` });
    return;
  }
  answer({ type: 'done', spent: true });
}

let jsUsed = false;
listen((data) => {
  const { job, port } = data ?? {};
  if (!job || !port) return;
  const answer = (message) => port.postMessage(message);
  if (job.language === 'python') {
    void runPython(job, answer).finally(() => port.close());
  } else if (jsUsed) {
    answer({ type: 'failed', kind: 'run', message: 'this worker has run a program already' });
    port.close();
  } else {
    jsUsed = true;
    void runJs(job, answer).finally(() => port.close());
  }
});
