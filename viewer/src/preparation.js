// Work the player (viewer/src/player.js) does ahead of the person, in slices that leave the
// page responsive: far jumps caught up in bounded time, the steps beside the one shown drawn
// while the page is idle, and every step laid out in the background. No DOM: the drawings,
// the step aimed at and the clock are given.
//
// Far jumps: drawing step i lays out every step before it not laid out yet, a few ms a step
// on a large run. A jump further past the laid-out steps than about FAR_MS of work shows the
// step's text at once (the player's), then lays out the steps between in slices of SLICE_MS,
// yielding to the page after each (a new jump retargets), and has the pictures drawn when it
// gets there.

/** About how long (ms) of layout a jump may cost before it is caught up in slices. */
export const FAR_MS = 50;
/** How long (ms) one slice of a catch-up lays out before yielding. */
export const SLICE_MS = 24;
/** Steps laid out per idle slice in the background. */
export const PREPARE_SLICE = 25;

/**
 * @param {{drawings: {laidOut: number, prepare: (i: number) => void, skipTo: (i: number) => void,
 *   memorySvg: (i: number) => string, loopSvg: (i: number) => string},
 *   total: number, target: () => number, arrive: (options: object) => void,
 *   waiting: (step: number, laidOut: number) => void,
 *   clock?: {now: () => number, setTimeout: Function, clearTimeout: Function, idle: Function, cancelIdle: Function}}} hooks
 *   `target()`: the step a catch-up aims at (the step shown); `arrive(options)`: draws it,
 *   with the options of the jump that started the catch-up; `waiting(step, laidOut)`: the
 *   catch-up goes on towards `step`
 */
export function createPreparation({ drawings, total, target, arrive, waiting, clock = browserClock() }) {
  let stopped = false;
  let msPerStep = 1;
  let catching = null;
  let neighbours = null;
  let preparing = 0;
  const farSteps = () => Math.max(4, Math.floor(FAR_MS / msPerStep));

  return {
    /** Whether showing step `i` now would lay out more than about FAR_MS of steps. */
    isFar(i) {
      return i > drawings.laidOut + farSteps();
    },

    /** Lays out the steps up to `target()` in slices, then `arrive(options)`; retargets when one runs. */
    catchUp(options) {
      waiting(target(), drawings.laidOut);
      if (catching !== null) return; // the slice running reads `target()`
      const slice = () => {
        catching = null;
        if (stopped) return;
        const to = target();
        const start = clock.now();
        let done = 0;
        try {
          while (drawings.laidOut < to - 1 && clock.now() - start < SLICE_MS) {
            drawings.prepare(drawings.laidOut + 1);
            done += 1;
          }
        } catch (err) {
          drawings.skipTo(to - 1); // drawing the step reports it
        }
        if (done > 0) msPerStep = 0.7 * msPerStep + 0.3 * ((clock.now() - start) / done);
        if (drawings.laidOut < to - 1) {
          waiting(to, drawings.laidOut);
          catching = clock.setTimeout(slice, 0);
          return;
        }
        arrive(options);
      };
      catching = clock.setTimeout(slice, 0);
    },

    /** Drops a pending catch-up (a near move needs it no more). */
    cancelCatchUp() {
      if (catching === null) return;
      clock.clearTimeout(catching);
      catching = null;
    },

    /** Once step `i` is on screen, draws the steps beside it while the page is idle, so Next
     * and Prev find their pictures ready. */
    neighbours(i) {
      if (neighbours !== null) clock.cancelIdle(neighbours);
      neighbours = clock.idle(() => {
        neighbours = null;
        for (const j of [i + 1, i - 1]) {
          if (stopped || j < 0 || j >= total) continue;
          try {
            drawings.memorySvg(j);
            drawings.loopSvg(j);
          } catch (err) {
            // reported when that step is shown
          }
        }
      });
    },

    /** Lays out the steps not laid out yet, a slice at a time while the page is idle, so a
     * later jump costs one layout rather than one per step before it. Called again (new draw
     * options), it starts over and the earlier run stops. */
    inBackground() {
      let next = 0;
      const mine = ++preparing;
      const slice = () => {
        if (stopped || next >= total || mine !== preparing) return;
        next = Math.min(total - 1, Math.max(next, drawings.laidOut + 1) + PREPARE_SLICE);
        try {
          drawings.prepare(next);
        } catch (err) {
          return; // the step that fails is reported when it is shown
        }
        next += 1;
        clock.idle(slice);
      };
      clock.idle(slice);
    },

    /** Stops everything pending, for good. */
    stop() {
      stopped = true;
      if (neighbours !== null) clock.cancelIdle(neighbours);
      if (catching !== null) clock.clearTimeout(catching);
    },
  };
}

function browserClock() {
  return {
    now: () => performance.now(),
    setTimeout: (f, ms) => setTimeout(f, ms),
    clearTimeout: (id) => clearTimeout(id),
    idle: globalThis.requestIdleCallback ? (f) => requestIdleCallback(f) : (f) => setTimeout(f, 16),
    cancelIdle: globalThis.cancelIdleCallback ? (id) => cancelIdleCallback(id) : (id) => clearTimeout(id),
  };
}
