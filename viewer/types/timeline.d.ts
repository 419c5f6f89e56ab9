/* The player's timeline, generated from schema/timeline.schema.json by json-schema-to-typescript (npm run types). Do not edit. */

/**
 * Which budget or resource limit stopped a run.
 */
export type StopReason = "steps" | "time" | "memory" | "output" | "cpu" | "processes";
/**
 * What happened at a step.
 */
export type Event = "line" | "call" | "return" | "exception" | "yield" | "await" | "resume";
/**
 * Which memory model sizes are computed in.
 */
export type SizeModel = "python" | "textbook" | "v8";

/**
 * The run as the player shows it beside the pictures (camelCase keys); the wasm viewer
 * gives it as JSON (`Viewer.timeline()`).
 */
export interface Timeline {
  /**
   * Language of the program.
   */
  language: "python" | "javascript" | "typescript";
  /**
   * The program text; the player splits it into lines.
   */
  source: string;
  /**
   * Everything printed by the run.
   */
  stdout: string;
  /**
   * Whether a budget cut the run short (the counter then shows `+`).
   */
  truncated: boolean;
  /**
   * Which budget cut it short.
   */
  stoppedBy?: StopReason | null;
  /**
   * Whether some passes of a long loop ran without being recorded (see `steps.skipped`).
   */
  sampled: boolean;
  /**
   * The uncaught error that ended the run, shown on the last step.
   */
  error?: ProgramError | null;
  /**
   * Distinct function names; `steps.func` indexes into it.
   */
  funcs: string[];
  steps: StepColumns;
  /**
   * The memory-size models that fit the language (`SizeModel::fitting`): what the
   * player's size switch offers.
   */
  sizeModels: SizeModel[];
}
/**
 * The uncaught error that ended a program.
 */
export interface ProgramError {
  /**
   * The error's type name (`IndexError`, `TypeError`).
   */
  type: string;
  /**
   * The error's message.
   */
  message: string;
  /**
   * Line where it was raised in the program, when known.
   */
  line?: number | null;
}
/**
 * One entry per recorded step in each column.
 */
export interface StepColumns {
  /**
   * Line about to run (1-based).
   */
  line: number[];
  /**
   * Index into [`Timeline::funcs`] of the running function.
   */
  func: number[];
  /**
   * Call depth: active frames below the running one (0 at module level).
   */
  depth: number[];
  /**
   * What happened at the step.
   */
  event: Event[];
  /**
   * Step index → events that ran just before it without being recorded (a sampled loop);
   * only steps that skipped some are listed.
   */
  skipped: {
    /**
     * This interface was referenced by `undefined`'s JSON-Schema definition
     * via the `patternProperty` "^\d+$".
     */
    [k: string]: number;
  };
  /**
   * Printed text so far, as a length in UTF-16 code units of `stdout` (what JavaScript's
   * `String.prototype.slice` counts), converted from the trace's Unicode scalar values.
   */
  out: number[];
  /**
   * Whether a loop runs at the step (the loop pane has a history to draw).
   */
  inLoop: boolean[];
}
