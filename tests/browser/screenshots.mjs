// Screenshots of stepper pages, for people to look at (not a test).
//
//   node screenshots.mjs OUT_DIR [INPUT@STEP ...]
//
// INPUT is a program or trace path relative to the repository root; STEP counts from 1, or is
// `last`. Without inputs it takes the examples the page is checked on by eye: bubble sort
// mid-run, a linked list being reversed, the grid DP table filling, a tree. Writes
// OUT_DIR/<name>-<step>.png and prints each path.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildPage, launch, openPage } from './helpers.mjs';

const DEFAULT_SHOTS = [
  'examples/python/bubble_sort.py@40',
  'examples/python/linked_list.py@90',
  'examples/python/grid_dp.py@120',
  'examples/python/bst.py@200',
  'examples/python/exceptions.py@last',
];

const [outDir, ...requested] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: node screenshots.mjs OUT_DIR [INPUT@STEP ...]');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await launch();
try {
  for (const shot of requested.length ? requested : DEFAULT_SHOTS) {
    const at = shot.lastIndexOf('@');
    const input = at > 0 ? shot.slice(0, at) : shot;
    const step = at > 0 ? shot.slice(at + 1) : '1';
    const name = path.basename(input).replace(/\.[^.]+$/, '');
    const file = buildPage(input, name);
    const { page, context, problems } = await openPage(browser, file, { width: 1400, height: 860 });
    if (step === 'last') await page.keyboard.press('End');
    else await page.locator('#slider').fill(step);
    await page.waitForTimeout(250);
    const out = path.join(outDir, `${name}-${step}.png`);
    await page.screenshot({ path: out });
    console.log(out + (problems.length ? '  problems: ' + problems.join('; ') : ''));
    await context.close();
  }
} finally {
  await browser.close();
}
