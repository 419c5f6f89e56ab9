// The memory pane of the player (viewer/src/player.js): the step's picture, boxes sliding
// from where they were when the step is the next or previous one; fitted to the pane or
// zoomed by hand; boxes dragged and pinned; and, during a far jump's catch-up, what it does.
import { store, stored } from './dom.js';
import { ZOOM_STEP, clampZoom, fitScale, fitSetting, roomOf, scaleSvg, zoomScroll } from './fit.js';
import { attachGestures } from './gestures.js';
import { forgetSvg, showSvg } from './patch.js';

/**
 * The pane over `ui`, drawing `drawings`' memory pictures: `show(i, animate)` (whether the
 * picture changed), `room()` (its width for `fit`; reads layout), `fit(room)` (room measured
 * already, or measured now), `waiting(on, to, laidOut)`.
 *
 * Dragged boxes stay pinned at every step and, by key (the object's id), under the session's
 * `pins` name for later runs (the web app mounts a player per run); `onPin(key, at)` follows
 * each drop. `stepShown()` is the step shown (-1 for none).
 * @param {{memory: HTMLElement, fit: HTMLElement, zoomIn: HTMLElement, zoomOut: HTMLElement, unpin: HTMLElement, layingOut: HTMLElement}} ui
 * @param {{drawings: any, stepShown: () => number, pins: string, listen: Function, onPin: (key: string, at: [number, number]) => void}} context
 */
