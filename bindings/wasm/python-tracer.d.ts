/* @algoscope/wasm/python-tracer: the one Python tracer in Pyodide, for a worker of your own. */

/** The file a request's `out` must name: writes to it reach the run's sink at once. */
export declare const RECORDS_PATH: string

export interface LoadOptions {
  /** Pyodide's `loadPyodide`. */
  loadPyodide(options: { indexURL?: string; stdout?: (text: string) => void; stderr?: (text: string) => void }): Promise<unknown>
  /** Where Pyodide's files are (default: beside its module). */
  indexURL?: string
  /** The tracer package's files (`pkg/tracer/files.json` lists them): `[name, text]`. */
  files: Array<[string, string]>
}

/** A loaded interpreter with the tracer: `run` one request at a time. */
export declare class PythonTracer {
  /** A program changed this interpreter (builtins, recursion limit, the tracer): use a fresh one. */
  get spent(): boolean
  /** Runs one request (JSON text, `out` = RECORDS_PATH); throws when the tracer itself failed. */
  run(request: string, sink: (records: string) => void): void
}

/** Loads Pyodide and the tracer. */
export declare function loadPythonTracer(options: LoadOptions): Promise<PythonTracer>
