// Pointer gestures on the memory pane (the player's, viewer/src/player.js): a two-finger pinch
// zooms, dragging the background pans, dragging a box moves it. What a gesture does to the
// picture is the player's (hooks); this module only reads pointers and the drawing's data-*.

/**
 * The key a drag of `target` pins and where that box is (diagram units), or null when the
 * target is no box of `pane`'s picture: the outermost box (`g.node[data-key]`) around it; a
 * tree block (`g.tree[data-root]`) by its root's key, as the layout places it.
 * @param {HTMLElement} pane
 * @param {EventTarget | null} target
 * @returns {{key: string, at: [number, number]} | null}
 */
export function boxUnder(pane, target) {
  if (!(target instanceof Element)) return null;
  let top = target.closest('g.node[data-key]');
  if (!top || !pane.contains(top)) return null;
  for (let up = top.parentElement && top.parentElement.closest('g.node[data-key]'); up; up = up.parentElement && up.parentElement.closest('g.node[data-key]')) top = up;
  const block = top.closest('g.tree[data-root]');
  const key = block ? block.getAttribute('data-root') : top.getAttribute('data-key');
  const anchor = block ? pane.querySelector('g.node[data-key="' + CSS.escape(key) + '"]') : top;
  if (!anchor) return null;
  const at = [Number(anchor.getAttribute('data-x')), Number(anchor.getAttribute('data-y'))];
  return at.every(Number.isFinite) ? { key, at } : null;
}

/**
 * Listens on `pane` (through `listen`, so the player's destroy removes it all):
 * - two touch pointers: `zoomTo(scale at the start × spread ratio, midpoint)`;
 * - a mouse or pen drag on the background: scrolls the pane (a finger scrolls natively);
 * - a drag of a box (past 4 px): `drag.start()` once, `drag.move(key, [x, y])` at most once
 *   an animation frame (x, y: the box's new top-left in diagram units, at the scale the drag
 *   began with, never below 0), `drag.drop(key, [x, y])` at the end. A pinch pauses it.
 * @param {HTMLElement} pane
 * @param {{listen: Function, scale: () => number, zoomTo: (scale: number, at: {x: number, y: number}) => void,
 *   drag: {start: () => void, move: (key: string, at: [number, number]) => void, drop: (key: string, at: [number, number]) => void}}} hooks
 */
export function attachGestures(pane, { listen, scale, zoomTo, drag }) {
  const touches = new Map();
  let pinch = null;
  const spread = () => {
    const [a, b] = [...touches.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, at: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };
  listen(pane, 'pointerdown', (event) => {
    if (event.pointerType !== 'touch') return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.size === 2) pinch = { d: spread().d, scale: scale() };
  });
  listen(pane, 'pointermove', (event) => {
    if (!touches.has(event.pointerId)) return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch === null || touches.size !== 2) return;
    event.preventDefault();
    const now = spread();
    zoomTo(pinch.scale * (now.d / pinch.d), now.at);
  });
  const lift = (event) => {
    touches.delete(event.pointerId);
    if (touches.size !== 2) pinch = null;
  };
  listen(pane, 'pointerup', lift);
  listen(pane, 'pointercancel', lift);

  /** Follows one pointer from `event` until it is lifted: `move(m)` for each move, then `end()`. */
  const follow = (event, move, end) => {
    const id = event.pointerId;
    pane.setPointerCapture(id);
    const moved = (m) => {
      if (m.pointerId === id) move(m);
    };
    const done = (m) => {
      if (m.pointerId !== id) return; // another finger lifted: this pointer goes on
      pane.removeEventListener('pointermove', moved);
      pane.removeEventListener('pointerup', done);
      pane.removeEventListener('pointercancel', done);
      end();
    };
    pane.addEventListener('pointermove', moved);
    pane.addEventListener('pointerup', done);
    pane.addEventListener('pointercancel', done);
  };

  listen(pane, 'pointerdown', (event) => {
    if (event.pointerType === 'touch') return;
    if (event.button !== 0 || !(event.target instanceof Element) || event.target.closest('g.node, button, a')) return;
    if (pane.scrollWidth <= pane.clientWidth && pane.scrollHeight <= pane.clientHeight) return;
    const start = { x: event.clientX, y: event.clientY, left: pane.scrollLeft, top: pane.scrollTop };
    event.preventDefault();
    pane.classList.add('is-panning');
    follow(
      event,
      (m) => {
        pane.scrollLeft = start.left - (m.clientX - start.x);
        pane.scrollTop = start.top - (m.clientY - start.y);
      },
      () => pane.classList.remove('is-panning'),
    );
  });

  listen(pane, 'pointerdown', (event) => {
    if (event.button !== 0) return;
    const box = boxUnder(pane, event.target);
    if (!box) return;
    event.preventDefault();
    const k = scale();
    const origin = { x: event.clientX, y: event.clientY };
    let moved = false;
    let frame = null;
    let at = box.at;
    follow(
      event,
      (m) => {
        if (pinch !== null) return; // a second finger: the pinch zooms, the box stays
        const dx = (m.clientX - origin.x) / k;
        const dy = (m.clientY - origin.y) / k;
        if (!moved && Math.hypot(dx, dy) * k < 4) return;
        if (!moved) {
          moved = true;
          pane.classList.add('is-dragging');
          drag.start();
        }
        at = [Math.max(0, Math.round(box.at[0] + dx)), Math.max(0, Math.round(box.at[1] + dy))];
        if (frame === null) {
          frame = requestAnimationFrame(() => {
            frame = null;
            drag.move(box.key, at);
          });
        }
      },
      () => {
        if (!moved) return;
        if (frame !== null) cancelAnimationFrame(frame);
        pane.classList.remove('is-dragging');
        drag.drop(box.key, at);
      },
    );
  });
}
