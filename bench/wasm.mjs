// The wasm package against the native Node module, in one Node process (figures for the
// closing notes; not a test): module sizes (raw, gzip -9, brotli q11), `memorySvg` per step
// on every example (wasm ms / native ms), and `instrument` of a 1,000-line JS file.
//
// usage: node bench/wasm.mjs   (after scripts/build-node.sh and scripts/build-viewer.sh --full;
// traces come from the native module's traceFile)
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import * as native from '../bindings/node/index.js'
import * as wasm from '../bindings/wasm/index.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
wasm.initSync(readFileSync(path.join(ROOT, 'bindings/wasm/pkg/algoscope_full_bg.wasm')))

function sizes(file) {
  const bytes = readFileSync(path.join(ROOT, file))
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
  return `${file}: ${bytes.length} B raw, ${gzipSync(bytes, { level: 9 }).length} B gzip, ${br} B brotli`
}
console.log(sizes('viewer/dist/algoscope_wasm_bg.wasm'))
console.log(sizes('bindings/wasm/pkg/algoscope_full_bg.wasm'))

/** Median ms of `fn` over `runs` runs (after one warm-up). */
function median(fn, runs) {
  fn()
  const times = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    fn()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return times[times.length >> 1]
}

console.log('\nmemorySvg per step (every step, Renderer made once), ms: program, native, wasm, wasm/native')
const ratios = []
for (const lang of ['python', 'javascript', 'typescript']) {
  const dir = path.join(ROOT, 'examples', lang)
  for (const name of readdirSync(dir).filter((f) => /\.(py|js|ts)$/.test(f)).sort()) {
    const trace = await native.traceFile(path.join(dir, name))
    const n = trace.steps.length
    const nr = new native.Renderer(trace)
    const wr = new wasm.Renderer(trace)
    const all = (r) => () => {
      for (let step = 1; step <= n; step++) r.memorySvg(step)
    }
    const tn = median(all(nr), 3) / n
    const tw = median(all(wr), 3) / n
    wr.free()
    ratios.push(tw / tn)
    console.log(`${lang}/${name}\t${tn.toFixed(3)}\t${tw.toFixed(3)}\t${(tw / tn).toFixed(2)}`)
  }
}
ratios.sort((a, b) => a - b)
console.log(`median ratio ${ratios[ratios.length >> 1].toFixed(2)} (min ${ratios[0].toFixed(2)}, max ${ratios[ratios.length - 1].toFixed(2)})`)

// A 1,000-line program: the JS examples, each in a block of its own, repeated.
const parts = readdirSync(path.join(ROOT, 'examples/javascript')).sort()
  .map((f) => `{\n${readFileSync(path.join(ROOT, 'examples/javascript', f), 'utf8')}\n}\n`)
let big = ''
for (let i = 0; big.split('\n').length < 1000; i++) big += parts[i % parts.length]
const lines = big.split('\n').length
const tn = median(() => native.instrument(big), 15)
const tw = median(() => wasm.instrument(big), 15)
console.log(`\ninstrument, ${lines} lines: native ${tn.toFixed(1)} ms, wasm ${tw.toFixed(1)} ms, wasm/native ${(tw / tn).toFixed(2)}`)

// trace() in a worker thread against the native module's trace (a process), each its first
// call in this process (cold: the worker, and for Python Pyodide, load) then warm.
console.log('\ntrace, ms: program, native cold, native warm, wasm cold, wasm warm')
for (const name of ['javascript/bubble_sort.js', 'python/bubble_sort.py']) {
  const code = readFileSync(path.join(ROOT, 'examples', name), 'utf8')
  const timed = async (api) => {
    const t = performance.now()
    await api.trace(code, { filename: name })
    return performance.now() - t
  }
  const [nc, nw, wc, ww] = [await timed(native), await timed(native), await timed(wasm), await timed(wasm)]
  console.log(`${name}\t${nc.toFixed(0)}\t${nw.toFixed(0)}\t${wc.toFixed(0)}\t${ww.toFixed(0)}`)
}
