// index.d.ts type-checks a program that uses every function (test/types-check.ts): the trace,
// analysis and error types are precise (`@ts-expect-error` lines must be errors).
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { test } from 'node:test'

import { HERE, nativeOnly } from './helpers.mjs'

test('index.d.ts type-checks under tsc --strict', { skip: nativeOnly }, () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  execFileSync(
    process.execPath,
    [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext',
      '--moduleResolution', 'nodenext', '--skipLibCheck', 'false',
      join(HERE, 'types-check.ts')],
    { stdio: 'inherit' },
  )
})
