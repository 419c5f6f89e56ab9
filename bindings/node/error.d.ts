/* The fields of every error algoscope's JS packages throw (the Rust `algoscope::ErrorReport`);
   shared by @algoscope/node and @algoscope/wasm. */

export interface AlgoscopeErrorFields {
  kind: 'syntax' | 'invalid' | 'interpreter' | 'step' | 'no_loop' | 'usage' | 'run'
  /** `ERR_ALGOSCOPE_` and the kind in capitals. */
  code: string
  message: string
  /** The first syntax error's line, or where a trace text stops being JSON; else null. */
  line: number | null
  column: number | null
  /** The JSON path of a trace's bad field (`steps[3].line`), else null. */
  path: string | null
  /** `syntax`: the program's name, as given or its path. */
  filename?: string
  /** `syntax`: every syntax error. */
  errors?: Array<{ line: number; column: number; message: string }>
  /** `step`, `no_loop`: the step asked for (from 1; negative from the end); `step`: how many there are. */
  step?: number | null
  count?: number
  /** `no_loop`: where loops run, `[first, last]` counted from 1. */
  spans?: Array<[number, number]>
  /** `usage`: the option that was wrong. */
  argument?: string
  /** `interpreter`: whose interpreter is missing or too old. */
  language?: string
}
