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
 * (bindings/wasm, built by scripts/build-viewer.sh --full) loaded in this Node. The suite's
 * shared tests run against both; the wasm package has no process, so tests of `trace`,
 * `traceFile` and `page` are native only (`nativeOnly`).
 */
export const WASM = process.env.TEST_WASM === '1'
export const api = WASM ? await loadWasm() : await import('../index.js')
export const nativeOnly = WASM ? 'the wasm package runs no processes and builds no page' : false

async function loadWasm() {
  const wasm = await import('../../wasm/index.js')
  const { readFileSync } = await import('node:fs')
  wasm.initSync(readFileSync(new URL('../../wasm/pkg/algoscope_full_bg.wasm', import.meta.url)))
  return wasm
}

/**
 * The trace of a small program: `api.trace` natively; under TEST_WASM the command line's
 * (the same JSON, as the parity tests check).
 */
export async function traced(code, language) {
  if (!WASM) return api.trace(code, { language })
  const { mkdtempSync, writeFileSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const ext = { python: '.py', javascript: '.js', typescript: '.ts' }[language]
  const file = join(mkdtempSync(join(tmpdir(), 'algoscope-traced-')), `program${ext}`)
  writeFileSync(file, code)
  return JSON.parse(cli('trace', file))
}
