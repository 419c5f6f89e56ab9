// @algoscope/wasm: algoscope in WebAssembly for browsers, workers and Node — the Node
// module's API (trace, validate, analyze, instrument, assemble, renderMemory, renderLoops,
// Renderer), with the same arguments, the same results and the same errors; and `prepare`
// and `limits` for hosts that run the jobs elsewhere. `trace` runs the program in a worker
// (runner.js); everything else is the module's. This file only converts:
// objects to and from the module's JSON text, and its thrown reports to `AlgoscopeError`s.
//
// Load the module once before calling anything: `await init()` (fetches
// algoscope_full_bg.wasm beside this package's pkg/ folder, or pass a URL, Response or
// bytes) or `initSync({ module: bytes })`.
import wasmInit, * as raw from './pkg/algoscope_full.js';
import { runJob } from './runner.js';

/** An error of algoscope's: `kind`, `code`, `line`, `column`, `path` and the kind's fields. */
export class AlgoscopeError extends Error {
  constructor(report) {
    super(report.message);
    this.name = 'AlgoscopeError';
    for (const [key, value] of Object.entries(report)) {
      if (key !== 'message') this[key] = value;
    }
  }
}

/** Loads the module (asynchronously); see wasm-bindgen's `init`. Resolves when ready. */
export async function init(input) {
  await wasmInit(input === undefined ? undefined : { module_or_path: input });
}

/** Loads the module from its bytes or a compiled `WebAssembly.Module`, synchronously. */
export function initSync(input) {
  raw.initSync(input instanceof WebAssembly.Module || ArrayBuffer.isView(input) || input instanceof ArrayBuffer ? { module: input } : input);
}

/** Runs `call`; a report the module throws becomes an AlgoscopeError. */
function guard(call) {
  try {
    return call();
  } catch (thrown) {
    if (typeof thrown === 'string' && thrown.startsWith('{')) throw new AlgoscopeError(JSON.parse(thrown));
    throw thrown;
  }
}

const usage = (argument, message) =>
  new AlgoscopeError({ kind: 'usage', code: 'ERR_ALGOSCOPE_USAGE', message: `${argument}: ${message}`, line: null, column: null, path: null, argument });

/** A trace object or its JSON text, as JSON text. */
function traceText(trace) {
  if (typeof trace === 'string') return trace;
  if (trace === null || typeof trace !== 'object') throw usage('trace', 'expected a trace object or its JSON text');
  return JSON.stringify(trace);
}

/** Reads and checks a trace (JSON text, or a file's bytes: JSON or gzip) and returns it. */
export function validate(text, options = {}) {
  const expanded = Boolean(options.expanded);
  return JSON.parse(
    guard(() => (typeof text === 'string' ? raw.validate(text, expanded) : raw.validateBytes(text, expanded))),
  );
}

/** The static analysis of `code`: loops, index names, grid accesses, hints, syntax errors. */
export function analyze(code, language) {
  return JSON.parse(guard(() => raw.analyze(code, language)));
}

/** The Big-O estimate of `code` from its code alone: overall and per function, with why. */
export function bigo(code, language, options = {}) {
  const filename = options.filename ?? '<program>'
  return JSON.parse(guard(() => raw.bigo(code, language, filename, options.function ?? undefined)))
}

/** The Big-O estimate of the traced program, checked against that run (what the stepper's
 * chip shows: pass it as `mount`'s `complexity`); null when the code does not parse. */
export function complexity(trace) {
  return JSON.parse(guard(() => raw.complexity(traceText(trace))));
}

/** `code` rewritten for the JS recorder, with its analysis; throws a `syntax` error. */
export function instrument(code, options = {}) {
  const typescript = Boolean(options.typescript);
  const filename = options.filename ?? (typescript ? 'program.ts' : 'program.js');
  return JSON.parse(guard(() => raw.instrument(code, typescript, filename)));
}

/**
 * The trace of `code` from the records its tracer wrote (the JS recorder of `./recorder`,
 * or the Python tracer): `options.language` (required), `filename`, `expanded`, and
 * `cutOff` when the host terminated the run past its time budget (`stoppedBy: "time"`).
 */
export function assemble(code, options, records) {
  const { language, filename = '<program>', expanded = false, cutOff = false } = options ?? {};
  if (language === undefined) throw usage('language', 'give the language the records were written in');
  return JSON.parse(guard(() => raw.assemble(code, language, filename, records, Boolean(expanded), Boolean(cutOff))));
}

let policy = null;
/** The run policy (the command line's): `{maxSteps, timeoutMs, graceMs, maxOutputBytes}`. */
export function limits() {
  policy ??= JSON.parse(guard(() => raw.limits()));
  return { ...policy };
}

/** A whole count of an option, or the default when left out. */
function count(options, name, fallback) {
  const value = options[name];
  if (value === undefined || value === null) return fallback;
  if (!Number.isInteger(value) || value < 0) throw usage(name, `expected a whole number of at least 0, got ${value}`);
  return value;
}

/** The language of a run: `options.language`, checked, else from `options.filename`. */
function languageOfRun(options) {
  const language = options.language;
  if (language === undefined || language === null) {
    if (options.filename === undefined) throw usage('language', 'give a language (python, javascript, typescript) or a filename');
    return guard(() => raw.languageOf(options.filename));
  }
  return guard(() => raw.checkLanguage(String(language)));
}

