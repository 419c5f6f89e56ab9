/* @algoscope/wasm/runner: run the jobs `prepare()` made, in workers, with a watchdog. No wasm
 * module is needed here: a host can run jobs on a page of another origin than the app's. */
import type { Language, TraceJob } from './index.js'

/** How a job ended: its record stream (for `assemble`), and whether the watchdog cut it off. */
export interface JobOutcome {
  records: string
  /** The worker was terminated `limitMs` after the program started: pass as `assemble`'s `cutOff`. */
  cutOff: boolean
}

/** Why a job gave no records: Pyodide did not load, the tracer or its worker failed, or the signal fired. */
export interface JobFailure {
  kind: 'interpreter' | 'run' | 'aborted'
  message: string
}

export interface RunJobOptions {
  /** Stops the run: its worker is terminated and the promise rejects with `aborted`. */
  signal?: AbortSignal
  /** `'loading'`: Pyodide loads for this run; `'started'`: the program started (the watchdog counts from here). */
  onProgress?: (stage: 'loading' | 'started') => void
}

/** Runs `job` in a worker; resolves to its records, rejects with a {@link JobFailure}. */
export declare function runJob(job: TraceJob, options?: RunJobOptions): Promise<JobOutcome>

/** Gets a worker ready for the next run of `language` (Python: loads Pyodide, from `pyodideUrl` if given). Never rejects. */
export declare function warm(language: Language, options?: { pyodideUrl?: string | URL }): Promise<void>
