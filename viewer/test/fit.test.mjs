// The scale math of the player's pictures without a page: fit mode, zoom by hand, and the
// scroll that keeps the point under the pointer in place.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_ZOOM, MIN_SCALE, ZOOM_STEP, clampZoom, fitScale, zoomScroll } from '../src/fit.js';

test('fit mode shrinks a wide picture to its pane, never below MIN_SCALE, never enlarges', () => {
  assert.equal(fitScale(500, 1000), 0.5);
  assert.equal(fitScale(800, 1000), 0.8);
  assert.equal(fitScale(1000, 1000), 1);
  assert.equal(fitScale(2000, 1000), 1, 'a narrow picture stays at 100%');
  assert.equal(fitScale(100, 1000), MIN_SCALE, 'below MIN_SCALE the pane scrolls instead');
  assert.equal(fitScale(MIN_SCALE * 1000, 1000), MIN_SCALE);
});

test('fit mode leaves a picture at 100% when the pane or the picture has no width', () => {
  for (const [room, width] of [[0, 100], [-5, 100], [NaN, 100], [undefined, 100], [500, 0], [500, NaN], [500, -1]]) {
    assert.equal(fitScale(room, width), 1, `room ${room}, width ${width}`);
  }
});

test('zoom by hand stays within MIN_SCALE and MAX_ZOOM', () => {
  assert.equal(clampZoom(1), 1);
  assert.equal(clampZoom(2.5), 2.5);
  assert.equal(clampZoom(0.01), MIN_SCALE);
  assert.equal(clampZoom(100), MAX_ZOOM);
  // The buttons reach the bounds in steps and stop there.
  let scale = 1;
  for (let k = 0; k < 20; k++) scale = clampZoom(scale * ZOOM_STEP);
  assert.equal(scale, MAX_ZOOM);
  for (let k = 0; k < 40; k++) scale = clampZoom(scale / ZOOM_STEP);
  assert.equal(scale, MIN_SCALE);
});

test('zooming keeps the diagram point under the pointer where it is', () => {
  const scroll = { left: 120, top: 40 };
  const point = { x: 300, y: 200 };
  const from = 0.5;
  const to = 2;
  const next = zoomScroll(scroll, point, from, to);
  // The point under the pointer, in diagram units, before and after.
  const before = [(scroll.left + point.x) / from, (scroll.top + point.y) / from];
  const after = [(next.left + point.x) / to, (next.top + point.y) / to];
  assert.deepEqual(after, before);
  assert.deepEqual(next, { left: 1380, top: 760 });
  // The same scale scrolls nowhere.
  assert.deepEqual(zoomScroll(scroll, point, 1.5, 1.5), scroll);
  // Zooming out around the top-left corner of an unscrolled pane stays at the corner.
  assert.deepEqual(zoomScroll({ left: 0, top: 0 }, { x: 0, y: 0 }, 2, 1), { left: 0, top: 0 });
});
