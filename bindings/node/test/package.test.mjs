// `npm pack`, then `npm install <tarball>` into a fresh folder: the installed package traces,
// draws and builds a page with nothing of the checkout on its path.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, test } from 'node:test'

import { HERE, nativeOnly } from './helpers.mjs'
import { installPacked } from './pack.mjs'

const work = mkdtempSync(join(tmpdir(), 'algoscope-node-pack-'))
after(() => rmSync(work, { recursive: true, force: true }))

test('the packed tarball installs into a fresh folder and works there', { timeout: 300_000, skip: nativeOnly }, () => {
  const app = installPacked(resolve(HERE, '..'), work)
  writeFileSync(
    join(app, 'main.mjs'),
    `import { trace, renderMemory, page, validate } from '@algoscope/node'
const t = await trace('xs = [1, 2]\\nxs.append(3)\\n', { language: 'python' })
const svg = renderMemory(t, -1)
const html = page(t, { title: 'app.py' })
validate(JSON.stringify(t))
console.log(JSON.stringify({ steps: t.steps.length, svg: svg.slice(0, 4), html: html.includes('app.py') }))
`,
  )
  const result = JSON.parse(execFileSync(process.execPath, ['main.mjs'], { cwd: app, encoding: 'utf8' }))
  assert.ok(result.steps >= 2)
  assert.equal(result.svg, '<svg')
  assert.equal(result.html, true)
  const files = readdirSync(join(app, 'node_modules', '@algoscope', 'node')).sort()
  for (const file of ['index.d.ts', 'index.js', 'trace.d.ts', 'analysis.d.ts', 'error.d.ts', 'package.json']) {
    assert.ok(files.includes(file), `${file} not installed: ${files}`)
  }
})
