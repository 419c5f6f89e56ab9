// The API over small programs: traces, drawings, analysis, budgets, and the one error shape
// ({kind, code, message, line, column, path}) for every failure. Shared: with TEST_WASM=1 the
// same tests run against the wasm package (helpers.mjs), those of `trace` and `page` skipped.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { gzipSync } from 'node:zlib'

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { api, CLI, cli, traced, WASM } from './helpers.mjs'

const { Renderer, analyze, bigo, complexity, instrument, page, renderLoops, renderMemory, trace, validate } = api

const LOOP = 'xs = [3, 1, 2]\nfor i in range(len(xs)):\n    xs[i] += 1\nprint(xs)\n'

/** Asserts `fn` throws (or rejects with) an AlgoscopeError of `kind`; returns it. */
async function failure(fn, kind) {
  let error
  try {
    await fn()
  } catch (e) {
    error = e
  }
  assert.ok(error instanceof Error, `expected an error, got ${error}`)
  assert.equal(error.kind, kind, error.message)
  assert.equal(error.code, `ERR_ALGOSCOPE_${kind.toUpperCase()}`)
  for (const key of ['line', 'column', 'path']) assert.ok(key in error, `${key} missing`)
  return error
}

test('trace resolves to a plain trace object, heaps as deltas', async () => {
  const t = await trace(LOOP, { language: 'python' })
  assert.equal(t.version, 1)
  assert.equal(t.language, 'python')
  assert.equal(t.source, LOOP)
  assert.equal(t.stdout, '[4, 2, 3]\n')
  assert.equal(t.heapDelta, true)
  assert.ok(t.steps.length > 3)
  assert.equal(t.loops[0].kind, 'for')
  const full = await trace(LOOP, { language: 'python', expanded: true })
  assert.ok(!full.heapDelta)
  assert.equal(full.steps.length, t.steps.length)
})

test('trace runs JavaScript and TypeScript, language from the filename', async () => {
  const js = await trace('let s = 0\nfor (let i = 0; i < 3; i++) {\n  s += i\n}\nconsole.log(s)\n', {
    filename: 'sum.js',
  })
  assert.equal(js.language, 'javascript')
  assert.equal(js.stdout, '3\n')
  const ts = await trace('const n: number = 2\nconsole.log(n * 21)\n', { language: 'typescript' })
  assert.equal(ts.stdout, '42\n')
})

test('trace does not block the event loop while the program runs', async () => {
  let ticks = 0
  const timer = setInterval(() => ticks++, 5)
  try {
    await trace('import time\ntime.sleep(0.3)\n', { language: 'python' })
  } finally {
    clearInterval(timer)
  }
  assert.ok(ticks >= 5, `only ${ticks} ticks while tracing`)
})

test('budgets: steps and time stop the run, the trace says so', async () => {
  // Calls (loops are sampled, so a plain loop meets the time budget first).
  const calls = 'def f(n):\n    return f(n + 1) if n < 500 else n\nf(0)\n'
  const steps = await trace(calls, { language: 'python', maxSteps: 50 })
  assert.equal(steps.truncated, true)
  assert.equal(steps.stoppedBy, 'steps')
  assert.ok(steps.steps.length <= 50)
  const time = await trace('while True:\n    pass\n', {
    language: 'python',
    maxSteps: 10_000_000,
    timeoutMs: 300,
  })
  assert.equal(time.truncated, true)
  assert.equal(time.stoppedBy, 'time')
})

test('a run stuck in one built-in call is cut off, keeping its steps; the next run works', async () => {
  for (const [language, code] of [
    ['python', 'x = 1\ny = 2\nz = sum(range(10**12))\n'],
    ['javascript', "let x = 1;\nlet y = 2;\nconst z = /(a+)+b/.test('a'.repeat(40));\n"],
  ]) {
    const started = Date.now()
    const stuck = await trace(code, { language, timeoutMs: 300 })
    assert.equal(stuck.truncated, true, language)
    assert.equal(stuck.stoppedBy, 'time', language)
    assert.equal(stuck.error ?? null, null, language)
    assert.ok(stuck.steps.some((s) => s.line === 3), `${language}: the step of the stuck line is kept`)
    assert.ok(Date.now() - started < 20_000, `${language}: cut off after ${Date.now() - started} ms`)
    const next = await trace(language === 'python' ? 'print(6 * 7)\n' : 'console.log(6 * 7)\n', { language })
    assert.equal(next.stdout, '42\n', language)
  }
})

test('stdin feeds input(); an uncaught error is in the trace, not thrown', async () => {
  const t = await trace('name = input()\nprint("hi", name)\n', { language: 'python', stdin: 'Ada\n' })
  assert.equal(t.stdout, 'hi Ada\n')
  const raised = await trace('x = 1\nraise ValueError("no")\n', { language: 'python' })
  assert.equal(raised.error.type, 'ValueError')
})

