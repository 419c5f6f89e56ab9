/* @algoscope/wasm: the Node module's API: trace in a worker, and everything else in wasm. */
import type { Trace } from './pkg/trace.js'
import type { Analysis, Instrumented, ProgramEstimate } from './pkg/analysis.js'
import type { AlgoscopeErrorFields } from './pkg/error.js'
import type { Complexity } from './pkg/complexity.js'
export type * from './pkg/trace.js'
export type * from './pkg/analysis.js'
export type * from './pkg/error.js'
export type * from './pkg/complexity.js'

/** What `init` loads the module from: its URL (default: beside this package), a fetch, or bytes. */
export type ModuleSource = string | URL | Request | Response | BufferSource | WebAssembly.Module

/** Loads the module asynchronously; call once before anything else. */
export declare function init(input?: ModuleSource | Promise<Response>): Promise<void>
export default init

/** Loads the module from its bytes or a compiled module, synchronously. */
export declare function initSync(input: BufferSource | WebAssembly.Module | { module: BufferSource | WebAssembly.Module }): void

/** The one error every function throws: the same fields as the Node package's errors. */
export declare class AlgoscopeError extends Error {}
export interface AlgoscopeError extends AlgoscopeErrorFields {}

/** Memory sizes drawn beside values (`docs/memory-sizes.md`). */
export type SizeModel = 'python' | 'textbook' | 'v8'
export type Language = 'python' | 'javascript' | 'typescript'

export interface ValidateOptions {
  /** Every step's full heap instead of heap deltas (default `false`). */
  expanded?: boolean
}
/** Reads and checks a trace (JSON text, or a file's bytes: JSON or gzip); throws `invalid` with the bad field's `path`. */
export declare function validate(text: string | Uint8Array, options?: ValidateOptions): Trace

/** The static analysis of `code` (syntax errors are listed in it, not thrown). */
export declare function analyze(code: string, language: Language): Analysis

export interface BigoOptions {
  /** The program's name in syntax errors (default `<program>`). */
  filename?: string
  /** Estimate this function only. */
  function?: string
}
/** The Big-O estimate of `code` from its code alone; throws `syntax` when it does not parse. */
export declare function bigo(code: string, language: Language, options?: BigoOptions): ProgramEstimate

/**
 * The Big-O estimate of the traced program, checked against that run: overall and per function
 * with why, and what the run showed (`Complexity`, what the stepper's chip shows: pass it as
 * the viewer's `mount(element, {trace, complexity})`). `null` when the code does not parse.
 * Throws `invalid` for a bad trace.
 */
export declare function complexity(trace: Trace | string): Complexity | null

export interface InstrumentOptions {
  /** The code is TypeScript (default `false`). */
  typescript?: boolean
  /** The program's name in syntax errors (default `program.js` / `program.ts`). */
  filename?: string
}
/** `code` rewritten to report each step to the recorder; throws `syntax` with every error. */
export declare function instrument(code: string, options?: InstrumentOptions): Instrumented

export interface TraceOptions {
  /** The program's language; when absent, from `filename`'s extension. */
  language?: Language
  /** The name used in messages (default `<program>`). */
  filename?: string
  /** Text the program reads as standard input, line by line (no SharedArrayBuffer needed). */
  stdin?: string | null
  /** Recorded steps before the run stops (`stoppedBy: "steps"`). Default: `limits().maxSteps`. */
  maxSteps?: number
  /**
   * Time budget in ms (`stoppedBy: "time"`). Default: `limits().timeoutMs`. A worker still
   * running `limits().graceMs` past it (stuck in one built-in call) is terminated; the trace keeps the steps before.
   */
  timeoutMs?: number
  /** Every step's full heap instead of heap deltas (default `false`). */
  expanded?: boolean
  /**
   * Where Pyodide's files are served (its `indexURL`, a folder with `pyodide.mjs`). Default:
   * the `pyodide` package (an optional peer dependency), never a CDN.
   */
  pyodideUrl?: string | URL
}
/**
 * Runs `code` in a worker (a Web Worker, or a Node worker thread) and resolves to its trace:
 * JS/TS with the one JS recorder, Python with the one Python tracer in Pyodide (loaded on
 * the first Python run only). A program that raised or ran out of a budget still resolves.
 * Rejects with `syntax`, `usage`, `interpreter` (Pyodide did not load) or `run`.
 */
