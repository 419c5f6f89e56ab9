/* @algoscope/wasm/recorder: the JS recorder (runtimes/js), run in a realm of its own. */

export interface RunRequest {
  /** The program as `instrument()` rewrote it (its `code`). */
  code: string
  /** Run it as an ES module (`instrument()`'s `module`). */
  module?: boolean
  /** The text `prompt()` reads line by line. */
  stdin?: string | null
  /** Steps recorded before the run stops (default: `MAX_STEPS` of the run policy, runtimes/policy.json). */
  maxSteps?: number
  /** Wall-clock budget in ms (default: `TIME_BUDGET_MS` of the run policy). */
  timeBudgetMs?: number
  /** Bytes of printed output kept before the run stops (`stoppedBy: "output"`). */
  maxOutputBytes?: number
  /** What `prompt()` throws with when no input line is left. */
  inputHint?: string
}

/** Runs an instrumented program and resolves to its record stream (one JSON record per line). The program's globals stay installed: one run per worker. */
export declare function runInstrumented(request: RunRequest): Promise<string>