/**
 * What `trace()` sends to its worker, made on this thread: `{language, request, limitMs,
 * pyodideUrl?}`, plain data a host can post to another page (`runJob` of
 * `@algoscope/wasm/runner` runs it there; `assemble` turns its records into the trace).
 * JS/TS is instrumented here. Takes `trace()`'s options and `inputHint` (what reading past
 * the end of stdin says). Throws `syntax` (JS/TS) or `usage`.
 */
export async function prepare(code, options = {}) {
  options ??= {};
  const filename = options.filename ?? '<program>';
  const language = languageOfRun(options);
  const policy = limits();
  const maxSteps = count(options, 'maxSteps', policy.maxSteps);
  const timeoutMs = count(options, 'timeoutMs', policy.timeoutMs);
  const stdin = options.stdin ?? null;
  const limitMs = timeoutMs + policy.graceMs;
  const hint = options.inputHint === undefined ? {} : { inputHint: String(options.inputHint) };
  if (language === 'python') {
    // Loaded for Python only: a JS-only page downloads nothing of Python's.
    const { RECORDS_PATH } = await import('./python-tracer.js');
    const request = guard(() => raw.pythonRequest(code, filename, stdin ?? undefined, maxSteps, timeoutMs, RECORDS_PATH));
    return {
      language,
      request: options.inputHint === undefined ? request : JSON.stringify({ ...JSON.parse(request), ...hint }),
      limitMs,
      // Resolved here: relative to the page, not to the worker's script.
      ...(options.pyodideUrl === undefined ? {} : { pyodideUrl: new URL(String(options.pyodideUrl), globalThis.location?.href).href }),
    };
  }
  const rewritten = instrument(code, { typescript: language === 'typescript', filename });
  return {
    language,
    request: { code: rewritten.code, module: rewritten.module, stdin, maxSteps, timeBudgetMs: timeoutMs, maxOutputBytes: policy.maxOutputBytes, ...hint },
    limitMs,
  };
}

/**
 * Runs `code` off this thread and resolves to its trace (as the Node module's `trace`): JS and
 * TS with the one JS recorder, Python with the one Python tracer in Pyodide (loaded on the
 * first Python run; from `options.pyodideUrl`, else the `pyodide` package). A program that
 * raised or ran out of a budget still resolves; its trace says so. Rejects with `syntax`,
 * `usage`, `interpreter` (Pyodide did not load) or `run` (the tracer failed).
 */
export async function trace(code, options = {}) {
  options ??= {};
  const job = await prepare(code, options);
  let outcome;
  try {
    outcome = await runJob(job);
  } catch (failure) {
    throw new AlgoscopeError({
      kind: failure.kind,
      code: `ERR_ALGOSCOPE_${failure.kind.toUpperCase()}`,
      message: failure.message,
      line: null,
      column: null,
      path: null,
      ...(failure.kind === 'interpreter' ? { language: job.language } : {}),
    });
  }
  return assemble(code, { language: job.language, filename: options.filename, expanded: options.expanded, cutOff: outcome.cutOff }, outcome.records);
}

/** A trace made ready to draw once, then any step drawn on request (as the Node module's). */
export class Renderer {
  #inner;

  constructor(trace, options = {}) {
    const text = traceText(trace);
    this.#inner = guard(() => new raw.Renderer(text, options.sizes ?? undefined));
  }

  /** How many steps the trace has. */
  get stepCount() {
    return this.#inner.stepCount;
  }

  /** Step `step`'s memory picture as SVG (from 1 as the page counts; negative from the end). */
  memorySvg(step, options = {}) {
    return guard(() => this.#inner.memorySvg(step, Boolean(options.nested)));
  }

  /** The history of the loop running at `step` as SVG; a `no_loop` error when none runs. */
  loopSvg(step, options = {}) {
    return guard(() => this.#inner.loopSvg(step, options.maxRows ?? undefined, options.maxNodes ?? undefined));
  }

  /** Where loops run: `[first, last]` steps counted from 1, inclusive. */
  loopSpans() {
    return JSON.parse(guard(() => this.#inner.loopSpans()));
  }

  /** The `viz:` hints that do not parse or name nothing any step shows. */
  hintWarnings() {
    return this.#inner.hintWarnings();
  }

  /** Frees the module's memory for this trace now (else when collected). */
  free() {
    this.#inner.free();
  }
}

/** Draws one thing with a Renderer made for it, freed straight after. */
function once(trace, sizes, draw) {
  const renderer = new Renderer(trace, { sizes });
  try {
    return draw(renderer);
  } finally {
    renderer.free();
  }
}

/** Step `step`'s memory picture of `trace` as SVG, the bytes `algoscope render` writes. */
export function renderMemory(trace, step, options = {}) {
  return once(trace, options.sizes, (r) => r.memorySvg(step, options));
}

/** The loop history at step `step` of `trace` as SVG (`algoscope render --view loops`). */
export function renderLoops(trace, step, options = {}) {
  return once(trace, options.sizes, (r) => r.loopSvg(step, options));
}

export default init;