test('renderMemory, renderLoops, page and Renderer draw the same SVG', async () => {
  const t = await traced(LOOP, 'python')
  const r = new Renderer(t)
  assert.equal(r.stepCount, t.steps.length)
  const last = renderMemory(t, -1)
  assert.ok(last.startsWith('<svg'))
  assert.equal(last, r.memorySvg(t.steps.length))
  assert.equal(r.memorySvg(1), r.memorySvg(-t.steps.length))
  assert.equal(renderMemory(JSON.stringify(t), 2), r.memorySvg(2))
  assert.notEqual(renderMemory(t, 2, { nested: true }), '')
  const [first, end] = r.loopSpans()[0]
  assert.ok(first >= 1 && end >= first)
  const loops = renderLoops(t, end)
  assert.ok(loops.startsWith('<svg'))
  assert.equal(loops, r.loopSvg(end))
  assert.ok(renderMemory(t, -1, { sizes: 'python' }).includes('<svg'))
  if (!WASM) {
    const html = page(t, { title: 'loop.py' })
    assert.ok(html.startsWith('<!DOCTYPE html>') || html.startsWith('<!doctype html>'))
    assert.ok(html.includes('loop.py'))
    assert.equal(html, r.page({ title: 'loop.py' }))
  }
  assert.deepEqual(r.hintWarnings(), [])
})

test('validate returns the trace; analyze finds loops, hints and syntax errors', async () => {
  const t = await traced(LOOP, 'python')
  assert.deepEqual(validate(JSON.stringify(t)), t)
  assert.ok(!validate(JSON.stringify(t), { expanded: true }).heapDelta)
  // A trace file's bytes: plain or gzip-compressed (as `algoscope trace -o t.json.gz` writes).
  assert.deepEqual(validate(Buffer.from(JSON.stringify(t))), t)
  const packed = gzipSync(JSON.stringify(t))
  assert.deepEqual(validate(packed), t)
  const cut = await failure(() => validate(packed.subarray(0, packed.length >> 1)), 'invalid')
  assert.match(cut.message, /^gzip: /)
  const a = analyze('for i in range(3):\n    xs[i] = 0  # viz: hide i\n', 'python')
  assert.equal(a.loops.length, 1)
  assert.deepEqual(a.indexNames, { xs: ['i'] })
  assert.equal(a.hints.length, 1)
  assert.deepEqual(a.syntaxErrors, [])
  const bad = analyze('while x <\n    pass\n', 'python')
  assert.deepEqual(bad.syntaxErrors[0], { line: 1, column: 10, message: 'Expected an expression' })
  assert.ok(analyze('for (const x of [1]) {}', 'javascript').loops.length === 1)
})

test('errors: a syntax error rejects with every error and the first one\'s position', async () => {
  const e = await failure(() => trace('while x <\n    pass\n', { language: 'python' }), 'syntax')
  assert.equal(e.line, 1)
  assert.equal(e.column, 10)
  assert.equal(e.path, null)
  assert.deepEqual(e.errors[0], { line: 1, column: 10, message: 'Expected an expression' })
  const js = await failure(() => trace('let = ;\n', { language: 'javascript' }), 'syntax')
  assert.equal(js.line, 1)
})

test('errors: invalid traces name the JSON path, or where the text stops being JSON', async () => {
  const missing = await failure(() => validate('{"version": 1, "language": "python"}'), 'invalid')
  assert.match(missing.message, /source/)
  const t = await traced(LOOP, 'python')
  t.steps[1].line = 'three'
  const bad = await failure(() => validate(JSON.stringify(t)), 'invalid')
  assert.equal(bad.path, 'steps[1].line')
  assert.match(bad.message, /steps\[1\]\.line/)
  await failure(() => renderMemory(t, 0), 'invalid')
  const text = await failure(() => validate('{"version": 1,\n  oops'), 'invalid')
  assert.equal(text.line, 2)
  assert.equal(typeof text.column, 'number')
  assert.equal(text.path, null)
})

