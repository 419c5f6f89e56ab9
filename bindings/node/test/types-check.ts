// Type-checked (not run) by test/types.test.mjs: the public types are precise, not `any`.
import {
  type AlgoscopeError,
  type Analysis,
  type Complexity,
  type HeapObject,
  type Trace,
  Renderer,
  analyze,
  bigo,
  complexity,
  page,
  renderLoops,
  renderMemory,
  trace,
  traceFile,
  validate,
} from '../index.js'

async function main(): Promise<void> {
  const t: Trace = await trace('xs = [1]\n', { language: 'python', maxSteps: 100, timeoutMs: 1000 })
  const language: 'python' | 'javascript' | 'typescript' = t.language
  const first = t.steps[0]
  const why: string = bigo(t.source, language, { function: 'f' }).functions[0].explanation
  console.log(why)
  const estimate: Complexity | null = complexity(t)
  const verdict: string | undefined = estimate?.check?.verdict
  console.log(verdict, estimate?.functions.map((f) => f.name))
  const line: number = first.line
  const objects: Array<HeapObject> = Object.values(first.heap ?? {})
  const svg: string = renderMemory(t, -1, { nested: true, sizes: 'python' })
  const loops: string = renderLoops(JSON.stringify(t), 1, { maxRows: 10 })
  const html: string = page(t, { title: 'x.py' })
  const r = new Renderer(t)
  const spans: Array<[number, number]> = r.loopSpans()
  const count: number = r.stepCount
  const again: Trace = validate(JSON.stringify(t))
  const a: Analysis = analyze('x = 1\n', 'python')
  const f: Trace = await traceFile('x.py')
  try {
    validate('{')
  } catch (e) {
    const error = e as AlgoscopeError
    const where: string | null = error.path
    const kind: AlgoscopeError['kind'] = error.kind
    console.log(where, kind)
  }
  console.log(language, line, objects, svg, loops, html, spans, count, again, a.syntaxErrors, f)
  // @ts-expect-error: not a language
  await trace('x', { language: 'ruby' })
  // @ts-expect-error: a trace has no such field
  console.log(t.nonsense)
}

void main
