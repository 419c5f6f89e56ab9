// trace() of the @algoscope/wasm package in Chromium: a plain page (no bundler, no special
// headers) imports the package, traces a Python, a JavaScript and a TypeScript example
// entirely in the browser (programs in a Worker; Python in Pyodide, served from the
// package's own node_modules), and draws a middle step of each. Each SVG must equal what
// `algoscope render` draws for that step of the same trace. A program stuck in one built-in
// call is cut off by the watchdog, keeping its steps, and the next run works.
// Needs bindings/wasm/pkg (scripts/build-viewer.sh --full) and bindings/wasm/node_modules.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, ROOT, SCREENSHOTS, launch, runPage, serveCheckout } from './helpers.mjs';

const EXAMPLES = ['examples/python/linked_list.py', 'examples/javascript/bst.js', 'examples/typescript/stack_queue.ts'];

const PAGE = `<!doctype html><meta charset="utf-8"><title>algoscope: traced in the browser</title>
<style>body { font: 14px system-ui; margin: 16px } h2 { font-size: 15px; margin: 12px 0 4px }</style>
<body><div id="out"></div><script type="module">
import { init, trace, renderMemory } from '/bindings/wasm/index.js';
const out = document.getElementById('out');
const results = {};
try {
  await init();
  for (const name of ${JSON.stringify(EXAMPLES)}) {
    const code = await (await fetch('/' + name)).text();
    const started = performance.now();
    const t = await trace(code, { filename: name, pyodideUrl: '/bindings/wasm/node_modules/pyodide/' });
    const ms = performance.now() - started;
    const step = t.steps.length >> 1;
    const svg = renderMemory(t, step);
    out.insertAdjacentHTML('beforeend', '<h2>' + name + ' — step ' + (step + 1) + ' of ' + t.steps.length + '</h2>' + svg);
    results[name] = { trace: t, step, svg, ms };
  }
  const stuckStarted = performance.now();
  const stuck = await trace('x = 1\\ny = 2\\nz = sum(range(10**12))\\n', { language: 'python', timeoutMs: 500, pyodideUrl: '/bindings/wasm/node_modules/pyodide/' });
  const stuckMs = performance.now() - stuckStarted;
  const next = await trace('print(6 * 7)\\n', { language: 'python', pyodideUrl: '/bindings/wasm/node_modules/pyodide/' });
  window.result = { results, stuck: { truncated: stuck.truncated, stoppedBy: stuck.stoppedBy, lines: stuck.steps.map((s) => s.line), ms: stuckMs }, next: next.stdout };
} catch (e) {
  window.result = { failed: String(e && e.stack || e) };
}
document.body.dataset.done = '1';
</script>`;

let server;
let origin;
let browser;
const work = mkdtempSync(path.join(tmpdir(), 'algoscope-wasm-trace-'));
before(async () => {
  for (const needed of ['bindings/wasm/pkg/algoscope_full_bg.wasm', 'bindings/wasm/node_modules/pyodide/pyodide.mjs']) {
    assert.ok(existsSync(path.join(ROOT, needed)), `no ${needed}: scripts/build-viewer.sh --full, then npm ci in bindings/wasm`);
  }
  server = await serveCheckout({ '/trace.html': PAGE });
  origin = server.origin;
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
  rmSync(work, { recursive: true, force: true });
});

test('trace() runs Python, JS and TS in the browser; the SVG equals the CLI\'s; a stuck run is cut off', { timeout: 240_000 }, async () => {
  const { context, page, problems, result } = await runPage(browser, `${origin}/trace.html`, { width: 1200, height: 900, timeout: 200_000 });
  assert.equal(result.failed, undefined, result.failed);
  assert.deepEqual(problems, []);
  for (const name of EXAMPLES) {
    const { trace, step, svg, ms } = result.results[name];
    assert.ok(trace.steps.length > 10, `${name}: ${trace.steps.length} steps`);
    const file = path.join(work, `${path.basename(name)}.json`);
    writeFileSync(file, JSON.stringify(trace));
    assert.equal(svg, execFileSync(BIN, ['render', file, '--step', String(step + 1)], { encoding: 'utf8' }), `${name}: step ${step + 1}`);
    console.log(`${name}: ${trace.steps.length} steps, traced in ${Math.round(ms)} ms`);
  }
  assert.equal(result.stuck.truncated, true);
  assert.equal(result.stuck.stoppedBy, 'time');
  assert.ok(result.stuck.lines.includes(3), JSON.stringify(result.stuck));
  assert.equal(result.next, '42\n');
  console.log(`stuck program cut off after ${Math.round(result.stuck.ms)} ms`);
  // Pyodide came from the package's own folder, never a CDN (the server saw it asked for).
  assert.ok(server.requested.some((p) => p.endsWith('/pyodide/pyodide.asm.wasm')), 'Pyodide was not loaded from this server');
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'wasm-trace.png'), fullPage: true });
  await context.close();
});
