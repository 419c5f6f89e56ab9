// The shared fixtures (examples/) give what the command line gives: the same trace JSON as
// `algoscope trace`, the same SVG bytes as `algoscope render` and the same page as
// `algoscope html`. The SVG tests also run against the wasm package (TEST_WASM=1).
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { after, describe, test } from 'node:test'

import { CLI, JAVASCRIPT, PYODIDE_PYTHON, PYTHON, WASM, api, cli, nativeOnly } from './helpers.mjs'

const { Renderer, limits, page, renderMemory, trace, traceFile } = api

const skip = CLI ? false : 'no algoscope binary (cargo build -p algoscope-cli, or set ALGOSCOPE_BIN)'
const out = mkdtempSync(join(tmpdir(), 'algoscope-node-parity-'))
after(() => rmSync(out, { recursive: true, force: true }))

const cache = new Map()
/** The program's trace as `algoscope trace` writes it: [path of the JSON, its text]. */
function cliTrace(program) {
  if (!cache.has(program)) {
    const path = join(out, `${basename(join(program, '..'))}-${basename(program)}.json`)
    cli('trace', program, '-o', path)
    cache.set(program, [path, readFileSync(path, 'utf8')])
  }
  return cache.get(program)
}

/**
 * What the wasm package's trace is compared with: the command line's, for Python run on
 * Pyodide's Python version (PYODIDE_PYTHON), without what a 32-bit build measures or orders
 * otherwise — objects' `sizeBytes` (not recorded there) and the order of a set's items
 * (string hashes are 32-bit there).
 */
function comparable(trace) {
  return JSON.parse(JSON.stringify(trace), (key, value) => {
    if (key === 'sizeBytes') return undefined
    if (value && value.kind === 'set' && Array.isArray(value.items)) {
      return { ...value, items: [...value.items].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)) }
    }
    return value
  })
}

/** Under TEST_WASM, the command line's trace of a Python program on Pyodide's Python. */
const wasmCache = new Map()
function cliTraceForWasm(program) {
  if (!program.endsWith('.py')) return JSON.parse(cliTrace(program)[1])
  if (!wasmCache.has(program)) wasmCache.set(program, JSON.parse(cli('trace', program, '--python', PYODIDE_PYTHON)))
  return wasmCache.get(program)
}

const label = (program) => `${basename(join(program, '..'))}/${basename(program)}`

describe('trace JSON equals `algoscope trace`', { skip: skip || WASM }, () => {
  for (const program of [...PYTHON, ...JAVASCRIPT]) {
    test(label(program), async () => {
      const [, text] = cliTrace(program)
      const traced = await traceFile(program)
      assert.deepStrictEqual(traced, JSON.parse(text))
      assert.equal(JSON.stringify(traced) + '\n', text)
    })
  }

  test('trace(code, {filename}) is the same run as traceFile', async () => {
    for (const program of [PYTHON[0], JAVASCRIPT[0]]) {
      const [, text] = cliTrace(program)
      const traced = await trace(readFileSync(program, 'utf8'), { filename: program })
      assert.deepStrictEqual(traced, JSON.parse(text))
    }
  })
})

const wasmSkip = skip || (!WASM && 'the wasm package only (TEST_WASM=1)') || (!PYODIDE_PYTHON && 'no Python of Pyodide\'s version to compare with')
describe('the wasm package\'s trace (in a worker; Python in Pyodide) equals `algoscope trace`', { skip: wasmSkip }, () => {
  for (const program of [...PYTHON, ...JAVASCRIPT]) {
    test(label(program), async () => {
      const traced = await trace(readFileSync(program, 'utf8'), { filename: program })
      const expected = cliTraceForWasm(program)
      if (program.endsWith('.py')) assert.deepStrictEqual(comparable(traced), comparable(expected))
      else assert.deepStrictEqual(traced, expected)
    })
  }
})

describe('SVG bytes equal `algoscope render`', { skip }, () => {
  for (const program of PYTHON) {
    test(label(program), () => {
      const [path, text] = cliTrace(program)
      const t = JSON.parse(text)
      const r = new Renderer(t)
      const n = r.stepCount
      for (const step of new Set([1, (n >> 1) + 1, n, -1, -n])) {
        assert.equal(r.memorySvg(step), cli('render', path, '--step', step), `step ${step}`)
      }
      assert.equal(
        renderMemory(t, -1, { nested: true }),
        cli('render', path, '--step', 'last', '--nested'),
      )
      const spans = r.loopSpans()
      if (spans.length > 0) {
        const step = spans[0][1]
        assert.equal(r.loopSvg(step), cli('render', path, '--step', step, '--view', 'loops'))
      }
    })
  }

  for (const program of JAVASCRIPT.slice(0, 3)) {
    test(label(program), () => {
      const [path, text] = cliTrace(program)
      assert.equal(renderMemory(JSON.parse(text), -1), cli('render', path, '--step', 'last'))
    })
  }

  test('a missing step reads the same as in the CLI', () => {
    const [path, text] = cliTrace(PYTHON[0])
    const n = JSON.parse(text).steps.length
    for (const step of [0, n + 1, -n - 1]) {
      let thrown
      try {
        renderMemory(text, step)
      } catch (error) {
        thrown = error
      }
      assert.equal(thrown?.kind, 'step', `step ${step}`)
      let stderr = ''
      try {
        cli('render', path, '--step', step)
      } catch (error) {
        stderr = error.stderr
      }
      assert.equal(stderr.trim(), `algoscope: ${path}: ${thrown.message}`)
    }
  })

  test('memory sizes', () => {
    const [path, text] = cliTrace(PYTHON[0])
    assert.equal(
      renderMemory(text, -1, { sizes: 'python' }),
      cli('render', path, '--step', 'last', '--sizes', 'python'),
    )
  })
})

test('page equals `algoscope html`', { skip: skip || nativeOnly }, async () => {
  const program = PYTHON.find((p) => p.endsWith('linked_list.py'))
  const html = join(out, 'linked_list.html')
  cli('html', program, '-o', html)
  const t = await traceFile(program)
  assert.equal(page(t, { title: 'linked_list.py' }), readFileSync(html, 'utf8'))
})

test('limits() are the defaults of `algoscope trace --help`', { skip }, () => {
  const help = cli('trace', '--help')
  const shown = {}
  for (const [, name, value] of help.matchAll(/--([a-z-]+) <\w+>[^[\n]*\[default: (\d+)\]/g)) {
    shown[name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = Number(value)
  }
  const own = limits()
  assert.equal(own.maxSteps, shown.maxSteps)
  assert.equal(own.timeoutMs, shown.timeoutMs)
  if (!WASM) {
    for (const name of ['maxMemoryMb', 'maxOutputKb', 'maxProcesses']) {
      assert.equal(own[name], shown[name], name)
    }
    assert.equal(own.maxCpuMs, undefined)
  } else {
    assert.equal(own.maxOutputBytes, shown.maxOutputKb * 1024)
  }
})
