// Opens a notebook's static HTML export (nbconvert --to html) in headless Chromium from
// file://, with no kernel, and steps every algoscope stepper in it: Next must move the step
// and change the memory SVG. Prints one JSON line per stepper; exits 1 on any failure.
// Usage: node click_notebook.mjs EXPORT.html EXPECTED_STEPPERS
// playwright-core comes from tests/browser (npm ci there); CHROMIUM overrides /usr/bin/chromium.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const browserTests = path.resolve(here, '..', '..', '..', 'tests', 'browser');
const { chromium } = createRequire(path.join(browserTests, 'package.json'))('playwright-core');

const [file, expected] = process.argv.slice(2);
const url = pathToFileURL(path.resolve(file)).href;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
let failed = false;
const fail = (message) => {
  console.error(`click_notebook: ${message}`);
  failed = true;
};
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  // nbconvert's template asks a CDN for require.js and MathJax: refused here (no network),
  // and not ours. Whatever the steppers (the iframes) ask for or report is a failure.
  await page.route(/^https?:/, (route) => route.abort());
  const inStepper = (frame) => frame && frame !== page.mainFrame();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    const where = msg.location().url || '';
    if (msg.type() === 'error' && (where.startsWith('about:srcdoc') || !/^https?:/.test(where)) && !/Failed to load resource/.test(msg.text()))
      problems.push(`console error: ${msg.text()} (${where})`);
  });
  page.on('request', (req) => {
    if (inStepper(req.frame())) problems.push(`request from a stepper: ${req.url()}`);
  });
  await page.goto(url);
  const frames = await page.$$('iframe.algoscope-stepper');
  if (frames.length !== Number(expected)) fail(`${frames.length} steppers, expected ${expected}`);
  for (const [i, handle] of frames.entries()) {
    await handle.scrollIntoViewIfNeeded();
    const frame = await handle.contentFrame();
    await frame.waitForSelector('#algoscope[data-step]', { timeout: 15_000 });
    const before = await frame.evaluate(() => ({
      step: document.querySelector('#algoscope').dataset.step,
      counter: document.querySelector('#counter').textContent,
      svg: document.querySelector('#memory svg')?.outerHTML ?? '',
    }));
    await frame.click('#next');
    await frame.waitForFunction((s) => document.querySelector('#algoscope').dataset.step !== s, before.step);
    await frame.waitForFunction((svg) => (document.querySelector('#memory svg')?.outerHTML ?? '') !== svg, before.svg, {
      timeout: 10_000,
    });
    const after = await frame.evaluate(() => ({
      step: document.querySelector('#algoscope').dataset.step,
      counter: document.querySelector('#counter').textContent,
      svg: document.querySelector('#memory svg')?.outerHTML ?? '',
    }));
    if (!before.svg.startsWith('<svg')) fail(`stepper ${i}: no memory SVG before Next`);
    if (after.step !== String(Number(before.step) + 1)) fail(`stepper ${i}: step ${before.step} -> ${after.step}`);
    if (after.svg === before.svg) fail(`stepper ${i}: the SVG did not change`);
    console.log(JSON.stringify({ stepper: i, before: before.counter, after: after.counter, changed: after.svg !== before.svg }));
  }
  for (const p of problems) fail(p);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
