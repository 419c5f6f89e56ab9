// Fit and zoom of the player's pictures (the memory and loop panes, viewer/src/player.js).
// Fit mode, per pane: the picture is drawn at a scale that fits its width to the pane's
// content box (never above 1, never below MIN_SCALE, below which the pane scrolls instead)
// by setting its CSS width and height; its viewBox maps the diagram units onto them, so the
// renderer's data-x/y/w/h are untouched and stay in diagram units. Off: the picture at 100%
// (1 unit = 1 px), the pane scrolls. The choice is kept for the page's session.
import { store, stored } from './dom.js';

/** The smallest scale a picture is drawn at, fitted or zoomed. */
export const MIN_SCALE = 0.4;
/** The largest scale zooming by hand reaches. */
export const MAX_ZOOM = 4;
/** How much a zoom button scales by. */
export const ZOOM_STEP = 1.25;

/** The scale fit mode gives a picture `width` units wide in `room` px (1 when either is unknown). */
export function fitScale(room, width) {
  if (!(width > 0) || !(room > 0)) return 1;
  return Math.max(MIN_SCALE, Math.min(1, room / width));
}

/** A scale asked for by hand, within MIN_SCALE and MAX_ZOOM. */
export function clampZoom(scale) {
  return Math.max(MIN_SCALE, Math.min(MAX_ZOOM, scale));
}

/**
 * Where a pane scrolled at `scroll` must scroll once its picture goes from scale `from` to
 * `to`, so that the diagram point under `point` (px from the pane's top-left) stays there.
 * @param {{left: number, top: number}} scroll
 * @param {{x: number, y: number}} point
 */
export function zoomScroll(scroll, point, from, to) {
  const x = (scroll.left + point.x) / from;
  const y = (scroll.top + point.y) / from;
  return { left: x * to - point.x, top: y * to - point.y };
}

/** The width (px) of `box`'s content, padding excluded. Reads layout. */
export function roomOf(box) {
  const style = getComputedStyle(box);
  return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

/** Draws `svg` at `scale` (1: its own width and height attributes). */
export function scaleSvg(svg, scale) {
  if (scale === 1) {
    svg.style.removeProperty('width');
    svg.style.removeProperty('height');
    return;
  }
  svg.style.width = Number(svg.getAttribute('width')) * scale + 'px';
  svg.style.height = Number(svg.getAttribute('height')) * scale + 'px';
}

/**
 * The Fit / 100% choice of the pane `name` (on unless the session says off), shown on its
 * `button`: `on`, `toggle()` (flips, keeps and shows it) and `show()`.
 * @param {string} name
 * @param {HTMLElement} button
 */
export function fitSetting(name, button) {
  let on = stored('algoscope-fit-' + name) !== 'off';
  const show = () => {
    button.textContent = on ? 'Fit' : '100%';
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
  };
  show();
  return {
    get on() {
      return on;
    },
    toggle() {
      on = !on;
      store('algoscope-fit-' + name, on ? 'on' : 'off');
      show();
    },
    show,
  };
}

/**
 * Calls each pane's refit when the pane changes width (window resized, loop pane appearing);
 * the observer is disconnected through `cleanups`.
 * @param {Map<Element, () => void>} panes
 * @param {Array<() => void>} cleanups
 */
export function refitOnResize(panes, cleanups) {
  if (typeof ResizeObserver !== 'function') return;
  const widths = new Map();
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const w = entry.contentRect.width;
      if (widths.get(entry.target) === w) continue;
      widths.set(entry.target, w);
      panes.get(entry.target)();
    }
  });
  for (const pane of panes.keys()) observer.observe(pane);
  cleanups.push(() => observer.disconnect());
}
