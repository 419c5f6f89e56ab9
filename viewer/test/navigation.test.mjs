// The player's navigation without a page: clamping, the address's #step=N, the keys, and
// playback on a fake clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PLAY_MS, clampStep, createNavigation, keyMove, stepFromHash, stepHash } from '../src/navigation.js';
import { fakeClock } from './fake-clock.mjs';

/** A navigation over `total` steps recording each draw and each play / pause. */
function navigation(total, { speed = 1 } = {}) {
  const clock = fakeClock();
  const log = [];
  const pace = { speed };
  const nav = createNavigation({
    total,
    draw: (i, from, options) => log.push(['draw', i, from, { ...options }]),
    speed: () => pace.speed,
    onPlay: () => log.push(['play']),
    onPause: () => log.push(['pause']),
    timers: clock,
  });
  const steps = () => log.filter((e) => e[0] === 'draw').map((e) => e[1]);
  return { nav, clock, log, pace, steps };
}

test('steps are clamped to the run and fractions dropped', () => {
  assert.equal(clampStep(-5, 10), 0);
  assert.equal(clampStep(3, 10), 3);
  assert.equal(clampStep(3.9, 10), 3);
  assert.equal(clampStep(10, 10), 9);
  assert.equal(clampStep(1e9, 10), 9);
  assert.equal(clampStep(NaN, 10), 0);
});

test('#step=N is 1-based, #step=last the last step; anything else is no step', () => {
  assert.equal(stepFromHash('#step=1', 20), 0);
  assert.equal(stepFromHash('#step=17', 20), 16);
  assert.equal(stepFromHash('#step=last', 20), 19);
  for (const hash of ['', '#', '#step=', '#step=-1', '#step=1.5', '#step=abc', '#step=3x', '#steps=3', 'step=3', '#step=LAST']) {
    assert.equal(stepFromHash(hash, 20), null, hash);
  }
  // Past the end is left to the clamp.
  assert.equal(stepFromHash('#step=99', 20), 98);
  assert.equal(stepHash(0), '#step=1');
  assert.equal(stepFromHash(stepHash(41), 50), 41);
});

test('keys: arrows by 1, Shift + arrows by 10, Home, End, Space; modifiers are not ours', () => {
  const at = (key, mods = {}) => keyMove({ key, ...mods }, 30, 100);
  assert.equal(at('ArrowLeft'), 29);
  assert.equal(at('ArrowRight'), 31);
  assert.equal(at('ArrowLeft', { shiftKey: true }), 20);
  assert.equal(at('ArrowRight', { shiftKey: true }), 40);
  assert.equal(at('Home'), 0);
  assert.equal(at('End'), 99);
  assert.equal(at('Home', { shiftKey: true }), null);
  assert.equal(at(' '), 'play');
  assert.equal(at(' ', { shiftKey: true }), null);
  assert.equal(at('a'), null);
  assert.equal(at('Enter'), null);
  for (const mod of ['altKey', 'ctrlKey', 'metaKey']) {
    assert.equal(at('ArrowRight', { [mod]: true }), null, mod);
    assert.equal(at(' ', { [mod]: true }), null, mod);
  }
});

test('a move draws the clamped step once, from the step before', () => {
  const { nav, log } = navigation(10);
  assert.equal(nav.step, -1);
  nav.go(3, { fromHash: true });
  assert.equal(nav.step, 3);
  nav.go(3);
  nav.go(3.5);
  nav.go(50);
  nav.go(-2);
  assert.deepEqual(log, [
    ['draw', 3, -1, { fromHash: true }],
    ['draw', 9, 3, {}],
    ['draw', 0, 9, {}],
  ]);
});

test('an empty run draws nothing and does not play', () => {
  const { nav, log, clock } = navigation(0);
  nav.go(0);
  nav.play();
  nav.toggle();
  assert.deepEqual(log, []);
  assert.equal(nav.playing, false);
  assert.equal(clock.pending.timers, 0);
});

