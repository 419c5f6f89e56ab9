// Text from the traced program is shown as text: markup in the source, the printed output,
// string values and the error message never becomes elements or runs.
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
  const file = buildPage('crates/cli/tests/html_fixtures/hostile_text.json', 'hostile');
  const { page, context, problems } = await openPage(browser, file);

  // Only our own two script elements exist, and nothing injected an image or bold text.
  assert.equal(await page.locator('script').count(), 2);
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
