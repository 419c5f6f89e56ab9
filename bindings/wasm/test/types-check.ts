// Compiled by package.test.mjs inside a fresh install under tsc --strict: every public type of
// @algoscope/wasm is precise (the `@ts-expect-error` lines must be errors).
import init, { AlgoscopeError, Renderer, analyze, assemble, bigo, complexity, instrument, limits, prepare, renderLoops, renderMemory, trace as traceProgram, validate } from '@algoscope/wasm'
import type { Analysis, Complexity, Instrumented, Trace, TraceJob } from '@algoscope/wasm'
import { runInstrumented } from '@algoscope/wasm/recorder'
import { runJob, warm, type JobFailure } from '@algoscope/wasm/runner'

export async function use(code: string): Promise<string> {
  await init()
  const analysis: Analysis = analyze(code, 'python')
  const lines: number[] = analysis.loops.map((loop) => loop.line)
  const estimate: string = bigo(code, 'python', { function: 'f' }).functions[0].explanation
  const rewritten: Instrumented = instrument(code, { typescript: true, filename: 'a.ts' })
  const records: string = await runInstrumented({ code: rewritten.code, module: rewritten.module, stdin: '3\n' })
  const trace: Trace = assemble(code, { language: 'typescript' }, records)
  const again: Trace = validate(new Uint8Array(), { expanded: true })
  const run: Trace = await traceProgram(code, { language: 'python', stdin: '1\n', maxSteps: 100, timeoutMs: 500, pyodideUrl: new URL('https://example.org/pyodide/') })
  const checked: Complexity | null = complexity(trace)
  const named: string[] = checked ? checked.functions.map((f) => f.name) : []
  const cut: boolean = assemble(code, { language: 'python', cutOff: true }, records).truncated === true
  const job: TraceJob = await prepare(code, { language: 'python', inputHint: 'type it', maxSteps: limits().maxSteps })
  await warm('python', { pyodideUrl: '/pyodide/' })
  const controller = new AbortController()
  const outcome = await runJob(job, { signal: controller.signal, onProgress: (stage: 'loading' | 'started') => void stage })
  const records2: string = outcome.records + String(outcome.cutOff)
  const failed = (e: JobFailure): boolean => e.kind === 'aborted'
  // @ts-expect-error: not a stage
  await runJob(job, { onProgress: (stage: 'finished') => void stage })
  // @ts-expect-error: not a language
  await traceProgram(code, { language: 'ruby' })
  const renderer = new Renderer(trace, { sizes: 'v8' })
  const spans: Array<[number, number]> = renderer.loopSpans()
  const svg: string = renderer.memorySvg(-1, { nested: true }) + renderLoops(again, 3, { maxRows: 10 })
  try {
    renderMemory(trace, 1)
  } catch (e) {
    if (e instanceof AlgoscopeError && e.kind === 'invalid') return e.path ?? String(e.line)
  }
  // @ts-expect-error: not a language
  analyze(code, 'ruby')
  // @ts-expect-error: the language is required
  assemble(code, {}, records)
  // @ts-expect-error: not a size model
  new Renderer(trace, { sizes: 'big' })
  return svg + estimate + lines.length + spans.length + trace.steps[0].line + run.steps.length + String(cut) + records2 + String(failed) + named.join()
}
