// The stepper page of a real run, opened from file:// in chromium: buttons, keys, slider and
// the address's #step=N move through the steps, and the counter, the highlighted lines, the
// memory picture and the printed output follow the trace. Expectations come from the trace
// JSON that `algoscope trace` writes for the same program, not from the page.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
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

/** The trace `algoscope trace` records for `program` (relative to the repository root). */
function traceOf(program, extraArgs = []) {
  const text = execFileSync(BIN, ['trace', path.resolve(ROOT, program), ...extraArgs], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(text);
}

/** What the page should show at step `i` (0-based) of `trace`. */
function expected(trace, i) {
  const chars = Array.from(trace.stdout);
  const upTo = (n) => chars.slice(0, n).join('');
  const steps = trace.steps;
  const before = i > 0 ? steps[i - 1].line : 0;
  const end = steps[i].stdoutLength;
  const start = i > 0 ? Math.min(steps[i - 1].stdoutLength, end) : 0;
  return {
    counter: `step ${i + 1} / ${steps.length}${trace.truncated ? '+' : ''}`,
    current: steps[i].line,
    previous: before !== steps[i].line ? before : 0,
    printed: upTo(end),
    newest: upTo(end).slice(upTo(start).length),
    slider: i + 1,
  };
}

function assertShows(actual, trace, i) {
  const want = expected(trace, i);
  for (const key of Object.keys(want)) {
    assert.equal(actual[key], want[key], `step ${i + 1}: ${key}`);
  }
}

test('buttons, keys, slider and address step through bubble sort', async () => {
  const program = 'examples/python/bubble_sort.py';
  const trace = traceOf(program);
  const last = trace.steps.length - 1;
  const file = buildPage(program, 'bubble_sort');
  const { page, context, problems } = await openPage(browser, file);

  assertShows(await state(page), trace, 0);
  assert.ok(await page.locator('#first').isDisabled());
  assert.ok(await page.locator('#prev').isDisabled());
  assert.ok(await page.locator('#memory svg g.node[data-key="frame:f1"]').count() === 1);
  assert.match(await page.locator('.page-title').textContent(), /bubble_sort\.py/);

  for (let k = 0; k < 3; k++) await page.click('#next');
  assertShows(await state(page), trace, 3);
  await page.click('#prev');
  assertShows(await state(page), trace, 2);

  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assertShows(await state(page), trace, 4);
  await page.keyboard.press('ArrowLeft');
  assertShows(await state(page), trace, 3);

  await page.keyboard.press('End');
  assertShows(await state(page), trace, last);
  assert.equal((await state(page)).printed, trace.stdout);
  assert.ok(await page.locator('#next').isDisabled());
  assert.ok(await page.locator('#last').isDisabled());
  await page.keyboard.press('Home');
  assertShows(await state(page), trace, 0);
  await page.click('#last');
  assertShows(await state(page), trace, last);
  await page.click('#first');
  assertShows(await state(page), trace, 0);

  // The slider reaches every step; the first printing step shows its output as newest.
  const printing = trace.steps.findIndex((s) => s.stdoutLength > 0);
  await page.locator('#slider').fill(String(printing + 1));
  const shown = await state(page);
  assertShows(shown, trace, printing);
  assert.ok(shown.newest.length > 0, 'the newest output is highlighted');
  // Arrow keys on the focused slider move one step, as everywhere else.
  await page.keyboard.press('ArrowRight');
  assertShows(await state(page), trace, printing + 1);
  assert.equal((await state(page)).newest, '');

  // The step after a swap marks the changed cells of the list.
  const swapLine = trace.source.split('\n').findIndex((l) => l.includes('arr[j], arr[j + 1] =')) + 1;
  const afterSwap = trace.steps.findIndex((s, i) => i > 0 && trace.steps[i - 1].line === swapLine);
  await page.evaluate((n) => {
    location.hash = 'step=' + n;
  }, afterSwap + 1);
  await page.waitForFunction((n) => document.getElementById('algoscope').dataset.step === String(n), afterSwap + 1);
  assertShows(await state(page), trace, afterSwap);
  assert.ok(await page.locator('#memory svg .cell.changed').count() > 0, 'changed cells are marked');
  assert.match((await state(page)).where, /bubble_sort/);
  assert.match((await state(page)).where, /call depth 1/);

  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'bubble_sort-after-swap.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('playback: Play steps on by itself, Space toggles it, any move pauses; Shift+arrows jump 10', async () => {
  const program = 'examples/python/bubble_sort.py';
  const trace = traceOf(program);
  const last = trace.steps.length - 1;
  const file = buildPage(program, 'bubble_sort-play');
  const { page, context, problems } = await openPage(browser, file);

  await page.keyboard.press('Shift+ArrowRight');
  assertShows(await state(page), trace, 10);
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  assertShows(await state(page), trace, 0);

  await page.selectOption('#speed', '4');
  await page.click('#play');
  assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'true');
  await page.waitForFunction(() => Number(document.querySelector('#algoscope').dataset.step) >= 4);
  // Next pauses it where it is, and it stays there.
  await page.click('#next');
  assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'false');
  const paused = Number(await page.getAttribute('#algoscope', 'data-step'));
  await page.waitForTimeout(600);
  assert.equal(Number(await page.getAttribute('#algoscope', 'data-step')), paused, 'paused: no step moved');

  // Space (focus on the page, not on a button) plays and pauses.
  await page.locator('#memory').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(' ');
  await page.waitForFunction((n) => Number(document.querySelector('#algoscope').dataset.step) > n, paused);
  await page.keyboard.press(' ');
  assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'false');

  // Played from near the end, it stops on the last step by itself; Play there starts over.
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.click('#play');
  await page.waitForFunction(() => document.querySelector('#play').getAttribute('aria-pressed') === 'false', null, { timeout: 10_000 });
  assertShows(await state(page), trace, last);
  await page.click('#play');
  await page.waitForFunction(() => Number(document.querySelector('#algoscope').dataset.step) < 5);
  await page.click('#play');
  assert.deepEqual(problems, []);
  await context.close();
});

