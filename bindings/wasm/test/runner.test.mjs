// `prepare` + `runJob` (the `./runner` entry) + `assemble`: what `trace()` is made of, for hosts
// that run the jobs on another page (the web app's runner). The same trace as `trace()`; Stop
// through an AbortSignal; `warm` loads Pyodide ahead of the run; the watchdog's cut off keeps
// the steps before it; the job is plain data (it survives structuredClone).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'

import { assemble, initSync, limits, prepare, trace } from '../index.js'
import { runJob, warm } from '../runner.js'

initSync(readFileSync(new URL('../pkg/algoscope_full_bg.wasm', import.meta.url)))

const JS = 'const xs = [3, 1, 2]\nxs.sort((a, b) => a - b)\nconsole.log(xs.join(","))\n'

test('prepare, runJob and assemble give what trace() gives', async () => {
  const job = structuredClone(await prepare(JS, { language: 'javascript', maxSteps: 500 }))
  assert.equal(job.limitMs, limits().timeoutMs + limits().graceMs)
  const stages = []
  const { records, cutOff } = await runJob(job, { onProgress: (stage) => stages.push(stage) })
  assert.equal(cutOff, false)
  assert.deepEqual(stages, ['started'])
  assert.deepEqual(assemble(JS, { language: 'javascript' }, records), await trace(JS, { language: 'javascript', maxSteps: 500 }))
  assert.deepEqual(limits(), { maxSteps: 20000, timeoutMs: 6000, graceMs: 1000, maxOutputBytes: limits().maxOutputBytes })
})

test('an AbortSignal stops a run at once; the next run works', async () => {
  const job = await prepare('let i = 0\nwhile (true) i++\n', { language: 'javascript', maxSteps: 1e9, timeoutMs: 60_000 })
  const controller = new AbortController()
  const started = performance.now()
  const run = runJob(job, { signal: controller.signal, onProgress: (stage) => stage === 'started' && setTimeout(() => controller.abort(), 100) })
  await assert.rejects(run, (e) => e.kind === 'aborted')
  assert.ok(performance.now() - started < 5_000, 'the abort took too long')
  const next = await runJob(await prepare(JS, { language: 'javascript' }))
  assert.match(next.records, /1,2,3/)
})

test('the inputHint option is what reading past stdin says', async () => {
  for (const [language, code] of [['python', 'input()\n'], ['javascript', 'prompt()\n']]) {
    const job = await prepare(code, { language, inputHint: 'type it in the Input tab' })
    assert.match(typeof job.request === 'string' ? job.request : JSON.stringify(job.request), /type it in the Input tab/, language)
  }
})

test('a language is read as the trace format names it; an unknown one is a usage error', async () => {
  for (const [given, language] of [['py', 'python'], ['js', 'javascript'], ['ts', 'typescript'], ['python', 'python']]) {
    assert.equal((await prepare('x = 1\n', { language: given })).language, language, given)
  }
  await assert.rejects(async () => prepare('x = 1\n', { language: 'ruby' }), (error) => error.kind === 'usage' && error.argument === 'language' && /unknown language `ruby`/.test(error.message))
})

test('warm loads Pyodide before the first Python run; a cut off keeps the steps', { timeout: 120_000 }, async () => {
  await warm('python')
  const stages = []
  const job = await prepare('x = 1\ny = 2\nz = sum(range(10**12))\n', { language: 'python', timeoutMs: 300 })
  const { records, cutOff } = await runJob(job, { onProgress: (stage) => stages.push(stage) })
  assert.deepEqual(stages, ['started'], 'Pyodide loaded during the run, not before')
  assert.equal(cutOff, true)
  const cut = assemble('x = 1\ny = 2\nz = sum(range(10**12))\n', { language: 'python', cutOff }, records)
  assert.equal(cut.stoppedBy, 'time')
  assert.ok(cut.steps.some((s) => s.line === 3))
})

test('two runs started together after warm() get a worker each', async () => {
  await warm('javascript')
  const [a, b] = await Promise.all([
    trace('console.log("a")\n', { language: 'javascript' }),
    trace('console.log("b")\n', { language: 'javascript' }),
  ])
  assert.deepEqual([a.stdout, b.stdout], ['a\n', 'b\n'])
})

test('a stop while Pyodide loads answers at once; the loaded worker serves the next run', { timeout: 120_000 }, async () => {
  // A Pyodide of its own (by URL), so no idle worker of an earlier test serves it.
  const pyodideUrl = new URL('../node_modules/pyodide/', import.meta.url).href
  let warmed = false
  const warming = warm('python', { pyodideUrl }).then(() => {
    warmed = true
  })
  const job = await prepare('print(1)\n', { language: 'python', pyodideUrl })
  const controller = new AbortController()
  const stages = []
  const run = runJob(job, { signal: controller.signal, onProgress: (stage) => stages.push(stage) })
  controller.abort()
  await assert.rejects(run, (e) => e.kind === 'aborted')
  assert.equal(warmed, false, 'the stop waited for Pyodide')
  assert.deepEqual(stages, ['loading'])
  await warming
  const after = []
  const { records } = await runJob(job, { onProgress: (stage) => after.push(stage) })
  assert.deepEqual(after, ['started'], 'the warmed worker was not kept')
  assert.match(records, /"out"/)
})

test('a module a Python run imported with its own builtins does not reach the next run', { timeout: 120_000 }, async () => {
  const first = await trace('import builtins\nbuiltins.len = lambda x: 0\nimport pydoc\nprint(len([1, 2]))\n', { language: 'python' })
  assert.equal(first.stdout, '0\n')
  const next = await trace('import builtins, pydoc\nprint(pydoc.builtins.len([1, 2]), pydoc.builtins is builtins)\n', { language: 'python' })
  assert.equal(next.stdout, '2 True\n')
})
