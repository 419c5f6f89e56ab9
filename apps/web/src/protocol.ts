// The app ↔ runner protocol: messages over one MessageChannel, after a handshake through
// window.postMessage that carries the channel's port. Both sides check PROTOCOL; a runner
// that answers with another version is stale (the app asks for a reload).
import type { TraceJob } from '@algoscope/wasm';

/** Version of the messages below; bump it on any change to them. */
export const PROTOCOL = 2;

export type Language = 'python' | 'javascript' | 'typescript';
export const LANGUAGES: readonly Language[] = ['python', 'javascript', 'typescript'];

/** App → runner, through window.postMessage (with the channel's port transferred). */
export interface Hello {
  type: 'algoscope-hello';
  protocol: number;
}

/** App → runner, on the channel: run the job the app prepared (the wasm package's
 * `prepare`: JS/TS instrumented, Python's tracer request, budgets, the watchdog's limit),
 * so the runner needs no wasm module of its own. */
export interface RunRequest {
  type: 'run';
  id: number;
  job: TraceJob;
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
  /** The tracer's record stream (one JSON object a line), for assemble(); `cutOff`: the
   * watchdog terminated the worker, stuck past budget + grace (the records are those before). */
  | { type: 'records'; id: number; records: string; cutOff: boolean; runMs: number }
  /** The tracer or recorder itself failed: our bug. */
  | { type: 'crash'; id: number; message: string }
  /** The runtime (Pyodide, or the runner's own files) did not load: nothing ran. */
  | { type: 'load-failed'; id: number; message: string };
