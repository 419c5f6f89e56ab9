// Fit mode of the stepper page's pictures: by default the memory picture is scaled to its
// pane's width (the whole drawing in view at 1600×900, where at 100% a linked list and a BST
// run off the pane's right edge); the pane's Fit / 100% button shows it at full size instead,
// and the pane then scrolls; the choice holds for the session. The SVG's data-x/y/w/h and its
// viewBox are never changed: only the picture's CSS size.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SCREENSHOTS, buildPage, launch, openPage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The memory pane and its picture as laid out: boxes in CSS px, and the picture's own size. */
async function memoryBoxes(page) {
  return page.evaluate(() => {
    const pane = document.getElementById('memory');
    const svg = pane.querySelector(':scope > svg');
    const p = pane.getBoundingClientRect();
    const s = svg.getBoundingClientRect();
    return {
      pane: { left: p.left, right: p.right, top: p.top, bottom: p.bottom },
      svg: { left: s.left, right: s.right, top: s.top, bottom: s.bottom, width: s.width },
      drawnWidth: Number(svg.getAttribute('width')),
      viewBox: svg.getAttribute('viewBox'),
      scrolls: pane.scrollWidth > pane.clientWidth + 1,
      button: document.getElementById('memory-fit').textContent,
      pressed: document.getElementById('memory-fit').getAttribute('aria-pressed'),
    };
  });
}

function inside(inner, outer) {
  return inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5
    && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
}

for (const [program, step, name] of [
  ['examples/python/linked_list.py', 60, 'linked_list'],
  ['examples/python/bst.py', 'last', 'bst'],
]) {
  test(`${name}: the memory picture fits its pane at 1600×900, 100% scrolls`, async () => {
    const file = buildPage(program, 'fit-' + name);
    const { page, context, problems, url } = await openPage(browser, file, { width: 1600, height: 900 });
    await page.goto(url + '#step=' + step);
    await page.reload();
    await page.waitForSelector('#algoscope[data-step]');

    const fitted = await memoryBoxes(page);
    assert.equal(fitted.button, 'Fit');
    assert.equal(fitted.pressed, 'true');
    assert.ok(fitted.drawnWidth > fitted.pane.right - fitted.pane.left,
      `the drawing (${fitted.drawnWidth} units) is wider than the pane, so fitting matters`);
    assert.ok(inside(fitted.svg, fitted.pane), `fitted picture ${JSON.stringify(fitted.svg)} inside pane ${JSON.stringify(fitted.pane)}`);
    assert.equal(fitted.scrolls, false);
    const viewBox = fitted.viewBox;
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `fit-${name}.png`) });

    // The button works from the keyboard and switches to 100%: the pane scrolls sideways.
    await page.focus('#memory-fit');
    await page.keyboard.press('Enter');
    const full = await memoryBoxes(page);
    assert.equal(full.button, '100%');
    assert.equal(full.pressed, 'false');
    assert.ok(Math.abs(full.svg.width - full.drawnWidth) < 0.5, 'drawn at 100%');
    assert.equal(full.scrolls, true);
    assert.equal(full.viewBox, viewBox, 'the SVG itself is unchanged');
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `fit-${name}-100.png`) });

    // Stepping keeps the choice; so does reloading within the session.
    await page.keyboard.press('ArrowLeft');
    assert.equal((await memoryBoxes(page)).scrolls, true);
    await page.reload();
    await page.waitForSelector('#algoscope[data-step]');
    assert.equal((await memoryBoxes(page)).button, '100%');
    await page.keyboard.press('Tab');
    await page.click('#memory-fit');
    const back = await memoryBoxes(page);
    assert.equal(back.button, 'Fit');
    assert.ok(inside(back.svg, back.pane));

    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the loop history fits its own pane, toggled separately', async () => {
  const file = buildPage('examples/python/bubble_sort.py', 'fit-bubble');
  const { page, context, problems } = await openPage(browser, file, { width: 900, height: 700 });
  // Step until a loop history is drawn.
  for (let k = 0; k < 200 && (await page.locator('#loop-picture svg').count()) === 0; k++) {
    await page.keyboard.press('ArrowRight');
  }
  const sizes = () => page.evaluate(() => {
    const pane = document.getElementById('loop-picture');
    const svg = pane.querySelector(':scope > svg:not(.loop-heads)');
    return {
      shown: svg.getBoundingClientRect().width,
      drawn: Number(svg.getAttribute('width')),
      room: pane.clientWidth,
      memory: document.getElementById('memory-fit').textContent,
    };
  });
  const fitted = await sizes();
  assert.ok(fitted.shown <= Math.max(fitted.room, fitted.drawn * 0.4) + 0.5, JSON.stringify(fitted));
  await page.click('#loops-fit');
  const full = await sizes();
  assert.ok(Math.abs(full.shown - full.drawn) < 0.5, JSON.stringify(full));
  assert.equal(full.memory, 'Fit', 'the memory pane keeps its own setting');
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'fit-bubble-loops-100.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
