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
