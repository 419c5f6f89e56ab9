// The @algoscope/wasm package (scripts/build-viewer.sh --full) in Node, against the native
// results: the same analysis, instrumentation and errors as the native module (bindings/node,
// built first by scripts/build-node.sh) for every example, and the same trace as `algoscope
// trace` when it assembles the records of the real Python tracer or of the JS recorder run by
// the package's own `./recorder` entry. The rest of the API is checked by the Node package's
// suite run against this package (TEST_WASM=1 node --test bindings/node/test/).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

import { AlgoscopeError, analyze, assemble, bigo, initSync, instrument, validate } from '../index.js'
import * as native from '../../node/index.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const BIN = path.resolve(ROOT, process.env.ALGOSCOPE_BIN || 'target/debug/algoscope')
initSync(readFileSync(new URL('../pkg/algoscope_full_bg.wasm', import.meta.url)))

const LANGUAGES = { python: '.py', javascript: '.js', typescript: '.ts' }
const examples = Object.entries(LANGUAGES).flatMap(([language, ext]) =>
  readdirSync(path.join(ROOT, 'examples', language))
    .filter((f) => f.endsWith(ext))
    .map((f) => ({ language, file: path.join(ROOT, 'examples', language, f) })),
)

test('analyze gives the native analysis for every example', () => {
  assert.ok(examples.length >= 40, `${examples.length} examples`)
  for (const { language, file } of examples) {
    const code = readFileSync(file, 'utf8')
    assert.deepEqual(analyze(code, language), native.analyze(code, language), file)
  }
  const broken = analyze('while x <\n    pass\n', 'python')
  assert.deepEqual(broken.syntaxErrors[0], { line: 1, column: 10, message: 'Expected an expression' })
  assert.throws(() => analyze('x', 'ruby'), /ruby/)
})

test('bigo gives the native estimate for every example', () => {
  for (const { language, file } of examples) {
    const code = readFileSync(file, 'utf8')
    assert.deepEqual(bigo(code, language), native.bigo(code, language), file)
  }
})

test('instrument gives the native rewrite for every JS and TS example', () => {
  for (const { language, file } of examples.filter((e) => e.language !== 'python')) {
    const code = readFileSync(file, 'utf8')
    const typescript = language === 'typescript'
    const name = path.basename(file)
    assert.deepEqual(
      instrument(code, { typescript, filename: name }),
      native.instrument(code, { typescript, filename: name }),
      file,
    )
  }
  assert.throws(() => instrument('let x = (\n', { filename: 'bad.js' }), /^AlgoscopeError: bad\.js:2:/)
})

/** The records the Python tracer writes for `file`, run as the CLI runs it. */
function pythonRecords(file, work) {
  const code = readFileSync(file, 'utf8')
  const analysis = analyze(code, 'python')
  const out = path.join(work, path.basename(file) + '.ndjson')
  const request = path.join(work, path.basename(file) + '.request.json')
  writeFileSync(request, JSON.stringify({
    out, maxSteps: 20000, timeBudgetMs: 6000, stdin: null, source: code,
    loops: analysis.loops, indexNames: analysis.indexNames, programDir: path.dirname(file),
  }))
  const bootstrap = 'import sys\nsys.path.insert(0, sys.argv[1])\nimport algoscope_tracer.__main__ as entry\nentry.main(sys.argv[2])\n'
  execFileSync('python3', ['-c', bootstrap, path.join(ROOT, 'runtimes', 'python'), request], {
    env: { PATH: process.env.PATH, PYTHONHASHSEED: '0' },
  })
  return { code, records: readFileSync(out, 'utf8') }
}

test('assemble builds the trace algoscope trace writes from the tracer\'s records', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'algoscope-wasm-'))
  for (const name of ['bubble_sort.py', 'linked_list.py', 'bst.py', 'exceptions.py']) {
    const file = path.join(ROOT, 'examples', 'python', name)
    const { code, records } = pythonRecords(file, work)
    const cli = JSON.parse(execFileSync(BIN, ['trace', file], { encoding: 'utf8', maxBuffer: 1 << 28 }))
    assert.deepEqual(assemble(code, { language: 'python', filename: file }, records), cli, name)
  }
  assert.throws(() => assemble('x = 1\n', { language: 'python' }, '{"l": "one"}\n'), /line 1/)
})

