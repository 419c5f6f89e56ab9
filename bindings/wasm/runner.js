// The workers `trace()` (index.js) runs programs in: JavaScript/TypeScript with the one JS
// recorder in a fresh worker per run; Python with the one Python tracer in Pyodide in a
// worker that stays for the next Python run (Pyodide is loaded only when Python is asked
// for). Records stream back as the tracer writes them. A watchdog terminates a worker still
// running `limitMs` after its program started (stuck in one built-in call), and the records
// so far are the run's. In browsers a module Web Worker, in Node ≥ 18 a worker thread.

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
 * with the Pyodide it loaded (`pyodideUrl`, '' for the default). */
const idlePython = [];
const idleFor = (source) => {
  const at = idlePython.findIndex((idle) => idle.source === source);
  return at < 0 ? null : idlePython.splice(at, 1)[0].worker;
};

/**
 * Runs `job` in a worker; resolves to `{records, cutOff}`, rejects with `{kind, message}`.
 * `limitMs`: how long after the program starts the worker is terminated.
 */
export async function runJob(job, limitMs) {
  const python = job.language === 'python';
  const source = job.pyodideUrl ?? '';
  const worker = (python && idleFor(source)) || (await spawn());
  worker.hold();
  return new Promise((resolve, reject) => {
    const { port1, port2 } = new MessageChannel();
    const pieces = [];
    let watchdog = null;
    let settled = false;
    const settle = (keep) => {
      settled = true;
      if (watchdog !== null) clearTimeout(watchdog);
      port1.close();
      if (keep) {
        const idle = { source, worker };
        worker.onFailure(() => {
          const at = idlePython.indexOf(idle);
          if (at >= 0) idlePython.splice(at, 1);
        });
        worker.release();
        idlePython.push(idle);
      } else {
        worker.terminate();
      }
    };
    worker.onFailure((message) => {
      if (settled) return;
      settle(false);
      reject({ kind: 'run', message: `the tracer's worker failed: ${message}` });
    });
    port1.onmessage = ({ data }) => {
      if (settled) return;
      switch (data.type) {
        case 'started':
          watchdog = setTimeout(() => {
            if (settled) return;
            settle(false);
            resolve({ records: pieces.join(''), cutOff: true });
          }, limitMs);
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