export function createMemoryPane(ui, { drawings, stepShown, pins, listen, onPin }) {
  const pane = ui.memory;
  let shownSvg = null;
  const fit = fitSetting('memory', ui.fit);
  /** The scale the picture is drawn at. */
  let scale = 1;
  /** The scale set by hand (zoom buttons, Ctrl + wheel, a pinch); null: Fit / 100%. */
  let zoom = null;

  // Where each top-level box is, by its data-key, read from the attributes the renderer wrote
  // (diagram units), never from layout, so stepping never forces a reflow.
  function boxPositions() {
    const at = new Map();
    for (const node of pane.querySelectorAll('g.node[data-key]')) {
      if (node.parentElement && node.parentElement.closest('g.node')) continue;
      at.set(node.getAttribute('data-key'), [Number(node.getAttribute('data-x')), Number(node.getAttribute('data-y'))]);
    }
    return at;
  }

  function show(i, animate) {
    let svg;
    try {
      svg = drawings.memorySvg(i);
    } catch (err) {
      pane.textContent = 'This step cannot be drawn: ' + (err && err.message);
      forgetSvg(pane);
      shownSvg = null;
      return false;
    }
    if (shownSvg === svg) return false;
    const before = animate ? boxPositions() : null;
    showSvg(pane, svg);
    shownSvg = svg;
    if (!before || typeof Element.prototype.animate !== 'function') return true;
    for (const [key, [x, y]] of boxPositions()) {
      const was = before.get(key);
      if (!was) continue;
      const dx = was[0] - x;
      const dy = was[1] - y;
      if (!dx && !dy) continue;
      const node = pane.querySelector('g.node[data-key="' + CSS.escape(key) + '"]');
      if (!node) continue;
      // A CSS transform replaces the group's transform attribute while it plays, so the
      // animation carries the group's own translation and slides from the old spot to it.
      const own = (node.getAttribute('transform') || '').match(/translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)/);
      const tx = own ? Number(own[1]) : 0;
      const ty = own ? Number(own[2]) : 0;
      node.animate(
        [
          { transform: 'translate(' + (tx + dx) + 'px,' + (ty + dy) + 'px)' },
          { transform: 'translate(' + tx + 'px,' + ty + 'px)' },
        ],
        { duration: 180, easing: 'ease-out' },
      );
    }
    return true;
  }

  function fitMemory(room) {
    const svg = pane.querySelector(':scope > svg');
    if (!svg) return;
    const width = Number(svg.getAttribute('width'));
    scale = zoom ?? (fit.on ? fitScale(room ?? roomOf(pane), width) : 1);
    scaleSvg(svg, scale);
  }

  listen(ui.fit, 'click', () => {
    if (zoom === null) {
      fit.toggle();
      fitMemory();
      return;
    }
    // Zoomed by hand: back to fitting the pane.
    zoom = null;
    if (!fit.on) fit.toggle();
    fit.show();
    fitMemory();
  });

  // Zoom: the buttons and Ctrl + wheel (a trackpad's pinch) scale the picture by hand, from
  // MIN_SCALE to MAX_ZOOM, keeping the point under the pointer (or the pane's centre) where
  // it is; the scale then holds from step to step until Fit is pressed.
  function zoomTo(wanted, at) {
    if (!pane.querySelector(':scope > svg')) return;
    const next = clampZoom(wanted);
    const box = pane.getBoundingClientRect();
    const point = { x: at ? at.x - box.left : pane.clientWidth / 2, y: at ? at.y - box.top : pane.clientHeight / 2 };
    const scroll = zoomScroll({ left: pane.scrollLeft, top: pane.scrollTop }, point, scale, next);
    zoom = next;
    fitMemory();
    ui.fit.textContent = Math.round(next * 100) + '%';
    ui.fit.setAttribute('aria-pressed', 'false');
    pane.scrollLeft = scroll.left;
    pane.scrollTop = scroll.top;
  }
  listen(ui.zoomIn, 'click', () => zoomTo(scale * ZOOM_STEP));
  listen(ui.zoomOut, 'click', () => zoomTo(scale / ZOOM_STEP));
  listen(pane, 'wheel', (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoomTo(scale * Math.exp(-event.deltaY * 0.002), { x: event.clientX, y: event.clientY });
  }, { passive: false });

  // Drag a box: press on a frame or an object (a tree or a graph moves as one block, by its
  // root) and move it. The picture is drawn again at each animation frame with the box pinned
  // where it is (the wasm layout routes the arrows to it and moves the other boxes out of its
  // way), at the scale it had when the drag began. Reset boxes forgets every pin.
  const pinsKey = 'algoscope-pins:' + pins;
  try {
    for (const [key, at] of Object.entries(JSON.parse(stored(pinsKey) || '{}'))) {
      if (Array.isArray(at) && at.length === 2 && at.every(Number.isFinite)) drawings.pin(key, at);
    }
  } catch (e) {
    // not ours: no pins
  }
  function pinsChanged(save) {
    ui.unpin.hidden = drawings.pins.size === 0;
    const i = stepShown();
    if (i >= 0 && show(i, false)) fitMemory();
    if (save) store(pinsKey, drawings.pins.size ? JSON.stringify(Object.fromEntries(drawings.pins)) : null);
  }
  ui.unpin.hidden = drawings.pins.size === 0;
  listen(ui.unpin, 'click', () => {
    drawings.unpinAll();
    pinsChanged(true);
  });
  // Pinch, pan and box drags (gestures.js): a drag keeps the picture's scale while the box
  // moves, draws the step with the box pinned at each frame, and keeps the pin on drop.
  let held = null;
  attachGestures(pane, {
    listen,
    scale: () => scale,
    zoomTo,
    drag: {
      start() {
        held = zoom;
        zoom = scale; // the picture keeps its scale while it grows under the pointer
      },
      move(key, at) {
        drawings.pin(key, at);
        pinsChanged(false);
      },
      drop(key, at) {
        zoom = held;
        drawings.pin(key, at);
        pinsChanged(true);
        fitMemory();
        onPin(key, at);
      },
    },
  });

  return {
    show,
    room: () => roomOf(pane),
    fit: fitMemory,
    /** Says the catch-up of a far jump is laying out the steps up to `to` (on), or nothing. */
    waiting(on, to, laidOut) {
      pane.classList.toggle('is-waiting', on);
      ui.layingOut.hidden = !on;
      if (on) ui.layingOut.textContent = 'Laying out the steps up to ' + (to + 1) + '… ' + Math.floor(((laidOut + 1) * 100) / (to + 1)) + '%';
    },
  };
}
