// The on-demand player draws what `algoscope render` writes: for every step of a few
// examples, in both modes, the memory picture the wasm module drew in Chromium is the SVG the
// command line writes for that step (compared as the browser parses both, without the size
// the fit mode sets on the page's copy), and the loop history likewise (`--loop-rows 16
// --loop-nodes 1000`, the page's limits). Steps are visited out of order, so the pictures
// cannot depend on it; some programs are then also stepped through in order, where the
// player keeps the elements of unchanged boxes (viewer/src/patch.js) and must still show
// exactly what a fresh parse gives.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, ROOT, buildPage, launch, openPage } from './helpers.mjs';

const PROGRAMS = [
  'examples/python/linked_list.py',
  'examples/javascript/bubble_sort.js',
  'examples/typescript/bst.ts',
  'tests/browser/programs/blank_lines.py',
];
/** Also stepped through in order (where the player patches the shown picture piece by piece). */
const IN_ORDER = new Set(['examples/python/linked_list.py', 'tests/browser/programs/blank_lines.py']);
const work = mkdtempSync(path.join(tmpdir(), 'algoscope-render-'));

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** `algoscope render TRACE --step N ...` as text, or null when it refuses (no loop there). */
function render(trace, step, extra) {
  try {
    return execFileSync(BIN, ['render', trace, '--step', String(step), ...extra], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    if (err.status === 1) return null;
    throw err;
  }
}

/** 1, n, 2, n - 1, …: every step once, far from the one before. */
function zigzag(n) {
  const order = [];
  for (let lo = 1, hi = n; lo <= hi; lo++, hi--) {
    order.push(lo);
    if (hi !== lo) order.push(hi);
  }
  return order;
}

for (const program of PROGRAMS) {
  for (const nested of [false, true]) {
    test(`${program}${nested ? ' --nested' : ''}: every step as algoscope render draws it`, async () => {
      const name = path.basename(program).replace(/\W/g, '_') + (nested ? '_nested' : '');
      const trace = path.join(work, name + '.json');
      execFileSync(BIN, ['trace', path.resolve(ROOT, program), '-o', trace], { stdio: 'ignore' });
      const flags = nested ? ['--nested'] : [];
      const file = buildPage(trace, name, flags);
      const { page, context, problems } = await openPage(browser, file);
      const total = await page.evaluate(() => Number(document.querySelector('#slider').max));
      assert.ok(total > 8, `${program} has ${total} steps`);
      const inOrder = IN_ORDER.has(program) && !nested ? Array.from({ length: total }, (_, k) => k + 1) : [];
      let kept = 0;
      for (const [n, step] of [...zigzag(total), ...inOrder].entries()) {
        const sequential = n >= total;
        if (sequential) {
          await page.evaluate(() => {
            for (const node of document.querySelectorAll('#memory g.node')) node.algoscopeSeen = true;
          });
        }
        const memory = render(trace, step, flags);
        const loops = render(trace, step, ['--view', 'loops', '--loop-rows', '16', '--loop-nodes', '1000']);
        await page.evaluate((s) => {
          location.hash = '#step=' + s;
        }, step);
        await page.waitForFunction((s) => document.getElementById('algoscope').dataset.step === String(s), step);
        const same = await page.evaluate(
          ([memorySvg, loopSvg]) => {
            // The player shows each drawing without its <style>, which it installs once
            // in the page (a sheet parsed at every step restyled the whole document).
            const sheets = [...document.querySelectorAll('#algoscope > style.algoscope-sheet')].map((s) => s.textContent);
            const parsed = (text) => {
              const t = document.createElement('template');
              t.innerHTML = text;
              const svg = t.content.firstElementChild;
              const style = svg.querySelector(':scope > style');
              if (!style || !sheets.includes(style.textContent)) return 'stylesheet not installed';
              style.remove();
              return svg.outerHTML;
            };
            const shown = (svg) => {
              if (!svg) return null;
              const copy = svg.cloneNode(true);
              copy.removeAttribute('style');
              return copy.outerHTML;
            };
            return {
              memory: shown(document.querySelector('#memory > svg')) === parsed(memorySvg),
              loops: loopSvg === null
                ? document.querySelector('#loop-picture > svg') === null
                : shown(document.querySelector('#loop-picture > svg:not(.loop-heads)')) === parsed(loopSvg),
            };
          },
          [memory, loops],
        );
        assert.deepEqual(same, { memory: true, loops: true }, `step ${step}`);
        if (sequential) {
          kept += await page.evaluate(() => [...document.querySelectorAll('#memory g.node')].filter((n) => n.algoscopeSeen).length);
        }
      }
      if (inOrder.length) assert.ok(kept > total, `stepping in order kept ${kept} box elements over ${total} steps`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}