export declare function trace(code: string, options?: TraceOptions): Promise<Trace>

/** The run policy, the command line's defaults. */
export interface Limits {
  /** Steps recorded before a run stops itself (`runtimes/policy.json`'s `maxSteps`). */
  maxSteps: number
  /** Time budget of a run in ms (`runtimes/policy.json`'s `timeBudgetMs`). */
  timeoutMs: number
  /** ms past the time budget before a worker stuck in one call is terminated. */
  graceMs: number
  /** Bytes of printed output kept before the run stops. */
  maxOutputBytes: number
}
/** The run policy `trace()` and `prepare()` use when an option is left out. */
export declare function limits(): Limits

/** `trace()`'s options, and what reading past the end of stdin says (`inputHint`). */
export interface PrepareOptions extends TraceOptions {
  inputHint?: string
}
/**
 * What `trace()` sends to its worker: plain data a host can post to another page and run
 * there with `runJob` of `@algoscope/wasm/runner`, then `assemble` the records it gets.
 */
export interface TraceJob {
  language: Language
  /** The tracer's request: JSON text (Python), or the JS recorder's request object. */
  request: string | import('./recorder.js').RunRequest
  /** ms after the program starts before its worker is terminated (time budget + grace). */
  limitMs: number
  /** Where Pyodide's files are (absolute URL), when the host gave one. */
  pyodideUrl?: string
}
/** Makes the job for `code` on this thread (JS/TS instrumented here). Rejects with `syntax` or `usage`. */
export declare function prepare(code: string, options?: PrepareOptions): Promise<TraceJob>

export interface AssembleOptions {
  /** The language of the program the records come from. */
  language: Language
  /** The name in messages (default `<program>`). */
  filename?: string
  /** Every step's full heap instead of heap deltas (default `false`). */
  expanded?: boolean
  /** The host terminated the run past its time budget: the trace says `stoppedBy: "time"`. */
  cutOff?: boolean
}
/** The trace of `code` from its tracer's record stream (`runInstrumented` of `@algoscope/wasm/recorder`). */
export declare function assemble(code: string, options: AssembleOptions, records: string): Trace

export interface DrawOptions {
  /** Show memory sizes in this model. */
  sizes?: SizeModel
}
export interface MemorySvgOptions {
  /** Draw objects referenced exactly once inside the box that holds them. */
  nested?: boolean
  /** Show memory sizes in this model (`renderMemory` only). */
  sizes?: SizeModel
}
export interface LoopSvgOptions {
  /** Most passes drawn as rows (the latest are kept). Default 120. */
  maxRows?: number
  /** Most linked-structure nodes drawn over all rows (default: no limit). */
  maxNodes?: number
  /** Show memory sizes in this model (`renderLoops` only). */
  sizes?: SizeModel
}

/** A trace made ready to draw once, then any step drawn on request. */
export declare class Renderer {
  constructor(trace: Trace | string, options?: DrawOptions)
  /** How many steps the trace has. */
  get stepCount(): number
  /** Step `step`'s memory picture as SVG (steps from 1 as the page counts; negative from the end). */
  memorySvg(step: number, options?: MemorySvgOptions): string
  /** The loop history at `step` as SVG; throws `no_loop` (with `spans`) when none runs. */
  loopSvg(step: number, options?: LoopSvgOptions): string
  /** Where loops run: `[first, last]` steps counted from 1. */
  loopSpans(): Array<[number, number]>
  /** The `viz:` hints that do not parse or name nothing any step shows. */
  hintWarnings(): string[]
  /** Frees the module's memory for this trace now. */
  free(): void
}

/** Step `step`'s memory picture of `trace` as SVG, the bytes `algoscope render` writes. */
export declare function renderMemory(trace: Trace | string, step: number, options?: MemorySvgOptions): string
/** The loop history at step `step` of `trace` as SVG. */
export declare function renderLoops(trace: Trace | string, step: number, options?: LoopSvgOptions): string