test('validate refuses a bad trace with the path of the bad field', () => {
  assert.throws(() => validate('{"version": 1, "language": "python"}'), /source/)
  const cli = execFileSync(BIN, ['trace', path.join(ROOT, 'examples', 'python', 'bubble_sort.py')], { encoding: 'utf8' })
  assert.deepEqual(validate(cli), JSON.parse(cli))
})

/** Runs `request` with the package's recorder entry in a fresh Node process; its records. */
function recorderRecords(request) {
  const entry = new URL('../pkg/recorder/worker-run.mjs', import.meta.url).href
  const script = `import { readFileSync } from 'node:fs'
import { runInstrumented } from ${JSON.stringify(entry)}
const records = await runInstrumented(JSON.parse(readFileSync(0, 'utf8')))
process.stdout.write(records, () => process.exit(0))`
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(request),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  })
}

test('the recorder entry runs instrumented JS and TS into the trace `algoscope trace` writes', () => {
  const programs = examples.filter((e) => e.language !== 'python')
  assert.ok(programs.length >= 30, `${programs.length} programs`)
  for (const { language, file } of programs) {
    const code = readFileSync(file, 'utf8')
    const rewritten = instrument(code, { typescript: language === 'typescript', filename: file })
    const records = recorderRecords({ code: rewritten.code, module: rewritten.module })
    const cli = JSON.parse(execFileSync(BIN, ['trace', file], { encoding: 'utf8', maxBuffer: 1 << 28 }))
    assert.deepEqual(assemble(code, { language, filename: file }, records), cli, file)
  }
})

test('the recorder entry keeps budgets, stdin and escaping errors', () => {
  const run = (code, extra = {}) => {
    const { code: rewritten, module } = instrument(code)
    const records = recorderRecords({ code: rewritten, module, ...extra })
    return assemble(code, { language: 'javascript' }, records)
  }
  const stdin = run('const name = prompt()\nconsole.log("hi " + name)\n', { stdin: 'Ada\n' })
  assert.equal(stdin.stdout, 'hi Ada\n')
  const steps = run('let n = 0\nfunction f() { n++; f() }\nf()\n', { maxSteps: 40 })
  assert.equal(steps.stoppedBy, 'steps')
  assert.ok(steps.steps.length <= 40)
  const time = run('while (true) {}\n', { timeBudgetMs: 200 })
  assert.equal(time.stoppedBy, 'time')
  const thrown = run('setTimeout(() => { throw new RangeError("late") }, 10)\n')
  assert.equal(thrown.error.type, 'RangeError')
  const rejected = run('Promise.reject(new TypeError("nobody catches"))\n')
  assert.equal(rejected.error.type, 'TypeError')
})

test('errors are the native module\'s, field for field', () => {
  const caught = (fn) => {
    try {
      fn()
    } catch (e) {
      return e
    }
    assert.fail('no error')
  }
  // The same fields; an invalid trace's message may differ (the native module explains it by
  // the JSON Schema, the wasm build without it, to stay small), its path names a bad field.
  const fields = (e) => {
    const all = Object.fromEntries(Object.entries(e).concat([['message', e.message]]))
    delete all.name
    if (all.kind === 'invalid' && all.path !== null) {
      all.message = typeof all.message
      all.path = typeof all.path
    }
    return all
  }
  const cases = [
    (m) => m.validate('{"version": 1, "steps": 3}'),
    (m) => m.validate('{"version": 1,\n  oops'),
    (m) => m.validate(new Uint8Array([0x1f, 0x8b, 1, 2])),
    (m) => m.instrument('let x = (\n', { filename: 'bad.js' }),
    (m) => m.instrument('const n: number = \n', { typescript: true }),
    (m) => m.analyze('x', 'ruby'),
  ]
  for (const call of cases) {
    const wasm = caught(() => call({ validate, instrument, analyze }))
    const expected = caught(() => call(native))
    assert.ok(wasm instanceof AlgoscopeError && wasm instanceof Error)
    assert.deepEqual(fields(wasm), fields(expected), String(call))
  }
})
