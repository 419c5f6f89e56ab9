// Pages of hand-made traces in crates/algoscope/tests/html_fixtures/: text from the traced program
// is shown as text (markup in the source, the printed output, string values and the error
// message never becomes elements or runs), a run stopped by the time budget says so, and a
// sampled loop says where steps ran unrecorded.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildPage, launch, openPage, state } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('markup from the program stays text', async () => {
  const file = buildPage('crates/algoscope/tests/html_fixtures/hostile_text.json', 'hostile');
  const { page, context, problems } = await openPage(browser, file);

  // Only our own five script elements exist (options, Big-O, trace, wasm, player), and nothing injected an image or bold text.
  assert.equal(await page.locator('script').count(), 5);
  assert.equal(await page.locator('body img, #code b, #stdout b').count(), 0);
  assert.match(await page.locator('.line[data-line="6"] .text').textContent(), /greet\("<\/script><script>alert\(1\)<\/script>"\)/);

  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  const printing = await state(page);
  assert.equal(printing.counter, 'step 9 / 10');
  assert.equal(printing.newest, 'done \u{1F600}\n');
  assert.equal(printing.error, null);

  await page.keyboard.press('ArrowRight');
  const end = await state(page);
  assert.equal(end.counter, 'step 10 / 10');
  assert.equal(end.printed, '<b>hi</b> </script><script>alert(1)</script>\ndone \u{1F600}\n');
  assert.equal(end.newest, '', 'step 10 printed nothing new');
  assert.equal(end.error, 'ValueError: <img src=x onerror=alert(1)> (line 8)');
  assert.equal(await page.locator('.line.is-error').getAttribute('data-line'), '8');

  // The memory picture shows the string value as text too.
  const svgText = await page.locator('#memory svg').textContent();
  assert.ok(svgText.includes("'<b>hi</b> </script><script>alert(1)</script>"), svgText);
  assert.equal(await page.locator('#memory script, #memory b').count(), 0);

  assert.deepEqual(problems, []);
  await context.close();
});

test('a run stopped by the time budget shows + and why', async () => {
  const file = buildPage('crates/algoscope/tests/html_fixtures/truncated_by_time.json', 'time');
  const { page, context, problems } = await openPage(browser, file);
  assert.equal((await state(page)).counter, 'step 1 / 11+');
  assert.match(await page.locator('#truncated').textContent(), /time budget/);
  assert.ok(!(await page.locator('#sampled').isVisible()));
  await page.keyboard.press('End');
  const end = await state(page);
  assert.equal(end.counter, 'step 11 / 11+');
  assert.equal(end.printed, 'tick 1\ntick 2\ntick 3\n');
  assert.equal(end.newest, 'tick 3\n');
  assert.equal(end.error, null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a sampled loop says where steps ran unrecorded', async () => {
  const file = buildPage('crates/algoscope/tests/html_fixtures/sampled_loop.json', 'sampled');
  const { page, context, problems } = await openPage(browser, file);
  assert.ok(await page.locator('#sampled').isVisible());
  await page.locator('#slider').fill('6');
  assert.doesNotMatch((await state(page)).where, /unrecorded/);
  await page.keyboard.press('ArrowRight');
  assert.match((await state(page)).where, /1,990 steps of a long loop ran here unrecorded/);
  await page.keyboard.press('ArrowRight');
  assert.doesNotMatch((await state(page)).where, /unrecorded/);
  assert.deepEqual(problems, []);
  await context.close();
});
