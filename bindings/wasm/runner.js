// The workers `trace()` (index.js) runs programs in, and the entry `@algoscope/wasm/runner`
// for hosts that run jobs themselves (the reference web app's runner page, on an origin of its
// own, runs the jobs `prepare()` made on the app's page; no wasm module is needed here).
// JavaScript/TypeScript run with the one JS recorder in a fresh worker per run; Python with
// the one Python tracer in Pyodide in a worker that stays for the next Python run (Pyodide is
// loaded only when Python is asked for). Records stream back as the tracer writes them. A
// watchdog terminates a worker still running `job.limitMs` after its program started (stuck
// in one built-in call), and the records so far are the run's. In browsers a module Web
// Worker, in Node >= 18 a worker thread.
const node = typeof globalThis.process?.versions?.node === 'string';
const WORKER_URL = new URL('./trace-worker.js', import.meta.url);

/** A worker, browser or Node, behind one small interface. */
async function spawn() {
  if (!node) {
    const worker = new Worker(WORKER_URL, { type: 'module', name: 'algoscope-tracer' });
    return {
      post: (message, transfer) => worker.postMessage(message, transfer),
      onFailure(handler) {
        worker.onerror = (event) => {
          event.preventDefault();
          handler(event.message || 'the worker did not start');
        };
      },
      terminate: () => worker.terminate(),
      hold() {},
      release() {},
    };
  }
  const { Worker: NodeWorker } = await import('node:worker_threads');
  // The worker takes Node's flags, but not `--input-type` (of `node -e`; a worker refuses it).
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  const worker = new NodeWorker(WORKER_URL, { execArgv });
  let failure = () => {};
  worker.on('error', (e) => failure(e && e.message ? e.message : String(e)));
  worker.on('exit', (code) => failure(`the worker exited (code ${code})`));
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    onFailure(handler) {
      failure = handler;
    },
    terminate: () => {
      failure = () => {};
      void worker.terminate();
    },
    hold: () => worker.ref(),
    // An idle worker does not keep Node running.
    release: () => worker.unref(),
  };
}

/** Python workers waiting for their next run (their interpreter loaded and intact), each
 * with the Pyodide it loaded (`pyodideUrl`, '' for the default); Python workers still
 * loading for `warm()`; one worker that has loaded nothing, for the next run of any kind. */
const idlePython = [];
const warming = new Map();
let spare = null;

/** Puts a worker with its interpreter loaded into the idle pool. */
function keepIdle(worker, source) {
  const idle = { source, worker };
  worker.onFailure(() => {
    const at = idlePython.indexOf(idle);
    if (at >= 0) idlePython.splice(at, 1);
  });
  worker.release();
  idlePython.push(idle);
}

/** The worker for a job, `{worker, loaded}`: an idle or warming Python worker of the same
 * Pyodide (`loaded`: its interpreter is up; `onProgress('loading')` while it loads), else the
 * spare, else a new one. */
async function workerFor(python, source, onProgress) {
  if (python) {
    const at = idlePython.findIndex((idle) => idle.source === source);
    if (at >= 0) return { worker: idlePython.splice(at, 1)[0].worker, loaded: true };
    if (warming.has(source)) {
      onProgress('loading');
      const worker = await warming.get(source);
      const again = idlePython.findIndex((idle) => idle.worker === worker);
      if (again >= 0) return { worker: idlePython.splice(again, 1)[0].worker, loaded: true };
    }
  }
  if (spare) {
    // Taken before the wait: two jobs never get the same spare.
    const pending = spare;
    spare = null;
    const worker = await pending;
    if (worker) return { worker, loaded: false };
  }
  return { worker: await spawn(), loaded: false };
}

/** A worker a stopped job did not use goes back: to the idle pool when its interpreter is
 * loaded, else as the spare (or it ends when there is one). */
function giveBack({ worker, loaded }, source) {
  if (loaded) keepIdle(worker, source);
  else if (spare === null) keepSpare(Promise.resolve(worker));
  else worker.terminate();
}

/** Makes `made` (a worker promise; null when it failed to start) the spare. The worker
 * waits released; one that dies while it waits is not handed out. */
function keepSpare(made) {
  const mine = made.then(
    (worker) => {
      worker.release();
      worker.onFailure(() => {
        if (spare === mine) spare = null;
      });
      return worker;
    },
    () => null,
  );
  spare = mine;
}

