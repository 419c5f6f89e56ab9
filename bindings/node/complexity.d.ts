/* The Big-O estimate checked against a run (what the stepper's chip shows), generated from schema/complexity.schema.json by json-schema-to-typescript (npm run types). Do not edit. */

/**
 * A program's estimate, per function, and how the run compares with it.
 */
export interface Complexity {
  /**
   * The overall estimate in ASCII (`O(n^2)`, `O(n log n)`).
   */
  complexity: string;
  /**
   * The overall estimate in textbook form (`O(n²)`), as the page shows it.
   */
  complexityText: string;
  /**
   * Every function, the top level (`<module>`) first.
   */
  functions: FunctionComplexity[];
  /**
   * Each size letter of the overall estimate → what it measures (`n` → "the length of
   * `arr`").
   */
  sizes: {
    [k: string]: string;
  };
  /**
   * The check against the run, when there was a run to check.
   */
  check?: RunVerdict | null;
}
/**
 * One function's estimate.
 */
export interface FunctionComplexity {
  /**
   * Its name (`<module>` for the top level).
   */
  name: string;
  /**
   * The line of its definition (1-based).
   */
  line: number;
  /**
   * The estimate in ASCII.
   */
  complexity: string;
  /**
   * The estimate in textbook form.
   */
  complexityText: string;
  /**
   * Why: one sentence per loop, call, costly built-in or recurrence.
   */
  explanation: string;
  /**
   * Each size letter → what it measures.
   */
  sizes: {
    [k: string]: string;
  };
  /**
   * How the run compares, when the function was checked.
   */
  check?: FunctionVerdict | null;
}
/**
 * One function's run against its estimate.
 */
export interface FunctionVerdict {
  /**
   * In words, as [`RunVerdict::verdict`] (the worst of its loops).
   */
  verdict: string;
  /**
   * One sentence: what ran and how it compares.
   */
  message: string;
  /**
   * Calls in the run.
   */
  calls: number;
  /**
   * The deepest recursion in the run (1 when not recursive).
   */
  maxDepth: number;
  /**
   * Each of its loops that ran.
   */
  loops: LoopVerdict[];
  /**
   * For a recursive function: its calls against its recursion depth.
   */
  recursion?: RecursionVerdict | null;
}
/**
 * One loop over all its runs.
 */
export interface LoopVerdict {
  /**
   * The loop's id (`L12`).
   */
  loop: string;
  /**
   * Its header line.
   */
  line: number;
  /**
   * How many times the loop was entered.
   */
  runs: number;
  /**
   * Mean passes per run.
   */
  passes: number;
  /**
   * Mean passes the bound gives with the run's values, when they are known.
   */
  expected?: number | null;
  /**
   * The bound as written (`len(arr)`, `log n`).
   */
  bound: string;
  /**
   * In words, as [`RunVerdict::verdict`].
   */
  verdict: string;
}
/**
 * A recursive function's calls against what its recursion gives for the depth reached.
 */
export interface RecursionVerdict {
  /**
   * Calls from other functions (each starts a recursion).
   */
  outerCalls: number;
  /**
   * Self-calls one frame makes on its longest path.
   */
  selfCalls: number;
  /**
   * Whether the estimate takes the calls to grow exponentially with the depth.
   */
  exponential: boolean;
  /**
   * In words, as [`RunVerdict::verdict`].
   */
  verdict: string;
}
/**
 * The whole run against the estimate.
 */
export interface RunVerdict {
  /**
   * In words: `agrees`, `below the bound`, `disagrees`, `too small to tell`, `nothing to
   * check` or `not run` (the worst over the functions).
   */
  verdict: string;
  /**
   * One sentence for the program.
   */
  message: string;
}