test('errors: steps, loops, usage and interpreters', async () => {
  const t = await traced(LOOP, 'python')
  const range = await failure(() => renderMemory(t, 10_000), 'step')
  assert.equal(range.step, 10_000)
  assert.equal(range.count, t.steps.length)
  assert.match(range.message, new RegExp(`steps 1 to ${t.steps.length} \\(-1 is the last\\)`))
  assert.equal((await failure(() => renderMemory(t, -10_000), 'step')).step, -10_000)
  assert.equal((await failure(() => renderMemory(t, 0), 'step')).step, 0)
  assert.equal((await failure(() => renderMemory(t, 2 ** 32 + 1), 'step')).step, 2 ** 32 + 1)
  const noLoop = await failure(() => renderLoops(t, 1), 'no_loop')
  assert.ok(noLoop.spans.length >= 1)
  assert.equal(noLoop.step, 1)
  assert.equal((await failure(() => renderMemory(t, 0, { sizes: 'big' }), 'usage')).argument, 'sizes')
  await failure(() => analyze('x = 1', 'ruby'), 'usage')
  await failure(() => renderMemory(42, 0), 'usage')
  assert.equal((await failure(() => trace('x = 1'), 'usage')).argument, 'language')
  await failure(() => trace('x = 1', { language: 'ruby' }), 'usage')
  assert.equal((await failure(() => trace('x = 1', { filename: 'x.rb' }), 'usage')).argument, 'filename')
  if (WASM) {
    // No Pyodide where the host says it is: nothing ran, and the error says whose.
    const missing = await failure(() => trace('x = 1', { language: 'python', pyodideUrl: 'file:///nonexistent/pyodide/' }), 'interpreter')
    assert.equal(missing.language, 'python')
    return
  }
  const interp = await failure(
    () => trace('x = 1', { language: 'python', python: '/nonexistent/python3' }),
    'interpreter',
  )
  assert.equal(interp.language, 'python')
  await failure(() => trace('x = 1', { language: 'javascript', node: '/nonexistent/node' }), 'interpreter')
})

test('instrument rewrites JS and TS for the recorder, as the CLI runs them', async () => {
  const js = instrument('let s = 0\nfor (let i = 0; i < 3; i++) s += i\nconsole.log(s)\n')
  assert.match(js.code, /__as\.meta\(/)
  assert.equal(js.module, false)
  assert.equal(js.javascript, null)
  assert.deepEqual(js.analysis.loops.map((l) => l.line), [2])
  assert.deepEqual(js.imports, [])
  const ts = instrument('const n: number = 2\nexport const sq = (x: number): number => x * x\n', { typescript: true })
  assert.equal(ts.module, true)
  assert.ok(!ts.javascript.includes(': number'), ts.javascript)
  const bad = await failure(() => instrument('let x = (\n', { filename: 'bad.js' }), 'syntax')
  assert.equal(bad.line, 2)
  assert.equal(bad.filename, 'bad.js')
  assert.ok(bad.message.startsWith('bad.js:'), bad.message)
  assert.ok(String(bad).startsWith(`${bad.name}: bad.js:2:`), String(bad))
  assert.ok(bad.name === 'Error' || bad.name === 'AlgoscopeError', bad.name)
})

test('complexity: the estimate checked against the run, as `algoscope bigo --check --json`', async (t) => {
  const code = 'def total(xs):\n    s = 0\n    for x in xs:\n        s += x\n    return s\n\nprint(total(list(range(40))))\n'
  const run = await traced(code, 'python')
  const estimate = complexity(run)
  assert.equal(estimate.complexity, 'O(n)')
  assert.equal(estimate.complexityText, 'O(n)')
  assert.ok(estimate.functions.some((f) => f.name === 'total'), JSON.stringify(estimate.functions))
  assert.ok(estimate.check && typeof estimate.check.verdict === 'string', JSON.stringify(estimate.check))
  assert.deepEqual(complexity(JSON.stringify(run)), estimate)
  if (CLI && !WASM) {
    const dir = mkdtempSync(join(tmpdir(), 'algoscope-complexity-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, 'total.py')
    writeFileSync(file, code)
    assert.deepEqual(estimate, JSON.parse(cli('bigo', file, '--check', '--json')))
  }
  // A bad trace is refused.
  await failure(() => complexity('{"version": 1}'), 'invalid')
})

test('bigo estimates from the code alone, per function, with why', async () => {
  const pairs = 'def pairs(xs):\n    for a in xs:\n        for b in xs:\n            print(a, b)\n'
  const e = bigo(pairs, 'python', { filename: 'pairs.py' })
  assert.equal(e.complexity, 'O(n²)')
  assert.equal(e.complexityAscii, 'O(n^2)')
  const f = e.functions.find((fn) => fn.name === 'pairs')
  assert.equal(f.line, 1)
  assert.ok(f.explanation.length > 0)
  assert.ok(Object.values(f.sizes).some((what) => what.includes('xs')), JSON.stringify(f.sizes))
  const js = bigo('function find(xs, x) {\n  let lo = 0, hi = xs.length - 1\n  while (lo <= hi) {\n    const mid = (lo + hi) >> 1\n    if (xs[mid] === x) return mid\n    if (xs[mid] < x) lo = mid + 1\n    else hi = mid - 1\n  }\n  return -1\n}\n', 'javascript', { function: 'find' })
  assert.equal(js.complexity, 'O(log n)')
  const bad = await failure(() => bigo('def f(:\n', 'python', { filename: 'bad.py' }), 'syntax')
  assert.equal(bad.filename, 'bad.py')
  await failure(() => bigo('x = 1', 'ruby'), 'usage')
})
