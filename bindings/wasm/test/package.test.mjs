// `npm pack` of bindings/wasm, then `npm install <tarball>` into a fresh folder: the installed
// @algoscope/wasm loads in Node, traces JS and TS in a worker with nothing else installed
// (Python then says to install Pyodide), and Python once `pyodide` is installed beside it;
// it instruments a program, runs it with its `./recorder` entry, assembles and draws it, with
// nothing of the checkout on its path; its types check under tsc --strict (types-check.ts).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'

import { installPacked } from '../../node/test/pack.mjs'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'algoscope-wasm-pack-'))
after(() => rmSync(work, { recursive: true, force: true }))

test('the packed tarball installs into a fresh folder, works and type-checks there', { timeout: 300_000 }, () => {
  const app = installPacked(PACKAGE, work)
  writeFileSync(
    join(app, 'main.mjs'),
    `import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { initSync, instrument, assemble, renderMemory, validate } from '@algoscope/wasm'
import { runInstrumented } from '@algoscope/wasm/recorder'
const require = createRequire(import.meta.url)
initSync(readFileSync(require.resolve('@algoscope/wasm/algoscope_full_bg.wasm')))
const code = 'const xs = [3, 1, 2]\\nxs.sort()\\nconsole.log(xs.join(","))\\n'
const { code: rewritten, module } = instrument(code)
const records = await runInstrumented({ code: rewritten, module })
const trace = assemble(code, { language: 'javascript' }, records)
validate(JSON.stringify(trace))
const svg = renderMemory(trace, -1)
process.stdout.write(JSON.stringify({ steps: trace.steps.length, stdout: trace.stdout, svg: svg.slice(0, 4) }), () => process.exit(0))
`,
  )
  const result = JSON.parse(execFileSync(process.execPath, ['main.mjs'], { cwd: app, encoding: 'utf8' }))
  assert.ok(result.steps >= 3, JSON.stringify(result))
  assert.equal(result.stdout, '1,2,3\n')
  assert.equal(result.svg, '<svg')

  const installed = join(app, 'node_modules', '@algoscope', 'wasm')
  const files = readdirSync(join(installed, 'pkg')).sort()
  for (const file of ['algoscope_full.js', 'algoscope_full_bg.wasm', 'trace.d.ts', 'analysis.d.ts', 'error.d.ts', 'recorder', 'tracer']) {
    assert.ok(files.includes(file), `pkg/${file} not installed: ${files}`)
  }
  // trace(): JS and TS in a worker thread with only this package installed; Python needs
  // the optional peer `pyodide`, and says so until it is there.
  writeFileSync(
    join(app, 'trace.mjs'),
    `import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { initSync, renderMemory, trace } from '@algoscope/wasm'
const require = createRequire(import.meta.url)
initSync(readFileSync(require.resolve('@algoscope/wasm/algoscope_full_bg.wasm')))
const out = {}
for (const [language, code] of [
  ['javascript', 'let s = 0\\nfor (let i = 0; i < 4; i++) s += i\\nconsole.log(s)\\n'],
  ['typescript', 'const n: number = 6\\nconsole.log(n * 7)\\n'],
  ['python', 'xs = [3, 1, 2]\\nxs.sort()\\nprint(xs)\\n'],
]) {
  try {
    const t = await trace(code, { language })
    out[language] = { stdout: t.stdout, svg: renderMemory(t, -1).slice(0, 4) }
  } catch (e) {
    out[language] = { kind: e.kind, message: e.message }
  }
}
process.stdout.write(JSON.stringify(out), () => process.exit(0))
`,
  )
  const bare = JSON.parse(execFileSync(process.execPath, ['trace.mjs'], { cwd: app, encoding: 'utf8' }))
  assert.deepEqual(bare.javascript, { stdout: '6\n', svg: '<svg' })
  assert.deepEqual(bare.typescript, { stdout: '42\n', svg: '<svg' })
  assert.equal(bare.python.kind, 'interpreter', JSON.stringify(bare.python))
  assert.match(bare.python.message, /Pyodide/)
  const pyodide = JSON.parse(readFileSync(new URL('../node_modules/pyodide/package.json', import.meta.url), 'utf8')).version
  execFileSync('npm', ['install', `pyodide@${pyodide}`, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, stdio: ['ignore', 'ignore', 'inherit'] })
  const full = JSON.parse(execFileSync(process.execPath, ['trace.mjs'], { cwd: app, encoding: 'utf8' }))
  assert.deepEqual(full.python, { stdout: '[1, 2, 3]\n', svg: '<svg' })

  copyFileSync(new URL('types-check.ts', import.meta.url), join(app, 'types-check.ts'))
  const tsc = createRequire(new URL('../../node/package.json', import.meta.url)).resolve('typescript/bin/tsc')
  execFileSync(
    process.execPath,
    [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext',
      '--lib', 'es2022,dom', join(app, 'types-check.ts')],
    { cwd: app, stdio: 'inherit' },
  )
})
