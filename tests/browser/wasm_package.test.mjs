// The @algoscope/wasm package in Chromium, served over http as a web app would serve it: the
// page loads the module with `init()`, instruments a JavaScript program, runs it in a module
// Worker with the package's recorder (`./worker`), assembles the records and draws the last
// step with `renderMemory`. The trace must be the one `algoscope trace` writes, and the SVG
// must appear in the page. Needs bindings/wasm/pkg (scripts/build-viewer.sh --full).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, ROOT, SCREENSHOTS, launch, runPage, serveCheckout } from './helpers.mjs';

const PKG = path.join(ROOT, 'bindings', 'wasm', 'pkg');

const SMOKE = `<!doctype html><meta charset="utf-8"><title>wasm smoke</title>
<body><div id="out"></div><script type="module">
import { init, instrument, assemble, renderMemory, AlgoscopeError } from '/bindings/wasm/index.js';
try {
  await init();
  const name = 'examples/javascript/linked_list.js';
  const code = await (await fetch('/' + name)).text();
  const { code: rewritten, module } = instrument(code, { filename: name });
  // The answer comes through a port of its own: what the program posts itself is not it.
  const run = (request) => {
    const worker = new Worker('/bindings/wasm/pkg/recorder/worker.mjs', { type: 'module' });
    const channel = new MessageChannel();
    return new Promise((resolve, reject) => {
      channel.port1.onmessage = (e) => (e.data.records !== undefined ? resolve(e.data.records) : reject(new Error(e.data.error)));
      worker.onerror = (e) => reject(new Error(e.message));
      worker.postMessage({ ...request, port: channel.port2 }, [channel.port2]);
    }).finally(() => worker.terminate());
  };
  const trace = assemble(code, { language: 'javascript', filename: name }, await run({ code: rewritten, module }));
  // A TypeScript module (it exports), imported by the worker from a blob: URL.
  const ts = 'export const square = (x: number): number => x * x\\nconsole.log(square(7))\\n';
  const tsRun = instrument(ts, { typescript: true });
  const tsTrace = assemble(ts, { language: 'typescript' }, await run({ code: tsRun.code, module: tsRun.module }));
  // A program that posts a forged answer and replaces postMessage gets its real trace.
  const forger = 'postMessage({ records: "forged" })\\nglobalThis.postMessage = () => {}\\nconsole.log("real")\\n';
  const forged = instrument(forger);
  const forgedTrace = assemble(forger, { language: 'javascript' }, await run({ code: forged.code, module: forged.module }));
  document.getElementById('out').innerHTML = renderMemory(trace, -1);
  let syntax = null;
  try { instrument('let x = (\\n', { filename: 'bad.js' }); } catch (e) { syntax = { kind: e.kind, line: e.line, isError: e instanceof AlgoscopeError }; }
  window.result = { trace, syntax, module: tsRun.module, tsStdout: tsTrace.stdout, forgerStdout: forgedTrace.stdout };
} catch (e) {
  window.result = { failed: String(e && e.stack || e) };
}
document.body.dataset.done = '1';
</script>`;

let server;
let origin;
let browser;
before(async () => {
  assert.ok(existsSync(path.join(PKG, 'algoscope_full_bg.wasm')),
    'no bindings/wasm/pkg: build the package first (scripts/build-viewer.sh --full)');
  server = await serveCheckout({ '/smoke.html': SMOKE });
  origin = server.origin;
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

test('the wasm package traces a JS program in a worker and draws its last step', async () => {
  const { context, page, problems, result } = await runPage(browser, `${origin}/smoke.html`, { width: 1200, height: 800 });
  assert.equal(result.failed, undefined, result.failed);
  assert.deepEqual(problems, []);

  const cli = JSON.parse(execFileSync(BIN, ['trace', path.join(ROOT, 'examples/javascript/linked_list.js')], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  }));
  // Same run as under Node, but the browser's file name is the one it was given.
  assert.deepEqual({ ...result.trace, source: cli.source }, cli);
  assert.deepEqual(result.syntax, { kind: 'syntax', line: 2, isError: true });
  assert.equal(result.module, true);
  assert.equal(result.tsStdout, '49\n');
  assert.equal(result.forgerStdout, 'real\n');

  const drawn = await page.evaluate(() => {
    const svg = document.querySelector('#out > svg');
    const r = svg.getBoundingClientRect();
    return { width: r.width, height: r.height, boxes: svg.querySelectorAll('[data-key]').length };
  });
  assert.ok(drawn.width > 100 && drawn.height > 50, JSON.stringify(drawn));
  assert.ok(drawn.boxes > 3, JSON.stringify(drawn));
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'wasm-package.png'), fullPage: true });
  await context.close();
});
