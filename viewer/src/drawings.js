// The pictures of the player's steps (viewer/src/player.js), drawn by its wasm viewer when a
// step is first looked at and kept (the latest KEEP steps of each kind), so stepping back and
// forth redraws nothing. Drawing step i lays out every step before it not laid out yet: boxes
// stay put from step to step, as the command line's pictures do.

/** How many steps' pictures of each kind are kept. */
export const KEEP = 400;

/** `draw(i)` kept for the latest `size` steps asked for; `.clear()` forgets them all. */
export function keep(draw, size = KEEP) {
  const kept = new Map();
  const get = function (i) {
    if (kept.has(i)) return kept.get(i);
    const svg = draw(i);
    kept.set(i, svg);
    if (kept.size > size) kept.delete(kept.keys().next().value);
    return svg;
  };
  get.clear = () => kept.clear();
  return get;
}

/** An SVG's stylesheet (the text of its first `<style>`) and the SVG without it; null without one. */
export function splitStyle(svg) {
  const m = /<style>([\s\S]*?)<\/style>/.exec(svg);
  if (!m) return null;
  return { sheet: m[1], svg: svg.slice(0, m.index) + svg.slice(m.index + m[0].length) };
}

/**
 * The pictures of `timeline`'s steps drawn by `viewer` (a wasm `Viewer`), with the boxes a
 * person dragged pinned where they were dropped (`pins`: box key → top-left, diagram units).
 * Every SVG carries its stylesheet, so that a saved picture draws alone; a `<style>` parsed
 * into the page restyles the whole document, at every step, so each distinct sheet is
 * installed once in `root` (removed through `cleanups`) and the pictures come without theirs.
 * @param {any} viewer
 * @param {{root: HTMLElement, timeline: any, cleanups: Array<() => void>}} where
 */
export function createDrawings(viewer, { root, timeline, cleanups }) {
  /** The last step the viewer has laid out (its box positions kept), -1 for none. */
  let laidOut = -1;
  const pins = new Map();
  const sheets = new Set();
  function withoutStyle(svg) {
    const split = splitStyle(svg);
    if (!split) return svg;
    if (!sheets.has(split.sheet)) {
      sheets.add(split.sheet);
      const sheet = document.createElement('style');
      sheet.className = 'algoscope-sheet';
      sheet.textContent = split.sheet;
      root.append(sheet);
      cleanups.push(() => sheet.remove());
    }
    return split.svg;
  }
  const memorySvg = keep((i) => {
    const svg = pins.size ? viewer.memorySvgPinned(i, [...pins.keys()].join('\n'), new Float64Array([...pins.values()].flat())) : viewer.memorySvg(i);
    laidOut = Math.max(laidOut, i);
    return withoutStyle(svg);
  });
  const inLoop = timeline.steps.inLoop;
  const loopSvg = keep((i) => (inLoop[i] ? withoutStyle(viewer.loopSvg(i) || '') : ''));
  return {
    /** Step `i`'s memory picture (throws when it cannot be drawn). */
    memorySvg,
    /** Step `i`'s loop history, '' when no loop runs there. */
    loopSvg,
    get laidOut() {
      return laidOut;
    },
    /** Lays out the steps up to `i`. */
    prepare(i) {
      viewer.prepare(i);
      laidOut = Math.max(laidOut, i);
    },
    /** Counts the steps up to `i` as laid out (one failed: drawing it reports it). */
    skipTo(i) {
      laidOut = Math.max(laidOut, i);
    },
    /** The pinned boxes (read only: `pin` and `unpinAll` change them). */
    pins,
    /** Pins the box `key` at `at` ([x, y], diagram units) from now on. */
    pin(key, at) {
      pins.set(key, at);
      memorySvg.clear();
    },
    unpinAll() {
      pins.clear();
      memorySvg.clear();
    },
    /** Draws with `made` (a viewer with other draw options) from now on; frees the old one. */
    replace(made) {
      viewer.free();
      viewer = made;
      laidOut = -1;
      memorySvg.clear();
      loopSvg.clear();
    },
    free() {
      viewer.free();
    },
  };
}
