// The loop-history pane of the stepper page, opened from file:// in chromium: it follows the
// step (the loop running there, its pass in progress scrolled into view), says when no loop
// runs, draws a long run at every step, keeps its column heads in view, and keyboard stepping
// keeps working with it on screen.
// Expectations come from the trace `algoscope trace` records for the same program.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, ROOT, SCREENSHOTS, buildPage, launch, openPage, state } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

function traceOf(program) {
  const text = execFileSync(BIN, ['trace', path.resolve(ROOT, program)], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(text);
}

/** What the loop pane shows: its message, the drawing's rows and where the current row is. */
async function loopPane(page) {
  return page.evaluate(() => {
    const pane = document.querySelector('#loop-picture');
    const message = document.querySelector('#no-loop');
    const current = pane.querySelector('g.loop-row.current');
    let visible = null;
    if (current) {
      const box = pane.getBoundingClientRect();
      const row = current.getBoundingClientRect();
      visible = row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
    }
    const heads = pane.querySelector('svg.loop-heads');
    return {
      // The column heads stay pinned at the top of the pane while the rows scroll.
      headsPinned: heads ? pane.scrollTop > 0 && Math.abs(heads.getBoundingClientRect().top - pane.getBoundingClientRect().top) <= 1 : null,
      message: message.hidden ? null : message.textContent,
      drawn: pane.querySelector('svg.algoscope-loops') !== null,
      rows: pane.querySelectorAll('g.loop-row').length,
      current: current ? current.getAttribute('data-key') : null,
      currentStep: current ? Number(current.getAttribute('data-step')) : null,
      visible,
    };
  });
}

async function goTo(page, n) {
  await page.evaluate((k) => {
    location.hash = 'step=' + k;
  }, n);
  // The counter moves at once; the pictures once drawn (a far jump lays out the steps before).
  await page.waitForFunction((k) => document.getElementById('algoscope').dataset.step === String(k), n);
}

test('the loop pane follows bubble sort step by step', async () => {
  const program = 'examples/python/bubble_sort.py';
  const trace = traceOf(program);
  const file = buildPage(program, 'bubble_sort_loops');
  // A short window makes the history scroll, so following the current row is tested.
  const { page, context, problems } = await openPage(browser, file, { width: 1280, height: 700 });

  assert.deepEqual(await loopPane(page), {
    headsPinned: null, message: 'No loop running at this step.', drawn: false, rows: 0, current: null, currentStep: null, visible: null,
  });

  // A late step of the inner loop: many rows, the pass in progress scrolled into view.
  const inner = trace.steps
    .map((s, i) => [s, i])
    .filter(([s]) => s.loops.length === 2 && s.loops[1].iteration >= 1)
    .map(([, i]) => i);
  const late = inner[inner.length - 1];
  await goTo(page, late + 1);
  let pane = await loopPane(page);
  assert.equal(pane.message, null);
  assert.ok(pane.drawn);
  assert.ok(pane.rows >= 8, `${pane.rows} rows`);
  assert.equal(pane.currentStep, late, 'the current row is read at the step shown');
  assert.equal(pane.visible, true, 'the current row is scrolled into view');
  assert.equal(pane.headsPinned, true, 'the column heads stay in view');
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'bubble_sort-loop-pane.png') });

  // Keys still step with the pane on screen, and the pane follows.
  await goTo(page, inner[0] + 1);
  await page.locator('#next').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal((await state(page)).counter, `step ${inner[0] + 2} / ${trace.steps.length}`);
  pane = await loopPane(page);
  const expectLoop = trace.steps[inner[0] + 1].loops.length > 0;
  assert.equal(pane.drawn, expectLoop);
  await page.keyboard.press('ArrowLeft');
  assert.equal((await loopPane(page)).currentStep, inner[0]);

  // The last step is past every loop.
  await page.keyboard.press('End');
  assert.equal((await loopPane(page)).message, 'No loop running at this step.');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a loop run of over 1,000 steps is drawn at its first and last passes', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'algoscope-loops-'));
  const program = path.join(dir, 'long_run.py');
  writeFileSync(program, 'total = 0\nfor i in range(600):\n    total += i\nprint(total)\n');
  const trace = traceOf(program);
  const inLoop = trace.steps.map((s, i) => [s, i]).filter(([s]) => s.loops.length > 0 && s.loops[0].iteration >= 1);
  assert.ok(inLoop.length > 1000, `${inLoop.length} steps in the loop`);
  const file = buildPage(program, 'long_run');
  const { page, context, problems } = await openPage(browser, file);
  for (const [, i] of [inLoop[0], inLoop[inLoop.length - 1]]) {
    await goTo(page, i + 1);
    const pane = await loopPane(page);
    assert.equal(pane.drawn, true, `step ${i + 1}`);
    assert.equal(pane.message, null);
    assert.equal(pane.currentStep, i);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