test('zoom and pan: buttons and Ctrl+wheel scale the memory picture, Fit restores it, dragging pans', async () => {
  const file = buildPage('examples/python/linked_list.py', 'linked_list-zoom');
  const { page, context, problems, url } = await openPage(browser, file, { width: 1280, height: 800 });
  await page.goto(url + '#step=60');
  await page.reload();
  await page.waitForSelector('#algoscope[data-step="60"]');
  const width = () => page.evaluate(() => document.querySelector('#memory > svg').getBoundingClientRect().width);
  const fitted = await width();
  await page.click('#memory-in');
  await page.click('#memory-in');
  const zoomed = await width();
  assert.ok(zoomed > fitted * 1.4, `zoomed in: ${fitted} → ${zoomed}`);
  assert.match(await page.locator('#memory-fit').textContent(), /^\d+%$/);
  // The scale holds from step to step.
  await page.keyboard.press('ArrowRight');
  assert.ok(Math.abs((await width()) / zoomed - 1) < 0.2, 'the zoom holds on the next step');
  await page.click('#memory-out');
  assert.ok((await width()) < zoomed);

  // Ctrl + wheel (a pinch) zooms around the pointer.
  const pane = await page.locator('#memory').boundingBox();
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  const before = await width();
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -400);
  await page.keyboard.up('Control');
  await page.waitForFunction((w) => document.querySelector('#memory > svg').getBoundingClientRect().width > w * 1.5, before);

  // Two fingers spreading apart (a touch pinch) zoom in around their midpoint.
  const pinched = await width();
  await page.evaluate(([x, y]) => {
    const pane = document.getElementById('memory');
    const fire = (type, pointerId, clientX) => pane.dispatchEvent(new PointerEvent(type, { pointerId, pointerType: 'touch', isPrimary: pointerId === 21, clientX, clientY: y, bubbles: true, cancelable: true }));
    fire('pointerdown', 21, x - 40);
    fire('pointerdown', 22, x + 40);
    fire('pointermove', 22, x + 80);
    fire('pointermove', 21, x - 80);
    fire('pointerup', 21, x - 80);
    fire('pointerup', 22, x + 80);
  }, [pane.x + pane.width / 2, pane.y + pane.height / 2]);
  const spread = await width();
  assert.ok(spread > pinched * 1.5 || spread >= 4 * Number(await page.evaluate(() => document.querySelector('#memory > svg').getAttribute('width'))) - 1, `pinch: ${pinched} → ${spread}`);

  // Dragging the background pans the pane.
  const scroll = () => page.evaluate(() => [document.getElementById('memory').scrollLeft, document.getElementById('memory').scrollTop]);
  const [left] = await scroll();
  await page.mouse.move(pane.x + pane.width - 30, pane.y + pane.height - 30);
  await page.mouse.down();
  await page.mouse.move(pane.x + pane.width - 230, pane.y + pane.height - 30, { steps: 5 });
  await page.mouse.up();
  const [panned] = await scroll();
  assert.ok(panned > left + 100, `panned: scrollLeft ${left} → ${panned}`);

  await page.click('#memory-fit');
  assert.equal(await page.locator('#memory-fit').textContent(), 'Fit');
  assert.ok(Math.abs((await width()) - fitted) < 2, 'Fit gives back the fitted picture');
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'linked_list-zoom.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

/** Whether the memory picture shown is `svg` (the CLI's), compared as the browser parses both. */
/** Whether the memory pane comes to show `svg` (the CLI's picture) within 20 s: a redraw
 * may be laid out in slices, as a far jump. */
async function showsSvg(page, svg) {
  const same = (text) => {
    const t = document.createElement('template');
    t.innerHTML = text;
    const want = t.content.firstElementChild;
    want.querySelector(':scope > style')?.remove();
    const shown = document.querySelector('#memory > svg')?.cloneNode(true);
    if (!shown) return false;
    shown.removeAttribute('style');
    return shown.outerHTML === want.outerHTML;
  };
  return page.waitForFunction(same, svg, { timeout: 20_000 }).then(() => true, () => false);
}

test('the Nested and sizes switches redraw the step shown as algoscope render does; kept for the session', async () => {
  const trace = path.join(path.dirname(buildPage('examples/python/linked_list.py', 'linked_list-view')), 'linked_list-view.json');
  execFileSync(BIN, ['trace', path.resolve(ROOT, 'examples/python/linked_list.py'), '-o', trace]);
  const render = (...flags) => execFileSync(BIN, ['render', trace, '--step', '60', ...flags], { encoding: 'utf8' });
  const file = buildPage(trace, 'linked_list-view');
  const { page, context, problems, url } = await openPage(browser, file);
  await page.goto(url + '#step=60');
  await page.reload();
  await page.waitForSelector('#algoscope[data-step="60"]');
  assert.equal(await page.locator('#memory-nested').getAttribute('aria-pressed'), 'false');
  assert.deepEqual(await page.locator('#memory-sizes option').evaluateAll((os) => os.map((o) => o.value)), ['', 'python', 'textbook', 'v8']);
  assert.ok(await showsSvg(page, render()));

  await page.click('#memory-nested');
  assert.equal(await page.locator('#memory-nested').getAttribute('aria-pressed'), 'true');
  assert.ok(await showsSvg(page, render('--nested')), 'nested: not the CLI\'s --nested picture');
  await page.selectOption('#memory-sizes', 'python');
  assert.ok(await showsSvg(page, render('--nested', '--sizes', 'python')), 'sizes: not the CLI\'s --sizes python picture');
  assert.ok((await page.locator('#memory .mem-size').count()) > 3);
  // Other steps are drawn with the switches too.
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#algoscope[data-step="61"]');
  assert.ok(await page.evaluate(() => document.querySelector('#memory > svg').classList.contains('nested')));
  assert.equal(await page.locator('#algoscope').getAttribute('data-step'), '61');

  // Kept for the session: the page opened again draws with them.
  await page.reload();
  await page.waitForSelector('#algoscope[data-step="61"]');
  assert.equal(await page.locator('#memory-nested').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('#memory-sizes').inputValue(), 'python');
  assert.ok((await page.locator('#memory .mem-size').count()) > 3);
  await page.click('#memory-nested');
  await page.selectOption('#memory-sizes', '');
  // A redraw may be laid out in slices (a far jump when layout is slow): wait for it.
  await page.waitForFunction(() => !document.querySelector('#memory > svg')?.classList.contains('nested') && !document.querySelector('#memory .mem-size'), null, { timeout: 20_000 });
  assert.equal(await page.locator('#memory .mem-size').count(), 0);
  assert.ok(await page.evaluate(() => !document.querySelector('#memory > svg').classList.contains('nested')));
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'linked_list-view-options.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('dragging a box pins it: its arrow follows, it stays at every step and for the session', async () => {
  const trace = path.join(path.dirname(buildPage('examples/python/linked_list.py', 'linked_list-drag')), 'linked_list-drag.json');
  execFileSync(BIN, ['trace', path.resolve(ROOT, 'examples/python/linked_list.py'), '-o', trace]);
  const file = buildPage(trace, 'linked_list-drag');
  const { page, context, problems, url } = await openPage(browser, file);
  await page.goto(url + '#step=60');
  await page.reload();
  await page.waitForSelector('#algoscope[data-step="60"]');
  // A heap box on its own (not in a tree block) that an arrow points at.
  const key = await page.evaluate(() => {
    for (const arrow of document.querySelectorAll('#memory [data-to^="obj:"]')) {
      const node = document.querySelector('#memory g.node[data-key="' + CSS.escape(arrow.getAttribute('data-to')) + '"]');
      if (node && !node.closest('g.tree') && !node.parentElement.closest('g.node')) return arrow.getAttribute('data-to');
    }
    return null;
  });
  assert.ok(key, 'no heap box with an arrow at step 60');
  const where = () => page.evaluate((k) => {
    const node = document.querySelector('#memory g.node[data-key="' + CSS.escape(k) + '"]');
    const arrow = document.querySelector('#memory [data-to="' + CSS.escape(k) + '"]');
    const d = (arrow.getAttribute('d') || arrow.querySelector('path')?.getAttribute('d') || '').match(/-?[\d.]+/g).map(Number);
    const svg = document.querySelector('#memory > svg');
    return {
      x: Number(node.getAttribute('data-x')), y: Number(node.getAttribute('data-y')),
      w: Number(node.getAttribute('data-w')), h: Number(node.getAttribute('data-h')),
      end: d.slice(-2), scale: svg.getBoundingClientRect().width / Number(svg.getAttribute('width')),
    };
  }, key);
  const before = await where();
  assert.ok(await page.locator('#memory-unpin').isHidden());
  const box = await page.locator('#memory g.node[data-key="' + key + '"]').first().boundingBox();
  await page.mouse.move(box.x + 6, box.y + 6);
  await page.mouse.down();
  await page.mouse.move(box.x + 66, box.y + 106, { steps: 4 });
  await page.mouse.move(box.x + 126, box.y + 206, { steps: 4 });
  await page.mouse.up();
  const after = await where();
  const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 3, `${what}: ${a} vs ${b}`);
  near(after.x, before.x + 120 / before.scale, 'x moved with the pointer');
  near(after.y, before.y + 200 / before.scale, 'y moved with the pointer');
  const [ex, ey] = after.end;
  assert.ok(ex >= after.x - 10 && ex <= after.x + after.w + 10 && ey >= after.y - 10 && ey <= after.y + after.h + 10,
    `the arrow ends at ${ex},${ey}, not on the box at ${after.x},${after.y} ${after.w}x${after.h}`);
  assert.ok(await page.locator('#memory-unpin').isVisible());
  // It stays there at the next step, and after the page is opened again.
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#algoscope[data-step="61"]');
  const next = await where();
  assert.deepEqual([next.x, next.y], [after.x, after.y]);
  await page.reload();
  await page.waitForSelector('#algoscope[data-step="61"]');
  assert.deepEqual(await where().then((w) => [w.x, w.y]), [after.x, after.y]);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'linked_list-dragged.png') });
  // Reset boxes: the layout's own picture again, the CLI's.
  await page.click('#memory-unpin');
  assert.ok(await page.locator('#memory-unpin').isHidden());
  assert.ok(await showsSvg(page, execFileSync(BIN, ['render', trace, '--step', '61'], { encoding: 'utf8' })));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a far jump shows the step at once and its pictures when laid out; the page stays live', { timeout: 180_000 }, async () => {
  const file = buildPage('bench/linked_list_300.py', 'linked_list_300-far');
  const { page, context, problems } = await openPage(browser, file);
  const total = Number(await page.locator('#slider').getAttribute('max'));
  assert.ok(total > 300, `${total} steps`);
  const now = () => page.evaluate(() => ({
    counter: document.getElementById('counter').textContent,
    step: document.getElementById('algoscope').dataset.step,
    waiting: !document.getElementById('laying-out').hidden,
  }));
  // End: the counter says the last step before any picture of it is drawn.
  const atEnd = await page.evaluate(() => {
    document.getElementById('last').click();
    return {
      counter: document.getElementById('counter').textContent,
      step: document.getElementById('algoscope').dataset.step,
      waiting: !document.getElementById('laying-out').hidden,
    };
  });
  assert.ok(atEnd.counter.startsWith(`step ${total} / ${total}`), atEnd.counter);
  assert.equal(atEnd.step, '1');
  assert.equal(atEnd.waiting, true);
  // The page answers meanwhile: First goes back at once, and End again gets there.
  await page.click('#first');
  const back = await now();
  assert.ok(back.counter.startsWith('step 1 / '), back.counter);
  assert.deepEqual([back.step, back.waiting], ['1', false]);
  await page.click('#last');
  await page.waitForSelector(`#algoscope[data-step="${total}"]`, { timeout: 150_000 });
  assert.equal((await now()).waiting, false);
  assert.ok(await page.locator('#memory > svg').count());
  assert.deepEqual(problems, []);
  await context.close();
});

