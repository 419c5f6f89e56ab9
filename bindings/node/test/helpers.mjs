// Shared by the suite: the checkout's paths, the command line to compare with, the fixtures.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const HERE = dirname(fileURLToPath(import.meta.url))
export const ROOT = resolve(HERE, '..', '..', '..')
export const EXAMPLES = join(ROOT, 'examples')

/** The `algoscope` binary: ALGOSCOPE_BIN, else target/debug/algoscope (null when absent). */
export const CLI = (() => {
  const env = process.env.ALGOSCOPE_BIN
  if (env) {
    if (!existsSync(env)) throw new Error(`ALGOSCOPE_BIN=${env} is not a file`)
    return env
  }
  const target = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target')
  const path = join(resolve(ROOT, target), 'debug', 'algoscope')
  return existsSync(path) ? path : null
})()

/** Runs the command line; its standard output. */
export function cli(...args) {
  return execFileSync(CLI, args.map(String), {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** The example programs of one language folder, as absolute paths. */
export function examples(folder) {
  const dir = join(EXAMPLES, folder)
  return readdirSync(dir)
    .filter((name) => /\.(py|js|ts)$/.test(name))
    .sort()
    .map((name) => join(dir, name))
}

export const PYTHON = examples('python')
export const JAVASCRIPT = [...examples('javascript'), ...examples('typescript')]

/**
 * The implementation under test: the native module, or with TEST_WASM=1 the wasm package
 * (bindings/wasm, built by scripts/build-viewer.sh --full) loaded in this Node, where `trace`
 * runs the program in a worker thread (Python in Pyodide). The suite runs against both;
 * `traceFile`, `page` and the interpreter options are native only (`nativeOnly`).
 */
export const WASM = process.env.TEST_WASM === '1'
export const api = WASM ? await loadWasm() : await import('../index.js')
export const nativeOnly = WASM ? 'the wasm package has no traceFile, page or interpreter options' : false

async function loadWasm() {
  const wasm = await import('../../wasm/index.js')
  const { readFileSync } = await import('node:fs')
  wasm.initSync(readFileSync(new URL('../../wasm/pkg/algoscope_full_bg.wasm', import.meta.url)))
  return wasm
}

/** The trace of a small program, by the implementation under test. */
export async function traced(code, language) {
  return api.trace(code, { language })
}

/**
 * Under TEST_WASM, the Python of the same minor version as Pyodide's (whose lock file names
 * it): ALGOSCOPE_PYODIDE_PYTHON, else `python3.X` on PATH, else a pyenv one; null when there
 * is none. Traces differ between Python versions (3.12 inlines comprehensions), so the
 * wasm package's Python traces are compared with the command line's run on this one.
 */
export const PYODIDE_PYTHON = WASM ? await pyodidePython() : null

async function pyodidePython() {
  const { readFileSync } = await import('node:fs')
  const { homedir } = await import('node:os')
  const lock = JSON.parse(readFileSync(join(ROOT, 'bindings', 'wasm', 'node_modules', 'pyodide', 'pyodide-lock.json'), 'utf8'))
  const minor = lock.info.python.split('.').slice(0, 2).join('.')
  const pyenv = join(homedir(), '.pyenv', 'versions')
  const candidates = [
    process.env.ALGOSCOPE_PYODIDE_PYTHON,
    `python${minor}`,
    ...(existsSync(pyenv) ? readdirSync(pyenv).filter((v) => v.startsWith(`${minor}.`)).map((v) => join(pyenv, v, 'bin', 'python3')) : []),
  ].filter(Boolean)
  for (const python of candidates) {
    try {
      const version = execFileSync(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
      if (version === minor) return python
    } catch {
      // not this one
    }
  }
  return null
}
