// trace() of the packed @algoscope/wasm in Chromium: `npm pack` of bindings/wasm is installed
// into a fresh folder (with `pyodide` beside it), and that folder alone is served. A plain
// page (no bundler, no import map, no special headers) imports the installed package, traces a
// Python, a JavaScript and a TypeScript example entirely in the browser (programs in a Worker;
// Python in Pyodide, found beside the package in node_modules), and draws a middle step of
// each. Each SVG must equal what `algoscope render` draws for that step of the same trace. A
// program stuck in one built-in call is cut off by the watchdog, keeping its steps, and the
// next run works. A page that traces only JS and TS must not download any of Pyodide; the
// bytes it downloads are printed.
// Needs bindings/wasm/pkg and bindings/wasm/node_modules (scripts/build-wasm.sh).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { installPacked } from '../../bindings/node/test/pack.mjs';
import { BIN, ROOT, SCREENSHOTS, launch, runPage, serveFolder } from './helpers.mjs';

const EXAMPLES = ['examples/python/linked_list.py', 'examples/javascript/bst.js', 'examples/typescript/stack_queue.ts'];
const PACKAGE = '/node_modules/@algoscope/wasm/index.js';

/** A page that traces `names` (sources inlined) and draws a middle step of each. */
const page = (names, extra = '') => `<!doctype html><meta charset="utf-8"><title>algoscope: traced in the browser</title>
<style>body { font: 14px system-ui; margin: 16px } h2 { font-size: 15px; margin: 12px 0 4px }</style>
<body><div id="out"></div><script type="module">
import { init, trace, renderMemory } from '${PACKAGE}';
const sources = ${JSON.stringify(Object.fromEntries(names.map((name) => [name, readFileSync(path.join(ROOT, name), 'utf8')])))};
const out = document.getElementById('out');
const results = {};
try {
  await init();
  for (const [name, code] of Object.entries(sources)) {
    const started = performance.now();
    const t = await trace(code, { filename: name });
    const ms = performance.now() - started;
    const step = (t.steps.length >> 1) + 1;
    const svg = renderMemory(t, step);
    out.insertAdjacentHTML('beforeend', '<h2>' + name + ' — step ' + step + ' of ' + t.steps.length + '</h2>' + svg);
    results[name] = { trace: t, step, svg, ms };
  }
  window.result = { results };
  ${extra}
} catch (e) {
  window.result = { failed: String(e && e.stack || e) };
}
document.body.dataset.done = '1';
</script>`;

const STUCK = `const stuckStarted = performance.now();
  const stuck = await trace('x = 1\\ny = 2\\nz = sum(range(10**12))\\n', { language: 'python', timeoutMs: 500 });
  const stuckMs = performance.now() - stuckStarted;
  const next = await trace('print(6 * 7)\\n', { language: 'python' });
  Object.assign(window.result, { stuck: { truncated: stuck.truncated, stoppedBy: stuck.stoppedBy, lines: stuck.steps.map((s) => s.line), ms: stuckMs }, next: next.stdout });`;

let server;
let browser;
const work = mkdtempSync(path.join(tmpdir(), 'algoscope-wasm-trace-'));
before(async () => {
  for (const needed of ['bindings/wasm/pkg/algoscope_full_bg.wasm', 'bindings/wasm/node_modules/pyodide/pyodide.mjs']) {
    assert.ok(existsSync(path.join(ROOT, needed)), `no ${needed}: scripts/build-wasm.sh`);
  }
  const app = installPacked(path.join(ROOT, 'bindings', 'wasm'), work);
  const pyodide = JSON.parse(readFileSync(path.join(ROOT, 'bindings/wasm/node_modules/pyodide/package.json'), 'utf8')).version;
  execFileSync('npm', ['install', `pyodide@${pyodide}`, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, stdio: ['ignore', 'ignore', 'inherit'] });
  server = await serveFolder(app, { '/js.html': page(EXAMPLES.slice(1)), '/trace.html': page(EXAMPLES, STUCK) }, ['node_modules/']);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Checks each traced example's SVG against `algoscope render` of the same trace and step. */
function checkAgainstCli(results) {
  for (const [name, { trace, step, svg, ms }] of Object.entries(results)) {
    assert.ok(trace.steps.length > 10, `${name}: ${trace.steps.length} steps`);
    const file = path.join(work, `${path.basename(name)}.json`);
    writeFileSync(file, JSON.stringify(trace));
    assert.equal(svg, execFileSync(BIN, ['render', file, '--step', String(step)], { encoding: 'utf8' }), `${name}: step ${step}`);
    console.log(`${name}: ${trace.steps.length} steps, traced in ${Math.round(ms)} ms`);
  }
}

test('a page tracing only JS and TS downloads none of Pyodide', { timeout: 120_000 }, async () => {
  const from = server.served.length;
  const { context, problems, result } = await runPage(browser, `${server.origin}/js.html`, { timeout: 60_000 });
  assert.equal(result.failed, undefined, result.failed);
  assert.deepEqual(problems, []);
  checkAgainstCli(result.results);
  const files = server.served.slice(from);
  assert.deepEqual(files.filter((f) => /pyodide|python|\/tracer\//.test(f.path)), [], 'a JS-only run fetched Python files');
  // Each file once (a worker per run asks for its scripts again; a cache would answer).
  const unique = [...new Map(files.map((f) => [f.path, f])).values()];
  const bytes = unique.reduce((sum, f) => sum + f.bytes, 0);
  const gz = unique.reduce((sum, f) => sum + (f.path.endsWith('.html') ? 0 : gzipSync(readFileSync(path.join(work, 'app', f.path))).length), 0);
  console.log(`a JS-only page downloads ${unique.length} files, ${bytes} bytes (${gz} gzipped, page aside): ${unique.map((f) => f.path.split('/').pop()).join(', ')}`);
  await context.close();
});

test('trace() runs Python, JS and TS in the browser; the SVG equals the CLI\'s; a stuck run is cut off', { timeout: 240_000 }, async () => {
  const { context, page, problems, result } = await runPage(browser, `${server.origin}/trace.html`, { width: 1200, height: 900, timeout: 200_000 });
  assert.equal(result.failed, undefined, result.failed);
  assert.deepEqual(problems, []);
  checkAgainstCli(result.results);
  assert.equal(result.stuck.truncated, true);
  assert.equal(result.stuck.stoppedBy, 'time');
  assert.ok(result.stuck.lines.includes(3), JSON.stringify(result.stuck));
  assert.equal(result.next, '42\n');
  console.log(`stuck program cut off after ${Math.round(result.stuck.ms)} ms`);
  // Pyodide came from beside the installed package, never a CDN (the server saw it asked for).
  assert.ok(server.requested.includes('/node_modules/pyodide/pyodide.asm.wasm'), 'Pyodide was not loaded from this server');
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'wasm-trace.png'), fullPage: true });
  await context.close();
});
