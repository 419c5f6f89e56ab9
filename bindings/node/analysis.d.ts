/* The static analysis of a program (`analyze`): the Rust `algoscope::Analysis`, camelCase keys. */

import type { GridAccess, Hint, LoopInfo } from './trace.js'

/** One syntax error: where it starts (1-based line, column in characters) and the message. */
export interface SyntaxErrorInfo {
  line: number
  column: number
  message: string
}

/** Everything static analysis found in one program; lines are the source's own. */
export interface Analysis {
  /** Loops and comprehension clauses in source order (outer before inner). */
  loops: LoopInfo[]
  /** Container → the names used in its subscripts (`grid[i][j]`: `grid: [i]`, `grid[]: [j]`). */
  indexNames: { [container: string]: string[] }
  /** Every two-level subscript `name[row][col]` that picks one cell, in source order. */
  gridAccesses: GridAccess[]
  /** Every `viz:` hint comment, in source order. */
  hints: Hint[]
  /** Every syntax error, sorted by position; empty when the program parses. */
  syntaxErrors: SyntaxErrorInfo[]
}
