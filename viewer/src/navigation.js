// Navigation of the player (viewer/src/player.js): the step shown, moves to another (clamped
// to the run), playback at a steady pace, the keys that step and the address's `#step=N`.
// No DOM: what a move shows is the player's (`draw`), and the timers are given.

/** Milliseconds between two steps of playback at 1× (the speed divides it). */
export const PLAY_MS = 700;

/** The step `target` is within a run of `total` steps (0-based; fractions dropped). */
export function clampStep(target, total) {
  return Math.max(0, Math.min(total - 1, target | 0));
}

/** `#step=N` (1-based, as the CLI's --step) or `#step=last` as a 0-based step; null for anything else. */
export function stepFromHash(hash, total) {
  const m = /^#step=(\d+|last)$/.exec(hash);
  if (!m) return null;
  return m[1] === 'last' ? total - 1 : Number(m[1]) - 1;
}

/** The address's hash for step `i` (0-based). */
export function stepHash(i) {
  return '#step=' + (i + 1);
}

/** Puts step `i` in the address without a history entry. */
export function replaceHash(i) {
  try {
    history.replaceState(null, '', stepHash(i));
  } catch (e) {
    // Some file:// contexts refuse history changes; the page works without them.
  }
}

/**
 * What a key press does at step `current` of `total`: `'play'` (Space: play or pause), the
 * step to go to (arrows by 1, Shift + arrows by 10, Home, End; unclamped), or null (not ours:
 * other keys, and any with Alt, Ctrl or Meta).
 * @param {{key: string, shiftKey?: boolean, altKey?: boolean, ctrlKey?: boolean, metaKey?: boolean}} event
 * @returns {'play' | number | null}
 */
export function keyMove(event, current, total) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === ' ' && !event.shiftKey) return 'play';
  const moves = event.shiftKey
    ? { ArrowLeft: current - 10, ArrowRight: current + 10 }
    : { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total - 1 };
  return event.key in moves ? moves[event.key] : null;
}

/**
 * The step shown (-1 before the first move) and playback, over a run of `total` steps.
 * `draw(i, from, options)` shows step `i` after a move from `from`; `options` are the move's
 * (`playing`: a move of playback or a redraw, which does not pause; the others are the
 * player's). Playback moves one step every PLAY_MS / `speed()` ms, stops at the last step,
 * and any other move pauses it; `onPlay` / `onPause` follow it.
 * @param {{total: number, draw: (i: number, from: number, options: object) => void, speed: () => number,
 *   onPlay: () => void, onPause: () => void, timers?: {setInterval: Function, clearInterval: Function}}} hooks
 */
export function createNavigation({ total, draw, speed, onPlay, onPause, timers = browserTimers() }) {
  let current = -1;
  let playing = null;

  /** Shows step `target` (clamped to the run) unless it is shown; pauses playback unless `options.playing`. */
  function go(target, options = {}) {
    if (total === 0) return;
    if (!options.playing) pause();
    const i = clampStep(target, total);
    if (i === current) return;
    const from = current;
    current = i;
    draw(i, from, options);
  }
  function tick() {
    if (current >= total - 1) pause();
    else go(current + 1, { playing: true });
  }
  /** Plays from the step shown (from the first at the last); nothing when playing or under two steps. */
  function play() {
    if (playing !== null || total < 2) return;
    if (current >= total - 1) go(0);
    playing = timers.setInterval(tick, PLAY_MS / speed());
    onPlay();
  }
  function pause() {
    if (playing === null) return;
    timers.clearInterval(playing);
    playing = null;
    onPause();
  }
  return {
    get step() {
      return current;
    },
    get playing() {
      return playing !== null;
    },
    go,
    play,
    pause,
    /** Plays when paused, pauses when playing. */
    toggle() {
      if (playing === null) play();
      else pause();
    },
    /** Draws the step shown afresh (a move from nowhere: nothing slides), without pausing. */
    redraw(options) {
      if (current < 0) return;
      const i = current;
      current = -1;
      go(i, { ...options, playing: true });
    },
    /** Playback at the pace `speed()` gives now (after the speed changed). */
    retime() {
      if (playing === null) return;
      timers.clearInterval(playing);
      playing = timers.setInterval(tick, PLAY_MS / speed());
    },
  };
}

function browserTimers() {
  return { setInterval: (f, ms) => setInterval(f, ms), clearInterval: (id) => clearInterval(id) };
}