test('a run of one step does not play', () => {
  const { nav, log } = navigation(1);
  nav.go(0);
  nav.play();
  assert.equal(nav.playing, false);
  assert.deepEqual(log.map((e) => e[0]), ['draw']);
});

test('playback steps every PLAY_MS / speed, stops at the last step, and starts over there', () => {
  const { nav, clock, log, steps } = navigation(4, { speed: 2 });
  nav.go(1);
  nav.play();
  assert.equal(nav.playing, true);
  assert.equal(clock.interval, PLAY_MS / 2);
  clock.advance(PLAY_MS / 2 - 1);
  assert.deepEqual(steps(), [1], 'not before its time');
  clock.advance(1);
  assert.deepEqual(steps(), [1, 2]);
  clock.advance(PLAY_MS / 2);
  assert.deepEqual(steps(), [1, 2, 3]);
  assert.equal(nav.playing, true, 'it reached the last step: the next tick stops it');
  clock.advance(PLAY_MS / 2);
  assert.equal(nav.playing, false);
  assert.equal(clock.pending.timers, 0);
  clock.advance(10 * PLAY_MS);
  assert.deepEqual(steps(), [1, 2, 3]);
  // Ticks are moves of playback: they do not pause it.
  assert.deepEqual(log.filter((e) => e[0] === 'draw').slice(1).map((e) => e[3]), [{ playing: true }, { playing: true }]);
  assert.deepEqual(log.filter((e) => e[0] !== 'draw'), [['play'], ['pause']]);

  // Play at the last step starts from the first.
  log.length = 0;
  nav.play();
  assert.deepEqual(log.map((e) => e.slice(0, 3)), [['draw', 0, 3], ['play']]);
  clock.advance(PLAY_MS / 2);
  assert.equal(nav.step, 1);
  nav.pause();
});

test('any other move pauses playback; Space toggles it', () => {
  const { nav, clock, log } = navigation(20);
  nav.go(0);
  nav.toggle();
  clock.advance(PLAY_MS * 3);
  assert.equal(nav.step, 3);
  log.length = 0;
  nav.go(nav.step + 1);
  assert.deepEqual(log.map((e) => e[0]), ['pause', 'draw'], 'paused before the move is drawn');
  assert.equal(nav.playing, false);
  clock.advance(PLAY_MS * 5);
  assert.equal(nav.step, 4, 'paused: no step moved');
  nav.toggle();
  assert.equal(nav.playing, true);
  nav.toggle();
  assert.equal(nav.playing, false);
  // A move to the step shown pauses too, though it draws nothing.
  nav.play();
  log.length = 0;
  nav.go(nav.step);
  assert.deepEqual(log, [['pause']]);
});

test('a speed change retimes playback, and only while it plays', () => {
  const { nav, clock, pace } = navigation(100);
  nav.go(0);
  pace.speed = 4;
  nav.retime();
  assert.equal(clock.pending.timers, 0, 'paused: nothing to retime');
  nav.play();
  assert.equal(clock.interval, PLAY_MS / 4);
  pace.speed = 0.5;
  nav.retime();
  assert.equal(clock.interval, PLAY_MS / 0.5);
  clock.advance(PLAY_MS);
  assert.equal(nav.step, 0);
  clock.advance(PLAY_MS);
  assert.equal(nav.step, 1);
  nav.pause();
});

test('redraw draws the step shown afresh, as from nowhere, without pausing', () => {
  const { nav, log } = navigation(10);
  nav.redraw({ quiet: true });
  assert.deepEqual(log, [], 'nothing shown yet: nothing to redraw');
  nav.go(5);
  nav.play();
  log.length = 0;
  nav.redraw({ quiet: true, fromHash: true });
  assert.deepEqual(log, [['draw', 5, -1, { quiet: true, fromHash: true, playing: true }]]);
  assert.equal(nav.step, 5);
  assert.equal(nav.playing, true);
  nav.pause();
});
