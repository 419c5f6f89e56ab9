// The loop pane of the player (viewer/src/player.js): the history of the loop running at the
// step, fitted to the pane or at 100%, its column heads pinned at the top while the rows
// scroll under them, and the current pass's row kept in view.
import { fitScale, fitSetting, roomOf, scaleSvg } from './fit.js';
import { forgetSvg, showSvg } from './patch.js';

/**
 * Where a pane scrolled as `at` (px) must scroll so that a row at `row.y`, `row.h` high
 * (diagram units) shows under heads `heads` units high, at `scale`; null when it shows.
 * @param {{y: number, h: number}} row
 * @param {{top: number, height: number}} at
 */
export function rowScrollTop(row, scale, at, heads) {
  const top = row.y * scale;
  const bottom = top + row.h * scale;
  if (top < at.top + heads * scale || bottom > at.top + at.height) return Math.max(0, bottom - at.height + 24);
  return null;
}

/**
 * The pane over `ui`, drawing `drawings`' loop histories: `show(i)` (whether the picture
 * changed), `showing` (whether a loop is drawn), `room()` and `fit(room)` as the memory
 * pane's, `rowScroll()` (the pane's scroll position and height; reads layout) and
 * `scrollToCurrentRow(at)` (`at` from `rowScroll`).
 * @param {{loops: HTMLElement, picture: HTMLElement, noLoop: HTMLElement, fit: HTMLElement}} ui
 * @param {{drawings: any, listen: Function}} context
 */
export function createLoopPane(ui, { drawings, listen }) {
  const picture = ui.picture;
  const fit = fitSetting('loops', ui.fit);
  let scale = 1;
  let shownLoop = null;
  /** The pinned heads' height (diagram units), 0 for none. */
  let headsHeight = 0;

  function show(i) {
    let svg = '';
    try {
      svg = drawings.loopSvg(i);
    } catch (err) {
      svg = ''; // the memory pane reports a step that cannot be drawn
    }
    const running = svg.length > 0;
    ui.noLoop.textContent = 'No loop running at this step.';
    ui.noLoop.hidden = running;
    ui.loops.classList.toggle('is-idle', !running);
    if (shownLoop === svg) return false;
    if (running) {
      // The pinned heads are a copy of the drawing's: made again for every drawing.
      for (const heads of picture.querySelectorAll(':scope > svg.loop-heads')) heads.remove();
      showSvg(picture, svg);
      pinColumnHeads();
    } else {
      picture.replaceChildren();
      forgetSvg(picture);
    }
    shownLoop = svg;
    return true;
  }

  // Repeats the drawing's column heads (names and indices, `g.loop-columns`, between y = 0
  // and its data-h) in a small SVG that sticks to the top of the pane while the rows scroll
  // under it. The copy covers the original exactly when the pane is scrolled to the top.
  function pinColumnHeads() {
    headsHeight = 0;
    const svg = picture.querySelector('svg');
    if (svg) svg.style.removeProperty('margin-top');
    const heads = svg && svg.querySelector('g.loop-columns[data-h]');
    if (!heads) return;
    const w = svg.getAttribute('width');
    const h = Number(heads.getAttribute('data-h'));
    // The namespace comes from the drawing itself, so the page names no address anywhere.
    const pinned = document.createElementNS(svg.namespaceURI, 'svg');
    pinned.setAttribute('class', svg.getAttribute('class') + ' loop-heads');
    pinned.setAttribute('width', w);
    pinned.setAttribute('height', String(h));
    pinned.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    const paper = document.createElementNS(svg.namespaceURI, 'rect');
    paper.setAttribute('class', 'paper');
    paper.setAttribute('width', '100%');
    paper.setAttribute('height', '100%');
    pinned.append(paper, heads.cloneNode(true));
    svg.style.marginTop = -h + 'px';
    picture.prepend(pinned);
    headsHeight = h;
  }

  function fitLoops(room) {
    const svgs = picture.querySelectorAll(':scope > svg');
    const main = picture.querySelector(':scope > svg:not(.loop-heads)');
    if (!main) return;
    const width = Number(main.getAttribute('width'));
    scale = fit.on ? fitScale(room ?? roomOf(picture), width) : 1;
    for (const svg of svgs) scaleSvg(svg, scale);
    // The pinned heads sit over the drawing's own, which is pulled up by their height.
    if (headsHeight) main.style.marginTop = -headsHeight * scale + 'px';
  }

  // The current pass's row (class `current` in the drawing) is placed from the renderer's
  // data-y/data-h (diagram units, times the fit scale in CSS px), so no layout is forced.
  function rowScroll() {
    return { top: picture.scrollTop, height: picture.clientHeight };
  }
  function scrollToCurrentRow(at) {
    const row = picture.querySelector('g.loop-row.current[data-y]');
    if (!row) return;
    const top = rowScrollTop({ y: Number(row.getAttribute('data-y')), h: Number(row.getAttribute('data-h')) }, scale, at, headsHeight);
    if (top !== null) picture.scrollTop = top;
  }

  listen(ui.fit, 'click', () => {
    fit.toggle();
    fitLoops();
    if (shownLoop) scrollToCurrentRow(rowScroll());
  });

  return {
    show,
    get showing() {
      return Boolean(shownLoop);
    },
    room: () => roomOf(picture),
    fit: fitLoops,
    rowScroll,
    scrollToCurrentRow,
  };
}
