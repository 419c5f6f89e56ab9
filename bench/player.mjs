// Benchmark of the page's player in headless Chromium (not a test: prints figures): for each
// page, the time from a step change to the step on screen (the slider moved, the step drawn
// by the wasm module, one frame painted), median and slowest of 60 steps, visited at random,
// first with nothing prepared (each far jump lays out the steps before it) and then again
// once the player has laid out every step while idle. "frame" waits for the next animation
// frame, so it counts in whole frames (about 16.7 ms each: a step whose work fits in one frame
// measures about 17 ms) and, for a far jump whose steps are laid out in slices, until the
// step's picture is on screen; "work" stops once the page's style and layout are up to date
// after the input event (the handler, the wasm drawing, parsing and one forced layout; paint
// excluded): how long the page is blocked.
//
// Usage: node bench/player.mjs [--bin PATH] PROGRAM …   (default: examples/python/*.py and
//        bench/linked_list_300.py). Needs tests/browser's npm install (playwright-core) and
//        /usr/bin/chromium.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = await import(path.join(ROOT, 'tests/browser/node_modules/playwright-core/index.mjs'));
const args = process.argv.slice(2);
const binAt = args.indexOf('--bin');
const BIN = binAt >= 0 ? args.splice(binAt, 2)[1] : path.join(ROOT, 'target/release/algoscope');
const programs = args.length
  ? args
  : [...readdirSync(path.join(ROOT, 'examples/python')).map((f) => 'examples/python/' + f), 'bench/linked_list_300.py'];
const work = mkdtempSync(path.join(tmpdir(), 'algoscope-player-'));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

/** Median and maximum of 60 step changes in the page, in ms. */
async function measure(page, seed) {
  return page.evaluate(async (seed) => {
    const slider = document.querySelector('#slider');
    const total = Number(slider.max);
    let x = seed;
    const times = [];
    const works = [];
    for (let k = 0; k < 60; k++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const step = 1 + (x % total);
      // Start on a fresh frame, so that "frame" is not shortened by the previous step's.
      await new Promise((r) => requestAnimationFrame(() => r()));
      const start = performance.now();
      slider.value = String(step);
      slider.dispatchEvent(new Event('input'));
      document.body.getBoundingClientRect();
      works.push(performance.now() - start);
      await new Promise((r) => requestAnimationFrame(() => r()));
      // A far jump draws its pictures once the steps before are laid out, in slices that
      // yield to the page: "picture" waits for the step's picture (data-step names it).
      const root = document.getElementById('algoscope');
      while (root.dataset.step !== String(step)) await new Promise((r) => setTimeout(r, 1));
      await new Promise((r) => requestAnimationFrame(() => r()));
      times.push(performance.now() - start);
    }
    const stats = (v) => {
      v.sort((a, b) => a - b);
      return { median: (v[29] + v[30]) / 2, max: v[59] };
    };
    return { frame: stats(times), work: stats(works), total };
  }, seed);
}

console.log('page                              steps   page KB   cold frame / work median (max) ms   warm frame / work median (max) ms');
for (const program of programs) {
  const out = path.join(work, path.basename(program) + '.html');
  execFileSync(BIN, ['html', path.resolve(ROOT, program), '-o', out, '--max-steps', '100000', '--timeout-ms', '60000'], { stdio: 'ignore' });
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.goto(pathToFileURL(out).href);
  await page.waitForSelector('#algoscope[data-step]');
  const cold = await measure(page, 7);
  await page.waitForTimeout(Math.min(20000, 200 + cold.total * 3));
  const warm = await measure(page, 11);
  const kb = (statSync(out).size / 1024).toFixed(0);
  const f = (m) => `${m.frame.median.toFixed(1)} (${m.frame.max.toFixed(0)}) / ${m.work.median.toFixed(1)} (${m.work.max.toFixed(0)})`;
  console.log(`${path.basename(program).padEnd(32)} ${String(cold.total).padStart(6)} ${kb.padStart(9)}   ${f(cold).padStart(33)}   ${f(warm).padStart(33)}`);
  await page.close();
}
await browser.close();
console.log('goals: median <= 16 ms on examples/, <= 50 ms on the 300-node list');
