// `npm pack` of bindings/wasm, then `npm install <tarball>` into a fresh folder: the installed
// @algoscope/wasm loads in Node, instruments a program, runs it with its `./recorder` entry,
// assembles and draws it, with nothing of the checkout on its path; its types check under
// tsc --strict (test/types-check.ts, copied in).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
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
  for (const file of ['algoscope_full.js', 'algoscope_full_bg.wasm', 'trace.d.ts', 'analysis.d.ts', 'error.d.ts', 'recorder']) {
    assert.ok(files.includes(file), `pkg/${file} not installed: ${files}`)
  }
  copyFileSync(new URL('types-check.ts', import.meta.url), join(app, 'types-check.ts'))
  const tsc = createRequire(new URL('../../node/package.json', import.meta.url)).resolve('typescript/bin/tsc')
  execFileSync(
    process.execPath,
    [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext',
      '--lib', 'es2022,dom', join(app, 'types-check.ts')],
    { cwd: app, stdio: 'inherit' },
  )
})
