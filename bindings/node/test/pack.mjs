// Shared by the packages' install tests: `npm pack` a package folder, then `npm install` the
// tarball into a fresh app folder (an ES module app with nothing of the checkout on its path).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const npm = (cwd, ...args) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })

/** Packs the package at `pkg` into `work` and installs it into `work/app`; returns that folder. */
export function installPacked(pkg, work) {
  npm(pkg, 'pack', '--pack-destination', work)
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))
  assert.ok(tarball, 'npm pack wrote no tarball')
  const app = join(work, 'app')
  mkdirSync(app, { recursive: true })
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
  npm(app, 'install', join(work, tarball))
  return app
}
