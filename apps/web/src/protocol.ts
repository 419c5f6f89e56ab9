// The app ↔ runner protocol: messages over one MessageChannel, after a handshake through
// window.postMessage that carries the channel's port. Both sides check PROTOCOL; a runner
// that answers with another version is stale (the app asks for a reload).

/** Version of the messages below; bump it on any change to them. */
export const PROTOCOL = 1;

export type Language = 'python' | 'javascript' | 'typescript';
export const LANGUAGES: readonly Language[] = ['python', 'javascript', 'typescript'];

/** Steps recorded before a run stops itself. */
export const MAX_STEPS = 20_000;
/** Wall-clock budget of a run, in ms (the tracers stop themselves). */
export const TIME_BUDGET_MS = 6_000;
/** Extra ms the runner waits past the budget before it terminates a stuck worker. */
export const GRACE_MS = 1_500;

/** App → runner, through window.postMessage (with the channel's port transferred). */
export interface Hello {
  type: 'algoscope-hello';
  protocol: number;
}

/** What the runner runs: the app instruments JS/TS and analyses Python (wasm) before it
 * asks, so the runner's worker needs no wasm module of its own. */
export type Program =
  | { language: 'javascript' | 'typescript'; instrumented: string; module: boolean }
  | { language: 'python'; source: string; loops: unknown[]; indexNames: Record<string, string[]> };

/** App → runner, on the channel. */
export interface RunRequest {
  type: 'run';
  id: number;
  program: Program;
  stdin: string | null;
  maxSteps: number;
  timeBudgetMs: number;
}

/** App → runner: load the runtime of a language now (the person is about to run it). */
export interface WarmRequest {
  type: 'warm';
  language: Language;
}

/** Runner → app, on the channel. */
export type RunnerMessage =
  | { type: 'ready'; protocol: number }
  | { type: 'stale'; protocol: number; wanted: number }
  | { type: 'status'; id: number; text: string }
  /** The program started (the watchdog counts from here). */
  | { type: 'started'; id: number }
  /** The tracer's record stream (one JSON object a line), for assemble(). */
  | { type: 'records'; id: number; records: string; runMs: number }
  /** The tracer or recorder itself failed: our bug. */
  | { type: 'crash'; id: number; message: string }
  /** The runtime (Pyodide) did not load: nothing ran. */
  | { type: 'load-failed'; id: number; message: string }
  /** The watchdog terminated a worker stuck past budget + grace. */
  | { type: 'killed'; id: number; afterMs: number };

/** Runner → worker. */
export type WorkerRequest = Omit<RunRequest, 'id'> | WarmRequest;

/** Worker → runner (a subset of RunnerMessage without ids). */
export type WorkerMessage =
  | { type: 'status'; text: string }
  | { type: 'started' }
  /** `spent`: the program changed the interpreter (builtins, tracer…): replace the worker. */
  | { type: 'records'; records: string; runMs: number; spent?: boolean }
  | { type: 'crash'; message: string }
  | { type: 'load-failed'; message: string };
