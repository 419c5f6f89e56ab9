// The one Python tracer (runtimes/python, shipped in pkg/tracer/ as it is) in Pyodide: loads
// Pyodide and the tracer once, then runs requests (the JSON `pythonRequest()` makes) one
// after another in that interpreter, handing the records to a sink as the tracer writes them.
// Used by this package's trace worker (trace-worker.js) and by any worker a host writes
// itself (the reference web app's runner). Runs inside a worker: never on a page's thread.

/** Where the records go: a character device whose writes reach the sink at once (so a run
 * cut off by its host keeps every step the tracer wrote before the cut). */
export const RECORDS_PATH = '/dev/algoscope-records';
const REQUEST_PATH = '/tmp/algoscope-request.json';

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
    # A module first imported during the run keeps the program's own builtins module.
    for mod in list(sys.modules.values()):
        held = getattr(mod, '__dict__', {}).get('builtins')
        if isinstance(held, type(sys)) and held.__name__ == 'builtins' and held is not builtins:
            return False
    return True
_algoscope_intact()
`;

/**
 * Loads Pyodide and the tracer.
 *
 * @param {object} options
 * @param {(options: object) => Promise<object>} options.loadPyodide Pyodide's `loadPyodide`
 * @param {string} [options.indexURL] where Pyodide's files are (default: beside its module)
 * @param {Array<[string, string]>} options.files the tracer package's files: `[name, text]`
 * @returns {Promise<PythonTracer>}
 */
export async function loadPythonTracer({ loadPyodide, indexURL, files }) {
  // PYTHONHASHSEED=0, as the native runner sets it: set order (and so the trace) is the same
  // on every run and on every machine.
  const py = await loadPyodide({
    ...(indexURL ? { indexURL } : {}),
    env: { PYTHONHASHSEED: '0' },
    stdout: () => {},
    stderr: () => {},
  });
  py.FS.mkdirTree('/algoscope/algoscope_tracer');
  for (const [name, text] of files) py.FS.writeFile(`/algoscope/algoscope_tracer/${name}`, text);
  let sink = null;
  const decoder = new TextDecoder();
  const device = py.FS.makedev(64, 0);
  py.FS.registerDevice(device, {
    open() {},
    close() {},
    read() {
      return 0;
    },
    write(_stream, buffer, offset, length) {
      sink?.(decoder.decode(buffer.subarray(offset, offset + length), { stream: true }));
      return length;
    },
  });
  py.FS.mkdev(RECORDS_PATH, device);
  py.runPython("import sys\nsys.path.insert(0, '/algoscope')\nimport algoscope_tracer.__main__\nimport algoscope_tracer.tracer\n");
  py.runPython(GUARD_SETUP);
  return new PythonTracer(py, (next) => {
    sink = next;
  });
}

/** A loaded interpreter with the tracer: `run` one request at a time. */
export class PythonTracer {
  #py;
  #setSink;
  #spent = false;

  constructor(py, setSink) {
    this.#py = py;
    this.#setSink = setSink;
  }

  /** Whether a program changed this interpreter (builtins, tracer…): use a fresh one. */
  get spent() {
    return this.#spent;
  }

  /**
   * Runs one request (its `out` must be {@link RECORDS_PATH}); each piece of the record
   * stream goes to `sink` as the tracer writes it. Throws when the tracer itself failed.
   *
   * @param {string} request the request's JSON text
   * @param {(text: string) => void} sink
   */
  run(request, sink) {
    this.#py.FS.writeFile(REQUEST_PATH, request);
    this.#setSink(sink);
    try {
      this.#py.runPython(`import algoscope_tracer.__main__ as entry\nentry.main('${REQUEST_PATH}')\n`);
    } finally {
      this.#setSink(null);
    }
    try {
      this.#spent = this.#py.runPython(GUARD_CHECK) !== true;
    } catch {
      this.#spent = true;
    }
  }
}