/**
 * Gets a worker ready for the next run of `language` now, so that run starts at once: for
 * Python it loads Pyodide and the tracer (from `options.pyodideUrl`, else the `pyodide`
 * package); for JavaScript/TypeScript it starts a worker with the recorder loaded. Resolves
 * when that worker is ready (never rejects: a failure shows in the run that follows).
 */
export function warm(language, options = {}) {
  if (language !== 'python') {
    if (spare === null) keepSpare(spawn());
    return spare.then(() => {});
  }
  const source = options.pyodideUrl === undefined ? '' : new URL(String(options.pyodideUrl), globalThis.location?.href).href;
  if (idlePython.some((idle) => idle.source === source)) return Promise.resolve();
  if (!warming.has(source)) {
    const loading = spawn()
      .then(
        (worker) =>
          new Promise((resolve) => {
            const { port1, port2 } = new MessageChannel();
            const give = (ok) => {
              port1.close();
              if (ok) keepIdle(worker, source);
              else worker.terminate();
              resolve(ok ? worker : null);
            };
            worker.onFailure(() => give(false));
            port1.onmessage = ({ data }) => {
              if (data.type === 'done') give(true);
              else if (data.type === 'failed') give(false);
            };
            worker.post({ job: { language: 'python', warm: true, pyodideUrl: options.pyodideUrl && source }, port: port2 }, [port2]);
          }),
        () => null,
      )
      .finally(() => warming.delete(source));
    warming.set(source, loading);
  }
  return warming.get(source).then(() => {});
}

/**
 * Runs `job` (made by `prepare()`) in a worker; resolves to `{records, cutOff}`, rejects with
 * `{kind, message}`: `interpreter` (Pyodide did not load), `run` (the tracer or its worker
 * failed) or `aborted` (`options.signal` fired: the worker is terminated). `options.onProgress`
 * hears `'loading'` (Pyodide is being loaded for this run) and `'started'` (the program
 * started: the watchdog counts `job.limitMs` from here).
 */
export async function runJob(job, options = {}) {
  const { signal, onProgress = () => {} } = options;
  const python = job.language === 'python';
  const source = job.pyodideUrl ?? '';
  const stopped = { kind: 'aborted', message: 'the run was stopped before it started' };
  if (signal?.aborted) throw stopped;
  const taking = workerFor(python, source, onProgress);
  let got;
  if (signal) {
    // A stop while the worker is being got (Pyodide loading) answers at once; the worker,
    // when it comes, goes back for the next job.
    let onAbort;
    const aborted = new Promise((resolve) => {
      onAbort = () => resolve(null);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    got = await Promise.race([taking, aborted]);
    signal.removeEventListener('abort', onAbort);
    if (got === null) {
      taking.then((late) => giveBack(late, source), () => {});
      throw stopped;
    }
  } else {
    got = await taking;
  }
  const { worker } = got;
  worker.hold();
  return new Promise((resolve, reject) => {
    const { port1, port2 } = new MessageChannel();
    const pieces = [];
    let watchdog = null;
    let settled = false;
    const settle = (keep) => {
      settled = true;
      if (watchdog !== null) clearTimeout(watchdog);
      signal?.removeEventListener('abort', abort);
      port1.close();
      if (keep) keepIdle(worker, source);
      else worker.terminate();
    };
    const abort = () => {
      if (settled) return;
      settle(false);
      reject({ kind: 'aborted', message: 'the run was stopped' });
    };
    signal?.addEventListener('abort', abort);
    if (signal?.aborted) {
      abort();
      return;
    }
    worker.onFailure((message) => {
      if (settled) return;
      settle(false);
      reject({ kind: 'run', message: `the tracer's worker failed: ${message}` });
    });
    port1.onmessage = ({ data }) => {
      if (settled) return;
      switch (data.type) {
        case 'loading':
          onProgress('loading');
          break;
        case 'started':
          watchdog = setTimeout(() => {
            if (settled) return;
            settle(false);
            resolve({ records: pieces.join(''), cutOff: true });
          }, job.limitMs);
          onProgress('started');
          break;
        case 'records':
          pieces.push(data.text);
          break;
        case 'done':
          settle(python && !data.spent);
          resolve({ records: pieces.join(''), cutOff: false });
          break;
        default:
          settle(false);
          reject({ kind: data.kind === 'interpreter' ? 'interpreter' : 'run', message: String(data.message) });
      }
    };
    worker.post({ job, port: port2 }, [port2]);
  });
}