test('a JavaScript run offers the sizes that fit it', async () => {
  const { page, context, problems } = await openPage(browser, buildPage('examples/javascript/bst.js', 'bst-js-sizes'));
  assert.deepEqual(await page.locator('#memory-sizes option').evaluateAll((os) => os.map((o) => o.value)), ['', 'textbook', 'v8']);
  await page.selectOption('#memory-sizes', 'v8');
  await page.click('#last');
  assert.ok((await page.locator('#memory .mem-size').count()) > 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the Big-O chip shows the estimate, checked against the run, and opens its panel', async () => {
  const program = 'examples/python/bubble_sort.py';
  const expected = JSON.parse(execFileSync(BIN, ['bigo', path.resolve(ROOT, program), '--json', '--check'], { encoding: 'utf8' }));
  const { page, context, problems } = await openPage(browser, buildPage(program, 'bubble_sort-bigo'));
  const chip = page.locator('#complexity');
  assert.ok(await chip.isVisible());
  assert.match(await chip.textContent(), new RegExp(expected.complexityText.replace(/[()]/g, '\\$&')));
  assert.equal(await chip.getAttribute('data-verdict'), expected.check.verdict === 'agrees' ? 'agrees' : await chip.getAttribute('data-verdict'));
  assert.ok(await page.locator('#complexity-panel').isHidden());
  await chip.click();
  const panel = page.locator('#complexity-panel');
  assert.ok(await panel.isVisible());
  const text = await panel.textContent();
  for (const f of expected.functions) {
    assert.ok(text.includes(f.name) && text.includes(f.explanation), `${f.name} in the panel`);
  }
  assert.ok(text.includes(expected.check.message));
  await page.keyboard.press('Escape');
  assert.ok(await panel.isHidden());
  assert.deepEqual(problems, []);
  await context.close();
});

test('an uncaught error is shown on the last step', async () => {
  const program = 'tests/browser/programs/uncaught_error.py';
  const trace = traceOf(program);
  assert.equal(trace.error.type, 'IndexError');
  const file = buildPage(program, 'uncaught_error');
  const { page, context, problems } = await openPage(browser, file);

  assert.equal((await state(page)).error, null);
  await page.keyboard.press('End');
  const end = await state(page);
  assertShows(end, trace, trace.steps.length - 1);
  assert.equal(end.error, `IndexError: ${trace.error.message} (line ${trace.error.line})`);
  assert.equal(await page.locator('#code .line.is-error').getAttribute('data-line'), String(trace.error.line));
  await page.keyboard.press('ArrowLeft');
  assert.equal((await state(page)).error, null);
  assert.equal(await page.locator('#code .line.is-error').count(), 0);
  // `#step=last` opens the last step, as the CLI's `--step last` does.
  await page.evaluate(() => {
    location.hash = 'step=last';
  });
  await page.waitForFunction((n) => document.getElementById('algoscope').dataset.step === String(n), trace.steps.length);
  assertShows(await state(page), trace, trace.steps.length - 1);

  assert.deepEqual(problems, []);
  await context.close();
});

test('a run cut by the step budget: 2,000 steps, small file, fast first paint', async (t) => {
  const program = 'tests/browser/programs/long_loop.py';
  const trace = traceOf(program, ['--max-steps', '2000']);
  assert.equal(trace.steps.length, 2000);
  assert.equal(trace.stoppedBy, 'steps');
  const file = buildPage(program, 'long_loop', ['--max-steps', '2000']);
  const bytes = statSync(file).size;
  assert.ok(bytes < 5_000_000, `the 2,000-step page is ${bytes} bytes`);

  const { page, context, problems } = await openPage(browser, file);
  assertShows(await state(page), trace, 0);
  assert.equal((await state(page)).counter, 'step 1 / 2000+');
  assert.match(await page.locator('#truncated').textContent(), /step budget/);

  // Jump to the end and walk back: every step's picture is rebuilt from the piece table.
  await page.keyboard.press('End');
  assertShows(await state(page), trace, 1999);
  for (let k = 0; k < 20; k++) await page.keyboard.press('ArrowLeft');
  assertShows(await state(page), trace, 1979);
  await page.locator('#slider').fill('1000');
  assertShows(await state(page), trace, 999);

  const timing = await page.evaluate(() => {
    const mark = performance.getEntriesByName('algoscope:first-step')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return { firstStepMs: mark && mark.startTime, firstPaintMs: paint && paint.startTime };
  });
  t.diagnostic(`2,000-step page: ${bytes} bytes; step 1 shown ${timing.firstStepMs?.toFixed(0)} ms and first paint ${timing.firstPaintMs?.toFixed(0)} ms after navigation`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the page works without the network and says so in its policy', async () => {
  const file = buildPage('examples/python/linked_list.py', 'linked_list');
  const html = readFileSync(file, 'utf8');
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
  const { page, context, problems } = await openPage(browser, file);
  await context.setOffline(true);
  for (let k = 0; k < 60; k++) await page.keyboard.press('ArrowRight');
  assert.equal((await state(page)).counter.startsWith('step 61 / '), true);
  assert.ok(await page.locator('#memory svg g.node[data-key^="obj:"]').count() > 0);
  assert.deepEqual(problems, []);
  await context.close();
});
