// The runner's worker: runs one program at a time with the one tracer of its language and
// posts back the record stream. JS/TS (instrumented by the app): run with the JS recorder,
// one run per worker (the recorder installs the program's globals here). Python: the Python
// tracer (runtimes/python) in Pyodide, loaded on the first Python run (or warm request) only,
// from the runner's own origin; the worker stays for further Python runs.
import { runInstrumented } from '@algoscope/wasm/recorder';
import type { WorkerMessage, WorkerRequest } from '../protocol';

// The tracer's package, as text (chunks of their own, fetched on the first Python run), for
// Pyodide's file system.
const tracerFiles = import.meta.glob('../../../../runtimes/python/algoscope_tracer/*.py', {
  query: '?raw',
  import: 'default',
}) as Record<string, () => Promise<string>>;

const post = (message: WorkerMessage) => (self as unknown as Worker).postMessage(message);

interface Pyodide {
  FS: {
    mkdirTree(path: string): void;
    writeFile(path: string, data: string): void;
    readFile(path: string, options: { encoding: 'utf8' }): string;
    unlink(path: string): void;
  };
  runPython(code: string): unknown;
}

// What a program could change for the runs after it in this interpreter: the builtins, the
// recursion limit, sys.path, the tracer's modules. Snapshotted once; checked after each run.
const GUARD_SETUP = `import builtins as _b, sys as _s, types as _t
_g = _t.ModuleType('_algoscope_guard')
_g.builtins = dict(_b.__dict__)
_g.limit = _s.getrecursionlimit()
_g.path = list(_s.path)
_g.tracer = {name: dict(mod.__dict__) for name, mod in _s.modules.items() if name.startswith('algoscope_tracer')}
_s.modules['_algoscope_guard'] = _g
del _b, _s, _t, _g
`;
const GUARD_CHECK = `def _algoscope_intact():
    import builtins, sys
    g = sys.modules.get('_algoscope_guard')
    if g is None or sys.getrecursionlimit() != g.limit or list(sys.path) != g.path:
        return False
    now = builtins.__dict__
    if len(now) != len(g.builtins) or any(now.get(k) is not v for k, v in g.builtins.items() if k != '_'):
        return False
    for name, saved in g.tracer.items():
        mod = sys.modules.get(name)
        if mod is None or any(mod.__dict__.get(k) is not v for k, v in saved.items()):
            return False
    return True
_algoscope_intact()
`;

let pyodideReady: Promise<Pyodide> | null = null;
function loadPython(): Promise<Pyodide> {
  pyodideReady ??= (async () => {
    const base = new URL('pyodide/', self.location.origin + '/').href;
    const { loadPyodide } = (await import(/* @vite-ignore */ base + 'pyodide.mjs')) as {
      loadPyodide(options: { indexURL: string; stdout?: (s: string) => void; stderr?: (s: string) => void }): Promise<Pyodide>;
    };
    const [py, files] = await Promise.all([
      loadPyodide({ indexURL: base, stdout: () => {}, stderr: () => {} }),
      Promise.all(Object.entries(tracerFiles).map(async ([path, load]) => [path.slice(path.lastIndexOf('/') + 1), await load()] as const)),
    ]);
    py.FS.mkdirTree('/algoscope/algoscope_tracer');
    py.FS.mkdirTree('/work');
    for (const [name, text] of files) py.FS.writeFile('/algoscope/algoscope_tracer/' + name, text);
    py.runPython("import sys\nsys.path.insert(0, '/algoscope')\nimport algoscope_tracer.__main__\nimport algoscope_tracer.tracer\n");
    py.runPython(GUARD_SETUP);
    return py;
  })().catch((e: unknown) => {
    pyodideReady = null;
    throw e;
  });
  return pyodideReady;
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

async function runPython(request: Extract<WorkerRequest, { type: 'run' }>): Promise<void> {
  const program = request.program;
  if (program.language !== 'python') return;
  let py: Pyodide;
  try {
    post({ type: 'status', text: 'Loading Python (Pyodide)…' });
    py = await loadPython();
  } catch (e) {
    post({ type: 'load-failed', message: 'Python (Pyodide) did not load: ' + message(e) });
    return;
  }
  const out = '/work/records.ndjson';
  py.FS.writeFile(
    '/work/request.json',
    JSON.stringify({
      out,
      maxSteps: request.maxSteps,
      timeBudgetMs: request.timeBudgetMs,
      stdin: request.stdin,
      source: program.source,
      loops: program.loops,
      indexNames: program.indexNames,
      inputHint: 'this program reads input: type it in the Input tab, one line per input() call',
    }),
  );
  post({ type: 'started' });
  const start = performance.now();
  try {
    py.runPython("import algoscope_tracer.__main__ as entry\nentry.main('/work/request.json')\n");
    const records = py.FS.readFile(out, { encoding: 'utf8' });
    py.FS.unlink(out);
    let intact = false;
    try {
      intact = py.runPython(GUARD_CHECK) === true;
    } catch {
      intact = false;
    }
    post({ type: 'records', records, runMs: performance.now() - start, spent: !intact });
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
