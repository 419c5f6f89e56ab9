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
  /** The code's cost shape for Big-O estimates (every language); absent when empty. */
  cost?: CostShape
}

/** The cost shape of a program: one entry per function (the top level, `<module>`, first). */
export interface CostShape {
  functions: FunctionShape[]
  /** Names that hold a size read from input (`n = int(input())`). */
  inputSizes?: Array<{ name: string; line: number; collection: boolean }>
}

/** One function's cost shape. */
export interface FunctionShape {
  name: string
  line: number
  params: string[]
  /** The memoised parameters (`@cache`, a dict checked before the call). */
  memo?: string[]
  body: CostNode[]
}

/** A size: a name's value, its length (`len`), or the length of its items (`inner`). */
export interface SizeRef {
  name: string
  len?: boolean
  inner?: boolean
}

/** How many passes a loop makes. */
export type LoopBound =
  | { kind: 'size'; sizes: SizeRef[] }
  | { kind: 'log' | 'sqrt' | 'amortised'; size: SizeRef }
  | { kind: 'constant' | 'unknown' }

/** One costed piece of a function body. */
export type CostNode =
  | { kind: 'loop'; loopId?: string; line: number; bound: LoopBound; body: CostNode[] }
  | { kind: 'call'; line: number; callee: string; args: Array<SizeRef | null>; shrink?: 'minusOne' | 'half' | 'child' | 'partition' | 'unknown' }
  | { kind: 'op'; line: number; op: string; cost: 'log' | 'linear' | 'nLogN'; size: SizeRef }
  | { kind: 'branch'; line: number; arms: CostNode[][] }

/** One static import or re-export of a module program. */
export interface ImportRef {
  /** The module specifier as written (`./util.js`, `node:fs`). */
  specifier: string
  /** 1-based line of the specifier's string. */
  line: number
  /** 1-based column (in characters) of its opening quote. */
  column: number
}

/** A JavaScript or TypeScript program rewritten for the recorder (`instrument`). */
export interface Instrumented {
  /** JavaScript that calls the recorder `__as`; its first statement is `__as.meta({...})`. */
  code: string
  /** The program is an ES module (run it as one); false for a script. */
  module: boolean
  /** For TypeScript, the plain JavaScript it compiles to; null for JavaScript. */
  javascript: string | null
  /** Loops, index names, grid accesses and hints, with lines of the original source. */
  analysis: Analysis
  /** The modules it imports statically, in source order (empty for a script). */
  imports: ImportRef[]
}

/** One term's factor for one size: `n^(poly/1000) · log^log n · exp^n · n!`. */
export interface CostFactor {
  poly: number
  log: number
  exp: number
  factorial: boolean
}

/** A cost in the algebra: a sum of terms, each a product over named sizes. */
export interface CostExpr {
  terms: Array<{ factors: { [size: string]: CostFactor } }>
  /** Sizes that may be 0 (one item's neighbour list). */
  perItem?: string[]
}

/** The estimate of one function (`bigo`). */
export interface FunctionEstimate {
  /** The function's name (`<module>` for the top level). */
  name: string
  /** The line of its definition. */
  line: number
  /** The textbook form (`O(n²)`). */
  complexity: string
  /** The ASCII form (`O(n^2)`). */
  complexityAscii: string
  /** Why: one sentence per loop, call, costly built-in or recurrence. */
  explanation: string
  expr: CostExpr
  /** Each size letter → what it measures. */
  sizes: { [letter: string]: string }
}

/** The Big-O estimate of a whole program (`bigo`). */
export interface ProgramEstimate {
  /** The overall estimate, textbook form (`O(n log n)`). */
  complexity: string
  /** The overall estimate, ASCII form (`O(n log n)`, `O(n^2)`). */
  complexityAscii: string
  expr: CostExpr
  /** Every function, the top level first. */
  functions: FunctionEstimate[]
  /** Each size letter of the overall estimate → what it measures. */
  sizes: { [letter: string]: string }
  /** Each size letter → the raw symbol it names (`n` → `len(arr)`). */
  symbols: { [letter: string]: string }
}
